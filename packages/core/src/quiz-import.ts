/**
 * Quiz questions from text: Moodle's GIFT format and a simple CSV. Both parsers check every
 * question and report problems by line, so an import can refuse everything when one line is wrong.
 */
import { QUESTION_TYPES, QUIZ_IMPORT_MAX_QUESTIONS } from './learning';
import type { QuestionType } from './learning';

/** GIFT and CSV are text, read here; QTI (XML or a zip package) is read by the server. */
export const QUIZ_IMPORT_FORMATS = ['gift', 'csv', 'qti'] as const;
export type QuizImportFormat = (typeof QUIZ_IMPORT_FORMATS)[number];
export type TextImportFormat = Exclude<QuizImportFormat, 'qti'>;

export const QUESTION_PROMPT_MAX = 5000;
export const QUESTION_OPTION_MAX = 1000;
export const QUESTION_MIN_OPTIONS = 2;
export const QUESTION_MAX_OPTIONS = 20;
export const QUESTION_MAX_POINTS = 100;

export interface DraftQuestion {
  type: QuestionType;
  prompt: string;
  options: Array<{ text: string; correct: boolean; feedback: string | null }>;
  acceptedAnswers: string[];
  feedback: string | null;
  points: number;
}

export interface ImportedQuestion extends DraftQuestion {
  /** 1-based line where the question starts. */
  line: number;
}

export interface ImportLineError {
  line: number;
  message: string;
}

export interface ImportResult {
  questions: ImportedQuestion[];
  errors: ImportLineError[];
}

export type QuestionField = 'prompt' | 'options' | 'accepted_answers' | 'points';

export interface QuestionProblem {
  field: QuestionField;
  message: string;
}

/** What is wrong with a question, by field, in words a person can act on; empty when it is fine. */
export function questionProblems(question: DraftQuestion): QuestionProblem[] {
  const problems: QuestionProblem[] = [];
  const add = (field: QuestionField, message: string) => problems.push({ field, message });
  if (!question.prompt.trim()) add('prompt', 'The question has no text.');
  if (question.prompt.length > QUESTION_PROMPT_MAX)
    add('prompt', `The question is longer than ${QUESTION_PROMPT_MAX} characters.`);
  if (!Number.isInteger(question.points) || question.points < 1 || question.points > QUESTION_MAX_POINTS)
    add('points', `Points must be a whole number from 1 to ${QUESTION_MAX_POINTS}.`);
  if (question.type === 'open_answer') {
    if (question.acceptedAnswers.filter((answer) => answer.trim()).length === 0)
      add('accepted_answers', 'An open question needs at least one accepted answer.');
    return problems;
  }
  const options = question.options;
  if (options.length < QUESTION_MIN_OPTIONS || options.length > QUESTION_MAX_OPTIONS)
    add('options', `A choice question needs ${QUESTION_MIN_OPTIONS} to ${QUESTION_MAX_OPTIONS} options.`);
  if (options.some((option) => !option.text.trim())) add('options', 'Every option needs text.');
  if (options.some((option) => option.text.length > QUESTION_OPTION_MAX))
    add('options', `An option is longer than ${QUESTION_OPTION_MAX} characters.`);
  if (question.type === 'ordering') return problems;
  const correct = options.filter((option) => option.correct).length;
  if (question.type === 'single_choice' && correct !== 1)
    add('options', 'A single-choice question needs exactly one correct option.');
  if (question.type === 'multiple_choice' && correct < 1)
    add('options', 'A multiple-choice question needs at least one correct option.');
  return problems;
}

const messagesOf = (problems: QuestionProblem[]) => problems.map((problem) => problem.message);

// ---------------------------------------------------------------------------------------------- GIFT

const GIFT_ESCAPABLE = new Set(['~', '=', '#', '{', '}', ':', '\\']);

function unescapeGift(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const character = text[i] as string;
    const next = text[i + 1];
    if (character === '\\' && next !== undefined) {
      if (GIFT_ESCAPABLE.has(next)) {
        out += next;
        i += 1;
        continue;
      }
      if (next === 'n') {
        out += '\n';
        i += 1;
        continue;
      }
    }
    out += character;
  }
  return out.trim();
}

