/**
 * A portal's logo and favicon: what an upload may be (PNG within pixel limits, ICO for favicons,
 * SVG once sanitised), where it is stored and the address it is served from (decision 058).
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { BRANDING_LIMITS, type BrandingAsset } from '@leerpad/core';
import sanitizeHtml from 'sanitize-html';
import { Invalid } from '../../domain/errors';
import type { FileStorage } from '../../storage/file-storage';

export type BrandingExtension = 'png' | 'svg' | 'ico';

export const BRANDING_CONTENT_TYPES: Record<BrandingExtension, string> = {
  png: 'image/png',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
};

/** The stored name of an upload in its address: a random id and the type's extension. */
export const BRANDING_FILE_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|svg|ico)$/;

export const brandingPath = (portalId: number, asset: BrandingAsset, name: string) =>
  `/api/v1/portals/${portalId}/${asset}/${name}`;

export const brandingStorageKey = (portalId: number, asset: BrandingAsset, name: string) =>
  `portal-${portalId}/branding/${asset}-${name}`;

/** The stored name behind an address of ours, or null for an external address (or none). */
export function brandingNameOf(
  url: string | null | undefined,
  portalId: number,
  asset: BrandingAsset,
): string | null {
  const prefix = brandingPath(portalId, asset, '');
  if (!url?.startsWith(prefix)) return null;
  const name = url.slice(prefix.length);
  return BRANDING_FILE_NAME.test(name) ? name : null;
}

