import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { checklistPdf } from './learning';
import { ACADEMY_COURSES } from './academy-titles';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo learning data', () => {
  it('has a catalog of at least 12 published courses in 3 categories', async () => {
    const rows = await t.services.db
      .selectFrom('courses')
      .select(['catalog_category_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('portal_id', '=', 1)
      .where('status', '=', 'published')
      .groupBy('catalog_category_id')
      .execute();
    expect(rows.filter((row) => row.catalog_category_id !== null)).toHaveLength(3);
    expect(rows.reduce((sum, row) => sum + Number(row.count), 0)).toBeGreaterThanOrEqual(12);
  });

  it('has a published sample course with a learning object of every type, and its file on disk', async () => {
    const course = await t.services.db
      .selectFrom('courses')
      .selectAll()
      .where('title', '=', ACADEMY_COURSES.sample)
      .executeTakeFirstOrThrow();
    expect(course.status).toBe('published');
    const types = await t.services.db
      .selectFrom('learning_objects')
      .select('type')
      .where('course_id', '=', course.id)
      .execute();
    expect(new Set(types.map((row) => row.type))).toEqual(
      new Set(['page', 'video', 'file', 'quiz', 'assignment']),
    );
    const file = await t.services.db.selectFrom('files').selectAll().executeTakeFirstOrThrow();
    const stored = await t.services.storage.read(file.storage_key);
    expect(stored?.byteSize).toBe(file.byte_size);
    stored?.stream.destroy();
  });

  it('has the demo student enrolled in one course, half-way through, and no extra notifications', async () => {
    const studentId = await t.accountId('student@leerpad.test');
    const enrollments = await t.services.db
      .selectFrom('enrollments')
      .selectAll()
      .where('account_id', '=', studentId)
      .execute();
    expect(enrollments).toHaveLength(1);
    const progress = await t.services.db
      .selectFrom('learning_object_progress')
      .select('status')
      .where('enrollment_id', '=', enrollments[0]!.id)
      .execute();
    const objects = await t.services.db
      .selectFrom('learning_objects')
      .select('id')
      .where('course_id', '=', enrollments[0]!.course_id)
      .execute();
    expect(progress.filter((row) => row.status === 'completed').length * 2).toBe(objects.length);
    const account = await t.services.db
      .selectFrom('accounts')
      .select(['notifications_total', 'notifications_unread'])
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ notifications_total: 320, notifications_unread: 42 });
  });

  it('writes a well-formed PDF', () => {
    const pdf = checklistPdf(['Title', 'A line (with brackets)']).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    expect(pdf).toContain('\\(with brackets\\)');
  });
});
