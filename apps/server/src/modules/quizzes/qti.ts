/**
 * QTI 2.1 and 3.0 into quiz questions (decision 066): an item, a test, or a content package (zip with
 * `imsmanifest.xml`). Choice (single and multiple, true/false as single choice), text entry and
 * extended text (open questions) and order interactions become questions; any other interaction is
 * listed per item as skipped, never dropped in silence. A broken item refuses the whole import.
 */
import { DOMParser, type Element, type Node } from '@xmldom/xmldom';
import { questionProblems, QUIZ_IMPORT_MAX_QUESTIONS, type DraftQuestion } from '@leerpad/core';
import { readZipEntries, type ZipLimits } from './zip-entries';

export interface QtiItemError {
  /** The item's identifier, or the file's name when the item could not be read. */
  item: string;
  file: string;
  line: number | null;
  message: string;
}

export interface QtiSkipped {
  item: string;
  file: string;
  reason: string;
}

export interface QtiImportResult {
  questions: Array<DraftQuestion & { item: string }>;
  skipped: QtiSkipped[];
  errors: QtiItemError[];
}

/** What a QTI package may hold: a quiz import, not a course. */
export const QTI_PACKAGE_LIMITS: ZipLimits = {
  maxEntries: 2_000,
  maxEntryBytes: 5 * 1024 * 1024,
  maxTotalBytes: 50 * 1024 * 1024,
  maxRatio: 100,
};

const SUPPORTED = new Set([
  'choiceInteraction',
  'textEntryInteraction',
  'extendedTextInteraction',
  'orderInteraction',
]);

/** QTI 3.0 names its elements `qti-choice-interaction`; 2.1 `choiceInteraction`. One name for both. */
function nameOf(node: Node): string {
  const local = (node as Element).localName ?? node.nodeName;
  if (!local.startsWith('qti-')) return local;
  return local.slice(4).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** An attribute by its 2.1 name (`responseIdentifier`) or its 3.0 name (`response-identifier`). */
function attr(element: Element, name: string): string | null {
  const kebab = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return element.getAttribute(name) ?? element.getAttribute(kebab);
}

function children(element: Element, name?: string): Element[] {
  const out: Element[] = [];
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (!name || nameOf(node) === name)) out.push(node as Element);
  }
  return out;
}

function descendants(element: Element, name: string): Element[] {
  const out: Element[] = [];
  const walk = (parent: Element) => {
    for (const child of children(parent)) {
      if (nameOf(child) === name) out.push(child);
      walk(child);
    }
  };
  walk(element);
  return out;
}

const lineOf = (node: Node | null | undefined): number | null =>
  (node as { lineNumber?: number } | null | undefined)?.lineNumber ?? null;

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The readable text of an element; interactions inside it read as a blank. */
function textOf(element: Element, skip: (element: Element) => boolean = () => false): string {
  let text = '';
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 3 || node.nodeType === 4) text += node.nodeValue ?? '';
    else if (node.nodeType === 1) {
      const child = node as Element;
      if (nameOf(child) === 'textEntryInteraction') text += ' ___ ';
      else if (skip(child)) continue;
      else {
        const block = /^(p|div|br|li|h\d)$/.test(nameOf(child));
        text += `${block ? '\n' : ''}${textOf(child, skip)}${block ? '\n' : ''}`;
      }
    }
  }
  return text;
}

function paragraphs(text: string): string {
  return text.split('\n').map(clean).filter(Boolean).join('\n');
}

export class QtiParseFailure extends Error {
  constructor(
    message: string,
    readonly line: number | null,
  ) {
    super(message);
  }
}