export interface CheckedImage {
  extension: BrandingExtension;
  bytes: Buffer;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function invalid(code: string, detail: string, meta?: Record<string, unknown>): Invalid {
  return new Invalid([{ pointer: '/file', code, detail, ...(meta ? { meta } : {}) }]);
}

/** Width and height from a PNG's IHDR chunk (right after the signature), or null when it has none. */
export function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The sizes of an ICO file's images from its directory (a 0 byte means 256), or null when it is not one. */
export function icoSizes(bytes: Buffer): Array<{ width: number; height: number }> | null {
  if (bytes.length < 6 || bytes.readUInt16LE(0) !== 0 || bytes.readUInt16LE(2) !== 1) return null;
  const count = bytes.readUInt16LE(4);
  if (count === 0 || bytes.length < 6 + count * 16) return null;
  return Array.from({ length: count }, (_, index) => {
    const entry = 6 + index * 16;
    return { width: bytes[entry] || 256, height: bytes[entry + 1] || 256 };
  });
}

const SVG_TAGS = [
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
];

const SVG_ATTRIBUTES = [
  'xmlns',
  'xmlns:xlink',
  'version',
  'id',
  'class',
  'viewBox',
  'preserveAspectRatio',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'd',
  'points',
  'transform',
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'clip-path',
  'mask',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'opacity',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'dx',
  'dy',
  'role',
  'aria-label',
  'aria-hidden',
  'href',
  'xlink:href',
];

/** A value that refers to anything but a fragment of the same document: url(http…), url(data:…). */
const EXTERNAL_URL = /url\(\s*['"]?\s*(?!#)/i;

/**
 * An SVG with only drawing elements and presentation attributes left: no scripts, event handlers,
 * styles, `foreignObject`, images, links, or references outside the document (`href`/`xlink:href`
 * must be `#fragment`). Everything before the root element (XML declaration, DOCTYPE with its
 * entities, comments) is dropped.
 */
export function sanitiseSvg(text: string): string {
  const start = text.search(/<svg[\s>]/i);
  const end = text.toLowerCase().lastIndexOf('</svg>');
  if (start < 0 || end < start) return '';
  const root = text.slice(start, end + '</svg>'.length);
  const clean = sanitizeHtml(root, {
    parser: { xmlMode: true },
    allowedTags: SVG_TAGS,
    allowedAttributes: { '*': SVG_ATTRIBUTES },
    // Elements whose content is dropped with them, not kept as loose text.
    nonTextTags: ['script', 'style', 'foreignObject', 'textarea', 'option', 'noscript', 'iframe', 'object'],
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: ['href', 'xlink:href'],
    allowProtocolRelative: false,
    transformTags: {
      '*': (tagName, attribs) => ({
        tagName,
        attribs: Object.fromEntries(
          Object.entries(attribs).filter(
            ([name, value]) =>
              !EXTERNAL_URL.test(value) &&
              !((name === 'href' || name === 'xlink:href') && !value.trim().startsWith('#')),
          ),
        ),
      }),
    },
  });
  return /^<svg[\s>]/.test(clean) ? clean : '';
}

function checkPixels(asset: BrandingAsset, sizes: Array<{ width: number; height: number }>) {
  const limits = BRANDING_LIMITS[asset];
  for (const { width, height } of sizes) {
    const fits =
      width <= limits.maxWidth &&
      height <= limits.maxHeight &&
      width >= limits.minSize &&
      height >= limits.minSize;
    if (!fits)
      throw invalid(
        'BRANDING_IMAGE_DIMENSIONS',
        `The image is ${width}×${height} pixels; a ${asset} may be at most ${limits.maxWidth}×${limits.maxHeight} and at least ${limits.minSize}×${limits.minSize}.`,
        {
          width,
          height,
          max_width: limits.maxWidth,
          max_height: limits.maxHeight,
          min_size: limits.minSize,
        },
      );
  }
}

/** Checks an upload by its content (never by its name or declared type) and returns what to store. */
export function checkBrandingImage(asset: BrandingAsset, bytes: Buffer): CheckedImage {
  const limits = BRANDING_LIMITS[asset];
  if (bytes.length > limits.maxBytes)
    throw invalid('BRANDING_IMAGE_TOO_LARGE', `A ${asset} may be at most ${limits.maxBytes} bytes.`, {
      max_bytes: limits.maxBytes,
    });
  const png = pngSize(bytes);
  if (png) {
    checkPixels(asset, [png]);
    return { extension: 'png', bytes };
  }
  const ico = asset === 'favicon' ? icoSizes(bytes) : null;
  if (ico) {
    checkPixels(asset, ico);
    return { extension: 'ico', bytes };
  }
  const text = bytes.toString('utf8');
  if (/<svg[\s>]/i.test(text.slice(0, 4096))) {
    const clean = sanitiseSvg(text);
    if (!clean)
      throw invalid(
        'BRANDING_SVG_EMPTY',
        'Nothing drawable is left in this SVG once scripts and external references are removed.',
      );
    return { extension: 'svg', bytes: Buffer.from(clean, 'utf8') };
  }
  throw invalid(
    'BRANDING_IMAGE_TYPE',
    asset === 'favicon' ? 'Upload a PNG, ICO or SVG image.' : 'Upload a PNG or SVG image.',
  );
}

/** Stores a checked image under a new name and returns its address. */
export async function storeBrandingImage(
  storage: FileStorage,
  portalId: number,
  asset: BrandingAsset,
  image: CheckedImage,
): Promise<{ url: string; key: string }> {
  const name = `${randomUUID()}.${image.extension}`;
  const key = brandingStorageKey(portalId, asset, name);
  await storage.write(key, Readable.from([image.bytes]), BRANDING_LIMITS[asset].maxBytes * 2);
  return { url: brandingPath(portalId, asset, name), key };
}

/** Reads a multipart request's one file part into memory, refusing it once it passes `maxBytes`. */
export async function readUploadedFile(
  parts: AsyncIterable<{ type: string; fieldname: string; file?: Readable }>,
  field: string,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Buffer | null> {
  let result: Buffer | null = null;
  for await (const part of parts) {
    if (part.type !== 'file' || !part.file) continue;
    if (part.fieldname !== field || result) {
      part.file.resume();
      continue;
    }
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of part.file) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      length += buffer.length;
      if (length > maxBytes) {
        part.file.resume();
        throw tooLarge();
      }
      chunks.push(buffer);
    }
    result = Buffer.concat(chunks);
  }
  return result;
}

/**
 * The portal's logo as PNG bytes for documents (PDF invoices and certificates), or null: no logo, an
 * address that is not ours, or an SVG (PDFKit draws PNG and JPEG only; documents then carry the name).
 */
export async function logoPngOf(
  storage: FileStorage,
  portal: { id: number; row: { logo_url: string | null } },
): Promise<Buffer | null> {
  const name = brandingNameOf(portal.row.logo_url, portal.id, 'logo');
  if (!name?.endsWith('.png')) return null;
  const stored = await storage.read(brandingStorageKey(portal.id, 'logo', name));
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
