import { DOMParser } from '@xmldom/xmldom';
import type { Element as XmlElement } from '@xmldom/xmldom';
import type { ScormVersion } from '@leerpad/core';
import { Invalid } from '../../domain/errors';

/**
 * imsmanifest.xml as a SCORM player needs it: the organisation's item tree (titles, which resource
 * each item launches, 1.2 prerequisites and mastery scores, 2004 sequencing), the resources, and the
 * SCOs in the order a learner meets them. Every refusal names the manifest line where it can.
 */
export interface ScormItem {
  identifier: string;
  title: string;
  /** The launch path inside the package (resource base + href + the item's parameters), or null for a cluster. */
  launch: string | null;
  scorm_type: 'sco' | 'asset' | null;
  /** SCORM 1.2 `adlcp:prerequisites` (an expression of item identifiers). */
  prerequisites: string | null;
  /** SCORM 1.2 `adlcp:masteryscore`. */
  mastery_score: number | null;
  /** SCORM 2004 `imsss:sequencing` of the item, as far as the player uses it. */
  sequencing: ScormSequencing | null;
  children: ScormItem[];
}

export interface ScormSequencing {
  choice: boolean | null;
  flow: boolean | null;
  /** Identifiers of activities that must be satisfied first (from precondition rules on referenced objectives). */
  preconditions: string[];
}

export interface ScormSco {
  identifier: string;
  title: string;
  launch: string;
  prerequisites: string | null;
  mastery_score: number | null;
}

export interface ScormManifest {
  version: ScormVersion;
  title: string;
  organization: string;
  items: ScormItem[];
  /** Leaf items that launch something, in tree order: the table of contents. */
  scos: ScormSco[];
  /** The organisation's own control mode (2004). */
  sequencing: ScormSequencing | null;
}

const POINTER = '/file';

function refuse(code: string, detail: string, meta: Record<string, unknown> = {}): never {
  throw new Invalid([{ pointer: POINTER, code, detail, meta }]);
}

const children = (element: XmlElement, name: string): XmlElement[] =>
  Array.from(element.childNodes).filter(
    (node): node is XmlElement => node.nodeType === 1 && (node as XmlElement).localName === name,
  );
const child = (element: XmlElement, name: string) => children(element, name)[0];
const text = (element: XmlElement | undefined) => (element?.textContent ?? '').trim();
const lineOf = (element: XmlElement) => (element as unknown as { lineNumber?: number }).lineNumber ?? null;

/** An attribute whatever its prefix (adlcp:scormtype, adlcp:scormType, xml:base). */
function attribute(element: XmlElement, ...names: string[]): string | null {
  for (const attr of Array.from(element.attributes)) {
    const local = (attr.localName ?? attr.name).toLowerCase();
    if (names.some((name) => name.toLowerCase() === local)) return attr.value;
  }
  return null;
}