/** Index of the first unescaped `target` from `from`, or -1. */
function findUnescaped(text: string, target: string, from = 0): number {
  for (let i = from; i < text.length; i += 1) {
    if (text[i] === '\\') {
      i += 1;
      continue;
    }
    if (text.startsWith(target, i)) return i;
  }
  return -1;
}

/** Splits on unescaped answer markers (= and ~), keeping the marker with each part. */
function splitAnswers(block: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < block.length; i += 1) {
    const character = block[i] as string;
    if (character === '\\' && i + 1 < block.length) {
      current += character + (block[i + 1] as string);
      i += 1;
      continue;
    }
    if (character === '=' || character === '~') {
      if (current.trim()) parts.push(current);
      current = character;
      continue;
    }
    current += character;
  }
  if (current.trim()) parts.push(current);
  return parts;
}

interface GiftBlock {
  line: number;
  text: string;
}

/** Questions are separated by blank lines; `//` comment lines and `$CATEGORY:` lines are skipped. */
function giftBlocks(source: string): GiftBlock[] {
  const blocks: GiftBlock[] = [];
  let current: GiftBlock | null = null;
  let depth = 0;
  source.split(/\r\n|\r|\n/).forEach((rawLine, index) => {
    const line = rawLine.replace(/^\uFEFF/, '');
    const trimmed = line.trim();
    if (depth === 0 && (trimmed.startsWith('//') || /^\$CATEGORY:/i.test(trimmed))) return;
    if (trimmed === '' && depth === 0) {
      if (current) blocks.push(current);
      current = null;
      return;
    }
    if (!current) current = { line: index + 1, text: line };
    else current.text += `\n${line}`;
    for (let i = 0; i < line.length; i += 1) {
      if (line[i] === '\\') i += 1;
      else if (line[i] === '{') depth += 1;
      else if (line[i] === '}') depth = Math.max(0, depth - 1);
    }
  });
  if (current) blocks.push(current);
  return blocks;
}

const TRUE_FALSE: Record<string, boolean> = { t: true, true: true, f: false, false: false };

