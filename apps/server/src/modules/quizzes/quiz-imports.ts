/**
 * One report for every quiz import (GIFT, CSV, QTI): the questions to add, the items skipped with
 * their reasons, and the errors that refuse the import, each with a pointer to its line or item.
 */
import { parseQuizImport, type DraftQuestion, type QuestionType, type QuizImportFormat } from '@leerpad/core';
import type { Executor } from '../../db/schema';
import type { LearningObjectRow } from '../../db/schema-learning';
import { parseQtiPackage, parseQtiXml } from './qti';
import { qtiPackage } from './qti-export';
import { storedAcceptedAnswers, storedOptions } from './questions';
import { questionsOf } from './service';

export interface ImportProblem {
  code: 'INVALID_LINE' | 'INVALID_ITEM';
  title: string;
  detail: string;
  /** Under the body's attributes: `lines/<n>` or `items/<identifier>`. */
  path: string;
  meta: Record<string, string | number | null>;
}

export interface ImportReport {
  questions: DraftQuestion[];
  skipped: Array<{ item: string; file: string; reason: string }>;
  problems: ImportProblem[];
}

export interface ImportSource {
  format: QuizImportFormat;
  text?: string | undefined;
  /** A QTI package (zip), base64. */
  package?: string | undefined;
}

export async function readQuizImport(source: ImportSource): Promise<ImportReport> {
  if (source.format !== 'qti') {
    const { questions, errors } = parseQuizImport(source.format, source.text ?? '');
    return {
      questions,
      skipped: [],
      problems: errors.map((error) => ({
        code: 'INVALID_LINE',
        title: `Line ${error.line}`,
        detail: error.message,
        path: `lines/${error.line}`,
        meta: { line: error.line },
      })),
    };
  }
  const result = source.package
    ? await parseQtiPackage(Buffer.from(source.package, 'base64'))
    : parseQtiXml(source.text ?? '');
  return {
    questions: result.questions.map(({ item: _item, ...question }) => question),
    skipped: result.skipped,
    problems: result.errors.map((error) => ({
      code: 'INVALID_ITEM',
      title: error.item ? `Item ${error.item}` : 'Package',
      detail: error.line ? `${error.message} (${error.file}, line ${error.line})` : error.message,
      path: `items/${encodeURIComponent(error.item || 'package')}`,
      meta: {
        item: error.item || 'package',
        file: error.file,
        line: error.line,
        reason: error.line ? `${error.message} (${error.file}, line ${error.line})` : error.message,
      },
    })),
  };
}

/** A quiz's questions, in order, as a QTI 3.0 package. */
export async function quizAsQtiPackage(db: Executor, quiz: Pick<LearningObjectRow, 'id' | 'title'>) {
  const rows = await questionsOf(db, quiz.id);
  return qtiPackage(
    quiz.title,
    rows.map((row) => ({
      id: row.id,
      type: row.type as QuestionType,
      prompt: row.prompt,
      options: storedOptions(row),
      acceptedAnswers: storedAcceptedAnswers(row),
      feedback: row.feedback,
      points: row.points,
    })),
  );
}