/** Parses XML, throwing a QtiParseFailure with the line of the first error. */
export function parseXml(source: string): Element {
  let document;
  try {
    document = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new QtiParseFailure(String(message), null);
      },
    }).parseFromString(source, 'text/xml');
  } catch (failure) {
    const locator = (failure as { locator?: { lineNumber?: number } }).locator;
    const message = failure instanceof Error ? failure.message : String(failure);
    throw new QtiParseFailure(
      `The XML is not well-formed: ${message.replace(/^.*caused Error: /, '')}`,
      locator?.lineNumber ?? null,
    );
  }
  if (!document.documentElement) throw new QtiParseFailure('The file holds no XML element.', 1);
  return document.documentElement;
}

type ItemOutcome =
  | { kind: 'question'; question: DraftQuestion & { item: string } }
  | { kind: 'skipped'; skipped: QtiSkipped }
  | { kind: 'error'; error: QtiItemError };

/** One assessment item into a question, a skip with its reason, or an error. */
export function readItem(root: Element, file: string): ItemOutcome {
  const item = attr(root, 'identifier') ?? file;
  const fail = (message: string, node?: Node | null): ItemOutcome => ({
    kind: 'error',
    error: { item, file, line: lineOf(node ?? root), message },
  });
  if (nameOf(root) !== 'assessmentItem') return fail(`"${root.nodeName}" is not a QTI assessment item.`);
  const body = children(root, 'itemBody')[0];
  if (!body) return fail('The item has no item body.');
  const all: Element[] = [];
  const walk = (parent: Element) => {
    for (const child of children(parent)) {
      if (nameOf(child).endsWith('Interaction')) all.push(child);
      else walk(child);
    }
  };
  walk(body);
  if (all.length === 0) return fail('The item has no interaction to answer.', body);
  const unsupported = all.find((interaction) => !SUPPORTED.has(nameOf(interaction)));
  if (unsupported || all.length > 1) {
    return {
      kind: 'skipped',
      skipped: {
        item,
        file,
        reason: unsupported
          ? `${nameOf(unsupported)} is not a question type this quiz has.`
          : 'An item with more than one interaction is not a single question.',
      },
    };
  }
  const interaction = all[0] as Element;
  const kind = nameOf(interaction);
  const responseId = attr(interaction, 'responseIdentifier');
  const declaration = children(root, 'responseDeclaration').find(
    (candidate) => attr(candidate, 'identifier') === responseId,
  );
  const correctValues = declaration
    ? children(children(declaration, 'correctResponse')[0] ?? declaration, 'value').map((value) =>
        clean(value.textContent ?? ''),
      )
    : [];
  const mappedValues = declaration
    ? descendants(declaration, 'mapEntry')
        .filter((entry) => Number(attr(entry, 'mappedValue') ?? '0') > 0)
        .map((entry) => clean(attr(entry, 'mapKey') ?? ''))
    : [];
  const isInteraction = (element: Element) => nameOf(element).endsWith('Interaction');
  const isFeedback = (element: Element) => nameOf(element) === 'feedbackInline';
  const lead = paragraphs(textOf(body, isInteraction));
  const promptElement = children(interaction, 'prompt')[0];
  const prompt = [lead, promptElement ? paragraphs(textOf(promptElement)) : ''].filter(Boolean).join('\n');
  const title = attr(root, 'title');
  const maxScore = children(root, 'outcomeDeclaration').find(
    (outcome) => attr(outcome, 'identifier') === 'MAXSCORE',
  );
  const maxValue = maxScore ? Number(descendants(maxScore, 'value')[0]?.textContent ?? '') : NaN;
  const points = Number.isInteger(maxValue) && maxValue >= 1 ? maxValue : 1;
  const feedback =
    children(root, 'modalFeedback')
      .map((element) => paragraphs(textOf(element)))
      .filter(Boolean)
      .join('\n') || null;

  let question: DraftQuestion;
  if (kind === 'choiceInteraction' || kind === 'orderInteraction') {
    const choices = descendants(interaction, 'simpleChoice');
    const byId = new Map(choices.map((choice) => [attr(choice, 'identifier') ?? '', choice]));
    if (kind === 'orderInteraction') {
      const ordered = correctValues.map((value) => byId.get(value));
      if (ordered.length !== choices.length || ordered.some((choice) => !choice))
        return fail(
          'The order interaction needs a correct response that lists every choice once.',
          declaration,
        );
      question = {
        type: 'ordering',
        prompt: prompt || title || '',
        options: (ordered as Element[]).map((choice) => ({
          text: paragraphs(textOf(choice)),
          correct: false,
          feedback: null,
        })),
        acceptedAnswers: [],
        feedback,
        points,
      };
    } else {
      const unknown = correctValues.find((value) => !byId.has(value));
      if (unknown) return fail(`The correct response "${unknown}" is not one of the choices.`, declaration);
      const maxChoices = Number(attr(interaction, 'maxChoices') ?? '1');
      const cardinality = declaration ? attr(declaration, 'cardinality') : null;
      const multiple = cardinality === 'multiple' || maxChoices !== 1 || correctValues.length > 1;
      question = {
        type: multiple ? 'multiple_choice' : 'single_choice',
        prompt: prompt || title || '',
        options: choices.map((choice) => ({
          text: paragraphs(textOf(choice, isFeedback)),
          correct: correctValues.includes(attr(choice, 'identifier') ?? ''),
          feedback:
            children(choice, 'feedbackInline')
              .map((element) => paragraphs(textOf(element)))
              .join('\n') || null,
        })),
        acceptedAnswers: [],
        feedback,
        points,
      };
    }
  } else {
    const answers = [...new Set([...correctValues, ...mappedValues].filter(Boolean))];
    if (answers.length === 0) {
      return {
        kind: 'skipped',
        skipped: {
          item,
          file,
          reason:
            kind === 'extendedTextInteraction'
              ? 'An open question needs an accepted answer to be scored, and this one names none.'
              : 'The text entry names no correct answer.',
        },
      };
    }
    question = {
      type: 'open_answer',
      prompt: prompt || title || '',
      options: [],
      acceptedAnswers: answers,
      feedback,
      points,
    };
  }
  const problems = questionProblems(question);
  if (problems.length > 0) return fail(problems.map((problem) => problem.message).join(' '), interaction);
  return { kind: 'question', question: { ...question, item } };
}

