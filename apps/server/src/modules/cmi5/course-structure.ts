import { DOMParser } from '@xmldom/xmldom';
import type { Element as XmlElement } from '@xmldom/xmldom';
import { CMI5_MOVE_ON } from '@leerpad/core';
import type { Cmi5MoveOn } from '@leerpad/core';
import { Invalid } from '../../domain/errors';
import { packagePath } from '../scorm/manifest';

/**
 * cmi5.xml as the LMS needs it (cmi5 §13): the course, its blocks and its AUs in the order a
 * learner meets them, each AU with its launch address (a file of the package or an absolute URL),
 * moveOn, mastery score, launch method and parameters. Every refusal names the line where it can.
 */
export interface Cmi5Block {
  id: string;
  title: string;
  /** The enclosing block's id, or null at the course's top level. */
  parent: string | null;
  depth: number;
}

export interface Cmi5Au {
  id: string;
  title: string;
  description: string;
  /** A path inside the package (with its query), or an absolute http(s) URL. */
  url: string;
  external: boolean;
  moveOn: Cmi5MoveOn;
  /** 0–1, when the course structure sets one. */
  masteryScore: number | null;
  launchMethod: 'AnyWindow' | 'OwnWindow';
  launchParameters: string | null;
  entitlementKey: string | null;
  /** The ids of the blocks the AU sits in, outermost first. */
  blocks: string[];
  depth: number;
}

export interface Cmi5Course {
  id: string;
  title: string;
  description: string;
  blocks: Cmi5Block[];
  aus: Cmi5Au[];
}

const POINTER = '/file';

function refuse(code: string, detail: string, meta: Record<string, unknown> = {}): never {
  throw new Invalid([{ pointer: POINTER, code, detail, meta }]);
}

/** CMI5_COURSE_INVALID with the reason and the line. */
function invalid(reason: string, line: number | null): never {
  refuse('CMI5_COURSE_INVALID', `cmi5.xml ${reason}${line ? ` (line ${line})` : ''}.`, {
    reason,
    line: line ?? 1,
  });
}

const elements = (element: XmlElement): XmlElement[] =>
  Array.from(element.childNodes).filter((node): node is XmlElement => node.nodeType === 1);
const child = (element: XmlElement, name: string) => elements(element).find((e) => e.localName === name);
const text = (element: XmlElement | undefined) => (element?.textContent ?? '').trim();
const lineOf = (element: XmlElement) => (element as unknown as { lineNumber?: number }).lineNumber ?? null;
const IRI = /^[a-zA-Z][a-zA-Z0-9+.-]*:[^\s]+$/;

/** The first `langstring` of a title or description (the course's own language comes first). */
function langString(element: XmlElement | undefined): string {
  if (!element) return '';
  const strings = elements(element).filter((e) => e.localName === 'langstring');
  return strings.length > 0 ? text(strings[0]) : text(element);
}

function idOf(element: XmlElement, what: string, seen: Set<string>): string {
  const id = (element.getAttribute('id') ?? '').trim();
  if (!id) invalid(`has a ${what} without an id`, lineOf(element));
  if (!IRI.test(id)) invalid(`has a ${what} whose id "${id}" is not an IRI`, lineOf(element));
  if (seen.has(id)) invalid(`uses the id "${id}" twice`, lineOf(element));
  seen.add(id);
  return id;
}