function parseGiftQuestion(block: GiftBlock): { question?: DraftQuestion; error?: string } {
  let text = block.text.trim();
  // ::Title:: — the title is for the author's overview; the prompt is what students read.
  if (text.startsWith('::')) {
    const end = findUnescaped(text, '::', 2);
    if (end === -1) return { error: 'The title is not closed with "::".' };
    text = text.slice(end + 2).trim();
  }
  text = text.replace(/^\[(html|moodle|plain|markdown)\]/i, '');
  const open = findUnescaped(text, '{');
  if (open === -1) return { error: 'A question needs an answer block in braces, e.g. {=right ~wrong}.' };
  const close = findUnescaped(text, '}', open + 1);
  if (close === -1) return { error: 'The answer block is not closed with "}".' };
  if (findUnescaped(text, '{', close + 1) !== -1) return { error: 'A question may have one answer block.' };
  const before = unescapeGift(text.slice(0, open));
  const after = unescapeGift(text.slice(close + 1));
  const prompt = after ? `${before} _____ ${after}`.trim() : before;
  let inner = text.slice(open + 1, close);

  let generalFeedback: string | null = null;
  const general = findUnescaped(inner, '####');
  if (general !== -1) {
    generalFeedback = unescapeGift(inner.slice(general + 4)) || null;
    inner = inner.slice(0, general);
  }
  const trimmedInner = inner.trim();
  if (trimmedInner === '') return { error: 'Essay questions ({}) are not supported; use an assignment.' };
  if (trimmedInner.startsWith('#')) return { error: 'Numerical questions ({#…}) are not supported.' };

  const trueFalse = /^(T|TRUE|F|FALSE)(#.*)?$/is.exec(trimmedInner);
  if (trueFalse) {
    const answer = TRUE_FALSE[(trueFalse[1] as string).toLowerCase()] as boolean;
    return {
      question: {
        type: 'single_choice',
        prompt,
        options: [
          { text: 'True', correct: answer, feedback: null },
          { text: 'False', correct: !answer, feedback: null },
        ],
        acceptedAnswers: [],
        feedback: generalFeedback,
        points: 1,
      },
    };
  }

  const answers = splitAnswers(trimmedInner).map((part) => part.trim());
  if (answers.length === 0 || answers.some((part) => part[0] !== '=' && part[0] !== '~')) {
    return { error: 'Each answer starts with "=" (right) or "~" (wrong).' };
  }
  const parsed: Array<{ marker: string; weight: number | null; text: string; feedback: string | null }> = [];
  for (const part of answers) {
    let body = part.slice(1);
    if (findUnescaped(body, '->') !== -1) return { error: 'Matching questions (->) are not supported.' };
    let weight: number | null = null;
    const weightMatch = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(body);
    if (weightMatch) {
      weight = Number(weightMatch[1]);
      body = body.slice(weightMatch[0].length);
    }
    const hash = findUnescaped(body, '#');
    const answerText = unescapeGift(hash === -1 ? body : body.slice(0, hash));
    const feedback = hash === -1 ? null : unescapeGift(body.slice(hash + 1)) || null;
    if (!answerText) return { error: 'An answer is empty.' };
    parsed.push({ marker: part[0] as string, weight, text: answerText, feedback });
  }

  const hasWrong = parsed.some((answer) => answer.marker === '~');
  if (!hasWrong) {
    return {
      question: {
        type: 'open_answer',
        prompt,
        options: [],
        acceptedAnswers: parsed.filter((a) => a.weight === null || a.weight > 0).map((a) => a.text),
        feedback: generalFeedback,
        points: 1,
      },
    };
  }
  const options = parsed.map((answer) => ({
    text: answer.text,
    correct: answer.marker === '=' || (answer.weight !== null && answer.weight > 0),
    feedback: answer.feedback,
  }));
  const weighted = parsed.some(
    (answer) => answer.marker === '~' && answer.weight !== null && answer.weight > 0,
  );
  const correctCount = options.filter((option) => option.correct).length;
  return {
    question: {
      type: weighted || correctCount > 1 ? 'multiple_choice' : 'single_choice',
      prompt,
      options,
      acceptedAnswers: [],
      feedback: generalFeedback,
      points: 1,
    },
  };
}

export function parseGift(source: string): ImportResult {
  const questions: ImportedQuestion[] = [];
  const errors: ImportLineError[] = [];
  for (const block of giftBlocks(source)) {
    const { question, error } = parseGiftQuestion(block);
    const problems = error ? [error] : question ? messagesOf(questionProblems(question)) : [];
    if (problems.length > 0 || !question) {
      errors.push({ line: block.line, message: problems.join(' ') });
      continue;
    }
    if (questions.length >= QUIZ_IMPORT_MAX_QUESTIONS) {
      errors.push({
        line: block.line,
        message: `One import holds at most ${QUIZ_IMPORT_MAX_QUESTIONS} questions.`,
      });
      break;
    }
    questions.push({ ...question, line: block.line });
  }
  if (questions.length === 0 && errors.length === 0) errors.push({ line: 1, message: 'No questions found.' });
  return { questions, errors };
}

// ----------------------------------------------------------------------------------------------- CSV

export const QUIZ_CSV_COLUMNS = ['type', 'question', 'options', 'correct', 'feedback', 'points'] as const;

interface CsvRecord {
  line: number;
  fields: string[];
}

/** RFC 4180 records (quoted fields may hold delimiters, quotes as "" and line breaks), with start lines. */
export function parseCsvRecords(
  source: string,
  delimiter: string,
): { records: CsvRecord[]; error?: ImportLineError } {
  const records: CsvRecord[] = [];
  const text = source.replace(/^\uFEFF/, '');
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;
  let fieldStarted = false;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0]?.trim() === '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    fieldStarted = false;
  };
  for (let i = 0; i < text.length; i += 1) {
    const character = text[i] as string;
    if (quoted) {
      if (character === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else if (character === '\r' || character === '\n') {
        // Line breaks inside quotes are kept as \n, whatever the file used.
        if (character === '\r' && text[i + 1] === '\n') i += 1;
        line += 1;
        field += '\n';
      } else {
        field += character;
      }
      continue;
    }
    if (character === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
      quoteLine = line;
    } else if (character === delimiter) {
      fields.push(field);
      field = '';
      fieldStarted = false;
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      field += character;
      if (character.trim()) fieldStarted = true;
    }
  }
  if (quoted) return { records, error: { line: quoteLine, message: 'A quoted field is not closed.' } };
  if (field !== '' || fields.length > 0) endRecord();
  return { records };
}