/** A path inside the package, normalised: no `./`, no leading `/`; `..` that leaves the package is null. */
export function packagePath(path: string): string | null {
  const parts: string[] = [];
  for (const part of path.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

function versionOf(root: XmlElement, source: string): ScormVersion | null {
  const metadata = child(root, 'metadata');
  const schemaVersion = text(metadata ? child(metadata, 'schemaversion') : undefined).toLowerCase();
  if (schemaVersion === '1.2') return '1.2';
  if (schemaVersion.includes('2004') || schemaVersion.startsWith('cam 1.3')) return '2004';
  if (/adlcp_rootv1p2/i.test(source)) return '1.2';
  if (/adlcp_v1p3|imsss/i.test(source)) return '2004';
  return null;
}

function boolAttr(element: XmlElement | undefined, name: string): boolean | null {
  if (!element) return null;
  const value = attribute(element, name);
  return value === null ? null : value === 'true';
}

function sequencingOf(element: XmlElement): ScormSequencing | null {
  const sequencing = child(element, 'sequencing');
  if (!sequencing) return null;
  const control = child(sequencing, 'controlMode');
  const preconditions: string[] = [];
  const rules = child(sequencing, 'sequencingRules');
  for (const rule of rules ? children(rules, 'preConditionRule') : []) {
    const conditions = child(rule, 'ruleConditions');
    for (const condition of conditions ? children(conditions, 'ruleCondition') : []) {
      const objective = attribute(condition, 'referencedObjective');
      if (objective) preconditions.push(objective);
    }
  }
  return { choice: boolAttr(control, 'choice'), flow: boolAttr(control, 'flow'), preconditions };
}

/**
 * Parses and checks a manifest against the package's file list. Throws Invalid (422) with a code
 * and, where there is one, the line: malformed XML, no organisation, an item pointing at an unknown
 * resource, a launch file that is not in the zip, a path leaving the package.
 */
export function parseManifest(source: string, files: ReadonlySet<string>): ScormManifest {
  let parseError: { message: string; line: number | null } | null = null;
  let document;
  try {
    document = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') parseError ??= { message, line: null };
      },
    }).parseFromString(source, 'text/xml');
  } catch (error) {
    const locator = (error as { locator?: { lineNumber?: number } }).locator;
    parseError = { message: (error as Error).message, line: locator?.lineNumber ?? null };
  }
  if (parseError || !document?.documentElement) {
    refuse(
      'SCORM_MANIFEST_MALFORMED',
      `imsmanifest.xml is not well-formed XML${parseError?.line ? ` (line ${parseError.line})` : ''}: ${parseError?.message ?? 'no root element'}.`,
      { line: parseError?.line ?? 1 },
    );
  }
  const root = document.documentElement as unknown as XmlElement;
  if (root.localName !== 'manifest')
    refuse('SCORM_MANIFEST_INVALID', `imsmanifest.xml must start with <manifest> (line ${lineOf(root)}).`, {
      line: lineOf(root),
    });
  const version = versionOf(root, source);
  if (!version)
    refuse(
      'SCORM_VERSION_UNKNOWN',
      'The manifest says neither SCORM 1.2 nor SCORM 2004 (metadata/schemaversion).',
      { line: lineOf(root) },
    );

  const resourcesElement = child(root, 'resources');
  const resourcesBase = resourcesElement ? (attribute(resourcesElement, 'base') ?? '') : '';
  const manifestBase = attribute(root, 'base') ?? '';
  const resources = new Map<
    string,
    { href: string | null; scormType: 'sco' | 'asset' | null; line: number | null }
  >();
  for (const resource of resourcesElement ? children(resourcesElement, 'resource') : []) {
    const identifier = attribute(resource, 'identifier');
    if (!identifier) continue;
    const href = attribute(resource, 'href');
    const type = (attribute(resource, 'scormtype') ?? '').toLowerCase();
    let launch: string | null = null;
    if (href) {
      const withoutQuery = href.split(/[?#]/)[0]!;
      const base = manifestBase + resourcesBase + (attribute(resource, 'base') ?? '');
      launch = packagePath(decodeURIComponentSafe(base + withoutQuery));
      if (launch === null)
        refuse(
          'SCORM_UNSAFE_PATH',
          `Resource "${identifier}" (line ${lineOf(resource)}) points outside the package: ${href}.`,
          {
            path: href,
            line: lineOf(resource),
          },
        );
      if (!files.has(launch))
        refuse(
          'SCORM_LAUNCH_FILE_MISSING',
          `Resource "${identifier}" (line ${lineOf(resource)}) launches ${launch}, which is not in the zip.`,
          { path: launch, line: lineOf(resource) },
        );
      const query = href.includes('?') ? href.slice(href.indexOf('?')) : '';
      launch += query;
    }
    resources.set(identifier, {
      href: launch,
      scormType: type === 'sco' ? 'sco' : type === 'asset' ? 'asset' : null,
      line: lineOf(resource),
    });
  }

  const organizationsElement = child(root, 'organizations');
  const organizations = organizationsElement ? children(organizationsElement, 'organization') : [];
  const defaultId = organizationsElement ? attribute(organizationsElement, 'default') : null;
  const organization =
    organizations.find((o) => attribute(o, 'identifier') === defaultId) ?? organizations[0];
  if (!organization)
    refuse(
      'SCORM_MANIFEST_INVALID',
      `The manifest has no <organization> to play (line ${lineOf(organizationsElement ?? root)}).`,
      { line: lineOf(organizationsElement ?? root) },
    );

  const readItem = (element: XmlElement): ScormItem => {
    const identifier = attribute(element, 'identifier') ?? '';
    const reference = attribute(element, 'identifierref');
    let launch: string | null = null;
    let scormType: ScormItem['scorm_type'] = null;
    if (reference) {
      const resource = resources.get(reference);
      if (!resource)
        refuse(
          'SCORM_UNKNOWN_RESOURCE',
          `Item "${identifier}" (line ${lineOf(element)}) points to the resource "${reference}", which the manifest does not list.`,
          { identifier: reference, line: lineOf(element) },
        );
      launch = resource.href;
      const parameters = attribute(element, 'parameters');
      if (launch && parameters) {
        const joined = parameters.replace(/^[?&]/, '');
        launch += (launch.includes('?') ? '&' : '?') + joined;
      }
      scormType = resource.scormType ?? 'sco';
    }
    const mastery = Number.parseFloat(text(child(element, 'masteryscore')));
    return {
      identifier,
      title: text(child(element, 'title')) || identifier,
      launch,
      scorm_type: scormType,
      prerequisites: text(child(element, 'prerequisites')) || null,
      mastery_score: Number.isFinite(mastery) ? mastery : null,
      sequencing: version === '2004' ? sequencingOf(element) : null,
      children: children(element, 'item').map(readItem),
    };
  };
  const items = children(organization, 'item').map(readItem);
  const scos: ScormSco[] = [];
  const walk = (list: ScormItem[]) => {
    for (const item of list) {
      if (item.launch)
        scos.push({
          identifier: item.identifier,
          title: item.title,
          launch: item.launch,
          prerequisites: item.prerequisites,
          mastery_score: item.mastery_score,
        });
      walk(item.children);
    }
  };
  walk(items);
  if (scos.length === 0)
    refuse(
      'SCORM_MANIFEST_INVALID',
      `The organisation "${attribute(organization, 'identifier') ?? ''}" (line ${lineOf(organization)}) has no item that launches anything.`,
      { line: lineOf(organization) },
    );
  return {
    version,
    title: text(child(organization, 'title')) || 'SCORM',
    organization: attribute(organization, 'identifier') ?? '',
    items,
    scos,
    sequencing: version === '2004' ? sequencingOf(organization) : null,
  };
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