/** The item files a test refers to, in its order, as paths relative to the test's folder. */
function testItemHrefs(root: Element): string[] {
  return descendants(root, 'assessmentItemRef')
    .map((reference) => attr(reference, 'href') ?? '')
    .filter(Boolean);
}

const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '');

/** Resolves `href` against `base`; null when it leaves the package. */
export function resolvePath(base: string, href: string): string | null {
  if (/^[a-z]+:/i.test(href) || href.startsWith('/')) return null;
  const parts: string[] = [];
  for (const part of `${folderOf(base)}${decodeURIComponent(href.split('#')[0] ?? '')}`.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

/** The item files of a package, in the order its manifest (or its test) gives them. */
function packageItemFiles(files: Map<string, string>): { paths: string[]; errors: QtiItemError[] } {
  const errors: QtiItemError[] = [];
  const manifestSource = files.get('imsmanifest.xml');
  const readRoot = (path: string): Element | null => {
    try {
      return parseXml(files.get(path) ?? '');
    } catch (failure) {
      const problem = failure as QtiParseFailure;
      errors.push({ item: path, file: path, line: problem.line, message: problem.message });
      return null;
    }
  };
  let candidates: string[];
  if (manifestSource !== undefined) {
    const manifest = readRoot('imsmanifest.xml');
    if (!manifest) return { paths: [], errors };
    const resources = descendants(manifest, 'resource').map((resource) => ({
      type: resource.getAttribute('type') ?? '',
      href: resolvePath('imsmanifest.xml', resource.getAttribute('href') ?? '') ?? '',
      line: lineOf(resource),
    }));
    const tests = resources.filter((resource) => /test/i.test(resource.type) && /qti/i.test(resource.type));
    candidates = resources
      .filter((resource) => /qti_item|imsqti_item/i.test(resource.type))
      .map((resource) => resource.href);
    for (const test of tests) {
      const root = files.has(test.href) ? readRoot(test.href) : null;
      if (!root) continue;
      const ordered = testItemHrefs(root).map((href) => resolvePath(test.href, href));
      if (ordered.some((path) => path === null)) {
        errors.push({
          item: test.href,
          file: test.href,
          line: null,
          message: 'An item reference leaves the package.',
        });
        continue;
      }
      candidates = [...(ordered as string[]), ...candidates.filter((path) => !ordered.includes(path))];
    }
    for (const resource of resources) {
      if (resource.href && /qti/i.test(resource.type) && !files.has(resource.href))
        errors.push({
          item: resource.href,
          file: 'imsmanifest.xml',
          line: resource.line,
          message: `The manifest names "${resource.href}", which is not in the package.`,
        });
    }
  } else {
    candidates = [...files.keys()].filter((path) => path.endsWith('.xml')).sort();
  }
  return { paths: [...new Set(candidates)].filter((path) => files.has(path)), errors };
}

/** Reads items from XML files by path (a package's, or one uploaded file as `item.xml`). */
export function readQtiFiles(files: Map<string, string>): QtiImportResult {
  const result: QtiImportResult = { questions: [], skipped: [], errors: [] };
  const { paths, errors } = packageItemFiles(files);
  result.errors.push(...errors);
  const seen = new Set<string>();
  const readItems = (path: string, root: Element) => {
    const name = nameOf(root);
    if (name === 'assessmentTest') {
      for (const href of testItemHrefs(root)) {
        const target = resolvePath(path, href);
        if (!target || !files.has(target)) {
          result.errors.push({
            item: href,
            file: path,
            line: null,
            message: `The test refers to "${href}", which is not in the upload. Upload the package (zip) instead.`,
          });
          continue;
        }
        if (!seen.has(target)) visit(target);
      }
      return;
    }
    if (name !== 'assessmentItem') return;
    const outcome = readItem(root, path);
    if (outcome.kind === 'question') result.questions.push(outcome.question);
    else if (outcome.kind === 'skipped') result.skipped.push(outcome.skipped);
    else result.errors.push(outcome.error);
  };
  const visit = (path: string) => {
    seen.add(path);
    let root: Element;
    try {
      root = parseXml(files.get(path) ?? '');
    } catch (failure) {
      const problem = failure as QtiParseFailure;
      result.errors.push({ item: path, file: path, line: problem.line, message: problem.message });
      return;
    }
    readItems(path, root);
  };
  for (const path of paths) if (!seen.has(path)) visit(path);
  if (result.questions.length === 0 && result.skipped.length === 0 && result.errors.length === 0)
    result.errors.push({ item: '', file: '', line: null, message: 'No QTI items found.' });
  if (result.questions.length > QUIZ_IMPORT_MAX_QUESTIONS)
    result.errors.push({
      item: '',
      file: '',
      line: null,
      message: `One import holds at most ${QUIZ_IMPORT_MAX_QUESTIONS} questions.`,
    });
  return result;
}

/** A QTI import from one XML text (an item, or a test whose items are not in it). */
export function parseQtiXml(source: string): QtiImportResult {
  return readQtiFiles(new Map([['item.xml', source]]));
}

/** A QTI import from a content package (zip). */
export async function parseQtiPackage(zip: Buffer): Promise<QtiImportResult> {
  const entries = await readZipEntries(zip, QTI_PACKAGE_LIMITS);
  if ('error' in entries)
    return {
      questions: [],
      skipped: [],
      errors: [{ item: '', file: '', line: null, message: entries.error }],
    };
  const files = new Map<string, string>();
  for (const [path, bytes] of entries.files) {
    if (path.endsWith('.xml')) files.set(path, bytes.toString('utf8').replace(/^\uFEFF/, ''));
  }
  return readQtiFiles(files);
}