const CSV_TYPES: Record<string, QuestionType> = {
  single_choice: 'single_choice',
  single: 'single_choice',
  multiple_choice: 'multiple_choice',
  multiple: 'multiple_choice',
  open_answer: 'open_answer',
  open: 'open_answer',
  ordering: 'ordering',
  order: 'ordering',
};

const splitList = (value: string) =>
  value
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/**
 * CSV with a header row naming the columns type, question, options, correct, feedback, points
 * (the first two required; comma, semicolon or tab separated). Options are separated by "|";
 * `correct` lists the right option numbers ("1|3"), or for open answers the accepted answers; an
 * ordering question lists its options in their right order and needs no `correct`.
 */
export function parseQuizCsv(source: string): ImportResult {
  const firstLine = source.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/, 1)[0] ?? '';
  const delimiter = firstLine.includes('\t')
    ? '\t'
    : firstLine.includes(';') && !firstLine.includes(',')
      ? ';'
      : ',';
  const { records, error } = parseCsvRecords(source, delimiter);
  const errors: ImportLineError[] = error ? [error] : [];
  const questions: ImportedQuestion[] = [];
  const [header, ...rows] = records;
  if (!header) return { questions, errors: [...errors, { line: 1, message: 'The file is empty.' }] };
  const columns = header.fields.map((name) => name.trim().toLowerCase());
  const missing = ['type', 'question'].filter((name) => !columns.includes(name));
  if (missing.length > 0) {
    return {
      questions,
      errors: [
        {
          line: header.line,
          message: `The first line must name the columns (${QUIZ_CSV_COLUMNS.join(', ')}); missing: ${missing.join(', ')}.`,
        },
        ...errors,
      ],
    };
  }
  const column = (record: CsvRecord, name: string) => {
    const index = columns.indexOf(name);
    return index === -1 ? '' : (record.fields[index] ?? '').trim();
  };
  for (const record of rows) {
    const rawType = column(record, 'type').toLowerCase();
    const type = CSV_TYPES[rawType];
    if (!type) {
      errors.push({
        line: record.line,
        message: `Unknown question type "${rawType}"; use ${QUESTION_TYPES.join(', ')}.`,
      });
      continue;
    }
    const pointsText = column(record, 'points');
    const points = pointsText === '' ? 1 : Number(pointsText);
    const correct = splitList(column(record, 'correct'));
    const optionTexts = splitList(column(record, 'options'));
    const problems: string[] = [];
    let options: DraftQuestion['options'] = [];
    if (type === 'ordering') {
      options = optionTexts.map((text) => ({ text, correct: false, feedback: null }));
    } else if (type !== 'open_answer') {
      const numbers = correct.map((value) => Number(value));
      const invalid = correct.filter(
        (value, index) =>
          !/^\d+$/.test(value) ||
          (numbers[index] as number) < 1 ||
          (numbers[index] as number) > optionTexts.length,
      );
      if (invalid.length > 0)
        problems.push(
          `"correct" must list option numbers from 1 to ${optionTexts.length} (got ${invalid.join(', ')}).`,
        );
      options = optionTexts.map((text, index) => ({
        text,
        correct: numbers.includes(index + 1),
        feedback: null,
      }));
    } else if (optionTexts.length > 0) {
      problems.push('An open question has no options; put the accepted answers in "correct".');
    }
    const question: DraftQuestion = {
      type,
      prompt: column(record, 'question'),
      options,
      acceptedAnswers: type === 'open_answer' ? correct : [],
      feedback: column(record, 'feedback') || null,
      points,
    };
    problems.push(...messagesOf(questionProblems(question)));
    if (problems.length > 0) {
      errors.push({ line: record.line, message: problems.join(' ') });
      continue;
    }
    if (questions.length >= QUIZ_IMPORT_MAX_QUESTIONS) {
      errors.push({
        line: record.line,
        message: `One import holds at most ${QUIZ_IMPORT_MAX_QUESTIONS} questions.`,
      });
      break;
    }
    questions.push({ ...question, line: record.line });
  }
  if (questions.length === 0 && errors.length === 0) errors.push({ line: 1, message: 'No questions found.' });
  errors.sort((a, b) => a.line - b.line);
  return { questions, errors };
}

export function parseQuizImport(format: TextImportFormat, source: string): ImportResult {
  return format === 'gift' ? parseGift(source) : parseQuizCsv(source);
}