/** Parses and checks cmi5.xml; `files` are the package's paths (empty when only the XML came). */
export function parseCourseStructure(source: string, files: ReadonlySet<string>): Cmi5Course {
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
    const line = (parseError as { line: number | null } | null)?.line ?? 1;
    refuse(
      'CMI5_XML_MALFORMED',
      `cmi5.xml is not well-formed XML (line ${line}): ${(parseError as { message: string } | null)?.message ?? 'no root element'}.`,
      { line },
    );
  }
  const root = document.documentElement as unknown as XmlElement;
  if (root.localName !== 'courseStructure') invalid('must start with <courseStructure>', lineOf(root));
  const courseElement = child(root, 'course');
  if (!courseElement) invalid('has no <course>', lineOf(root));
  const seen = new Set<string>();
  const course: Cmi5Course = {
    id: idOf(courseElement, 'course', seen),
    title: langString(child(courseElement, 'title')),
    description: langString(child(courseElement, 'description')),
    blocks: [],
    aus: [],
  };
  if (!course.title) invalid('has a course without a title', lineOf(courseElement));

  const walk = (parent: XmlElement, trail: string[]) => {
    for (const element of elements(parent)) {
      if (element.localName === 'block') {
        const id = idOf(element, 'block', seen);
        const title = langString(child(element, 'title'));
        if (!title) invalid(`has a block without a title`, lineOf(element));
        course.blocks.push({ id, title, parent: trail.at(-1) ?? null, depth: trail.length });
        const before = course.aus.length;
        walk(element, [...trail, id]);
        if (course.aus.length === before) invalid(`has a block "${title}" without an AU`, lineOf(element));
      } else if (element.localName === 'au') {
        course.aus.push(auOf(element, trail, seen, files));
      }
    }
  };
  walk(root, []);
  if (course.aus.length === 0) invalid('has no AU to launch', lineOf(root));
  return course;
}

function auOf(element: XmlElement, trail: string[], seen: Set<string>, files: ReadonlySet<string>): Cmi5Au {
  const line = lineOf(element);
  const id = idOf(element, 'AU', seen);
  const title = langString(child(element, 'title'));
  if (!title) invalid(`has an AU without a title`, line);
  const moveOn = element.getAttribute('moveOn') || 'NotApplicable';
  if (!(CMI5_MOVE_ON as readonly string[]).includes(moveOn))
    invalid(`has an AU whose moveOn "${moveOn}" is not one of ${CMI5_MOVE_ON.join(', ')}`, line);
  const mastery = element.getAttribute('masteryScore');
  let masteryScore: number | null = null;
  if (mastery) {
    masteryScore = Number(mastery);
    if (!Number.isFinite(masteryScore) || masteryScore < 0 || masteryScore > 1)
      invalid(`has an AU whose masteryScore "${mastery}" is not between 0 and 1`, line);
  }
  const launchMethod = element.getAttribute('launchMethod') || 'AnyWindow';
  if (launchMethod !== 'AnyWindow' && launchMethod !== 'OwnWindow')
    invalid(`has an AU whose launchMethod "${launchMethod}" is neither AnyWindow nor OwnWindow`, line);
  const urlElement = child(element, 'url');
  const url = text(urlElement);
  if (!url) invalid(`has an AU "${title}" without a <url>`, line);
  let external = false;
  let address = url;
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(url)) {
    if (!/^https?:\/\//i.test(url))
      invalid(`has an AU whose url "${url}" is neither http(s) nor relative`, line);
    external = true;
  } else {
    const [path, query] = [url.split(/[?#]/)[0]!, url.slice(url.split(/[?#]/)[0]!.length)];
    let decoded = path;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      // kept as written
    }
    const inPackage = packagePath(decoded);
    if (inPackage === null)
      refuse('SCORM_UNSAFE_PATH', `The AU url leaves the package: ${url}.`, { path: url, line });
    if (!files.has(inPackage))
      refuse(
        'CMI5_AU_FILE_MISSING',
        `The AU "${title}" launches ${inPackage}, which is not in the package (line ${urlElement ? lineOf(urlElement) : line}).`,
        { path: inPackage, line: (urlElement ? lineOf(urlElement) : line) ?? 1 },
      );
    address = inPackage + query.replace(/#.*$/, '');
  }
  const launchParameters = text(child(element, 'launchParameters')) || null;
  const entitlementKey = text(child(element, 'entitlementKey')) || null;
  return {
    id,
    title,
    description: langString(child(element, 'description')),
    url: address,
    external,
    moveOn: moveOn as Cmi5MoveOn,
    masteryScore,
    launchMethod,
    launchParameters,
    entitlementKey,
    blocks: trail,
    depth: trail.length,
  };
}
