import { FEATURES, videoEmbed } from '@leerpad/core';
import type { LearningObjectType } from '@leerpad/core';
import type { Kysely } from 'kysely';
import { nowIso, toFlag } from '../../db/dialect';
import { locks } from '../../db/locks';
import type { Database, Executor, InPortal } from '../../db/schema';
import { refreshProgress } from '../enrollments/service';
import { forgetAnswerWeeks } from '../course-content/answer-weeks';
import type { CourseSectionRow, LearningObjectRow } from '../../db/schema-learning';
import { Invalid } from '../../domain/errors';
import type { PortalContext } from '../../context/portal';
import { sanitizeRichText } from '../course-content/rich-text';
import { mergeSettings } from '../course-content/learning-object-settings';
import type { SettingsInput } from '../course-content/learning-object-settings';

export async function questionCount(db: Executor, learningObjectId: number): Promise<number> {
  const row = await db
    .selectFrom('quiz_questions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('learning_object_id', '=', learningObjectId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface LearningObjectInput {
  title?: string | undefined;
  required?: boolean | undefined;
  estimated_minutes?: number | null | undefined;
  body?: string | undefined;
  video_url?: string | null | undefined;
  file_id?: number | null | undefined;
  settings?: SettingsInput | undefined;
}

type Columns = Partial<
  Pick<
    LearningObjectRow,
    | 'title'
    | 'estimated_minutes'
    | 'body'
    | 'video_url'
    | 'video_provider'
    | 'embed_url'
    | 'file_id'
    | 'settings'
  > & { required: number }
>;

/**
 * Turns an author's input into columns for an object of `type`: rich text sanitised, the video
 * address checked and its embed address derived, the file checked to be the portal's, settings
 * merged. Everything wrong is one 422 with a pointer per attribute.
 */
export async function learningObjectColumns(
  db: Executor,
  portal: PortalContext,
  type: LearningObjectType,
  input: LearningObjectInput,
  stored: LearningObjectRow | null,
  pointer: (attribute: string) => string,
): Promise<Columns> {
  const problems: Array<{ pointer: string; detail: string; code?: string }> = [];
  const columns: Columns = {};
  if (input.title !== undefined) columns.title = input.title;
  if (input.required !== undefined) columns.required = toFlag(input.required);
  if (input.estimated_minutes !== undefined) columns.estimated_minutes = input.estimated_minutes;
  if (input.body !== undefined) columns.body = sanitizeRichText(input.body);

  if (type === 'video') {
    const url = input.video_url === undefined ? (stored?.video_url ?? null) : input.video_url;
    const embed = videoEmbed(url);
    if (!embed) {
      problems.push({
        pointer: pointer('video_url'),
        code: url ? 'VIDEO_URL_UNSUPPORTED' : 'VIDEO_URL_REQUIRED',
        detail: url
          ? 'Use a YouTube or Vimeo address, or an https link to an .mp4 or .webm file.'
          : 'A video needs its address.',
      });
    } else if (input.video_url !== undefined) {
      columns.video_url = url;
      columns.video_provider = embed.provider;
      columns.embed_url = embed.embedUrl;
    }
  }
  if (type === 'file') {
    const fileId = input.file_id === undefined ? (stored?.file_id ?? null) : input.file_id;
    if (!fileId)
      problems.push({
        pointer: pointer('file'),
        code: 'FILE_REQUIRED',
        detail: 'Upload a file for this learning object.',
      });
    else if (input.file_id !== undefined) {
      const file = await db
        .selectFrom('files')
        .select('id')
        .where('portal_id', '=', portal.id)
        .where('id', '=', fileId)
        .executeTakeFirst();
      if (!file) problems.push({ pointer: pointer('file'), detail: 'No such file.' });
      else columns.file_id = fileId;
    }
  }
  if (
    input.settings?.questions_per_attempt &&
    type === 'quiz' &&
    !portal.features.has(FEATURES.randomQuizzes)
  ) {
    problems.push({
      pointer: pointer('settings/questions_per_attempt'),
      code: 'FEATURE_DISABLED',
      detail: 'Random question draws are not enabled for this portal.',
    });
  }
  if (
    input.settings?.group_submission &&
    type === 'assignment' &&
    !portal.features.has(FEATURES.groupAssignments)
  ) {
    problems.push({
      pointer: pointer('settings/group_submission'),
      code: 'FEATURE_DISABLED',
      detail: 'Group assignments are not enabled for this portal.',
    });
  }
  if (problems.length > 0) throw new Invalid(problems);
  if (input.settings !== undefined || !stored)
    columns.settings = mergeSettings(type, stored?.settings ?? '{}', input.settings);
  return columns;
}

/** Marks the course changed and recounts its enrolments' stored progress (objects added, removed or made (not) required). */
async function touchCourse(trx: Executor, courseId: number) {
  await trx.updateTable('courses').set({ updated_at: nowIso() }).where('id', '=', courseId).execute();
  await refreshProgress(trx, { courseId });
}

export async function createLearningObject(
  db: Kysely<Database>,
  section: InPortal<CourseSectionRow>,
  type: LearningObjectType,
  columns: Columns & { title: string },
  position: number | undefined,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await locks.outline(trx, section.course_id);
    const siblings = await trx
      .selectFrom('learning_objects')
      .select(['id', 'position'])
      .where('section_id', '=', section.id)
      .orderBy('position')
      .orderBy('id')
      .execute();
    const index = Math.min(Math.max((position ?? siblings.length + 1) - 1, 0), siblings.length);
    const now = nowIso();
    const { id } = await trx
      .insertInto('learning_objects')
      .values({
        portal_id: section.portal_id,
        course_id: section.course_id,
        section_id: section.id,
        type,
        position: index + 1,
        created_at: now,
        updated_at: now,
        ...columns,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [offset, sibling] of siblings.slice(index).entries()) {
      await trx
        .updateTable('learning_objects')
        .set({ position: index + 2 + offset })
        .where('id', '=', sibling.id)
        .execute();
    }
    await touchCourse(trx, section.course_id);
    return id;
  });
}

export async function updateLearningObject(
  db: Kysely<Database>,
  row: InPortal<LearningObjectRow>,
  columns: Columns,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('learning_objects')
      .set({ ...columns, updated_at: nowIso() })
      .where('id', '=', row.id)
      .execute();
    await touchCourse(trx, row.course_id);
  });
}

export async function deleteLearningObject(
  db: Kysely<Database>,
  row: InPortal<LearningObjectRow>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await locks.outline(trx, row.course_id);
    // Its answers go with it (cascade): out of their authors' weekly counts first.
    const answers = await trx
      .selectFrom('answers')
      .select(['account_id', 'submitted_at', 'reviewed_at'])
      .where('learning_object_id', '=', row.id)
      .execute();
    await forgetAnswerWeeks(trx, row.portal_id, answers);
    await trx.deleteFrom('learning_objects').where('id', '=', row.id).execute();
    const rest = await trx
      .selectFrom('learning_objects')
      .select(['id', 'position'])
      .where('section_id', '=', row.section_id)
      .orderBy('position')
      .orderBy('id')
      .execute();
    for (const [index, sibling] of rest.entries()) {
      if (sibling.position !== index + 1) {
        await trx
          .updateTable('learning_objects')
          .set({ position: index + 1 })
          .where('id', '=', sibling.id)
          .execute();
      }
    }
    await touchCourse(trx, row.course_id);
  });
}
