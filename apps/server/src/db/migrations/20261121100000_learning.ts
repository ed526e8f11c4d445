import { sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';
import type { DialectName } from '../dialect';

/**
 * Learning core: catalog categories, content labels, files, courses with sections and learning
 * objects, quiz questions, enrolments with per-object progress, quiz attempts, assignment answers
 * and content issues. Every table carries portal_id; lists are served by the indexes below.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const id = identityType(dialect);
  const timestamp = timestampType(dialect);
  const idColumn = (builder: { primaryKey(): { autoIncrement(): unknown } }) =>
    dialect === 'sqlite' ? builder.primaryKey().autoIncrement() : builder.primaryKey();
  const portalColumn = (c: ColumnDefinitionBuilder) =>
    c.notNull().references('portals.id').onDelete('cascade');

  await db.schema
    .createTable('catalog_categories')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', portalColumn)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('catalog_categories_portal_name', ['portal_id', 'name'])
    .execute();

  await db.schema
    .createTable('content_labels')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', portalColumn)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('content_labels_portal_name', ['portal_id', 'name'])
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', portalColumn)
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('files_portal_account')
    .on('files')
    .columns(['portal_id', 'account_id'])
    .execute();

  await db.schema
    .createTable('courses')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', portalColumn)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('cover_image_url', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('catalog_category_id', 'integer', (c) =>
      c.references('catalog_categories.id').onDelete('set null'),
    )
    .addColumn('estimated_minutes', 'integer')
    .addColumn('published_at', timestamp)
    .addColumn('created_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  // The catalog (published, by title or newest), the category filter, and the staff list (by change).
  await db.schema
    .createIndex('courses_portal_status_title')
    .on('courses')
    .columns(['portal_id', 'status', 'title', 'id'])
    .execute();
  await db.schema
    .createIndex('courses_portal_status_published')
    .on('courses')
    .columns(['portal_id', 'status', 'published_at', 'id'])
    .execute();
  await db.schema
    .createIndex('courses_portal_category_status_title')
    .on('courses')
    .columns(['portal_id', 'catalog_category_id', 'status', 'title', 'id'])
    .execute();
  await db.schema
    .createIndex('courses_portal_title')
    .on('courses')
    .columns(['portal_id', 'title', 'id'])
    .execute();
  await db.schema
    .createIndex('courses_portal_updated')
    .on('courses')
    .columns(['portal_id', 'updated_at', 'id'])
    .execute();
  await db.schema.createIndex('courses_cover_file').on('courses').column('cover_file_id').execute();
  await createCourseSearch(db, dialect);

  await db.schema
    .createTable('course_content_labels')
    .addColumn('portal_id', 'integer', portalColumn)
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('content_label_id', 'integer', (c) =>
      c.notNull().references('content_labels.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('course_content_labels_pk', ['course_id', 'content_label_id'])
    .execute();
  await db.schema
    .createIndex('course_content_labels_label')
    .on('course_content_labels')
    .columns(['content_label_id', 'course_id'])
    .execute();

  await db.schema
    .createTable('course_sections')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', portalColumn)
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('course_sections_course')
    .on('course_sections')
    .columns(['course_id', 'position'])
    .execute();

  await db.schema
    .createTable('learning_objects')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', portalColumn)
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('section_id', 'integer', (c) =>
      c.notNull().references('course_sections.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('estimated_minutes', 'integer')
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('video_url', 'text')
    .addColumn('video_provider', 'text')
    .addColumn('embed_url', 'text')
    .addColumn('file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('learning_objects_course_section')
    .on('learning_objects')
    .columns(['course_id', 'section_id', 'position'])
    .execute();
  await db.schema
    .createIndex('learning_objects_section')
    .on('learning_objects')
    .columns(['section_id', 'position'])
    .execute();
  await db.schema.createIndex('learning_objects_file').on('learning_objects').columns(['file_id']).execute();

  await db.schema
    .createTable('quiz_questions')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', portalColumn)
    .addColumn('learning_object_id', 'integer', (c) =>
      c.notNull().references('learning_objects.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('accepted_answers', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('feedback', 'text')
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('quiz_questions_learning_object')
    .on('quiz_questions')
    .columns(['learning_object_id', 'position'])
    .execute();

  await db.schema
    .createTable('enrollments')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', portalColumn)
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('last_learning_object_id', 'integer', (c) =>
      c.references('learning_objects.id').onDelete('set null'),
    )
    .addColumn('enrolled_at', timestamp, (c) => c.notNull())
    .addColumn('last_activity_at', timestamp, (c) => c.notNull())
    .addColumn('completed_at', timestamp)
    .addUniqueConstraint('enrollments_course_account', ['course_id', 'account_id'])
    .execute();
  await db.schema
    .createIndex('enrollments_portal_account')
    .on('enrollments')
    .columns(['portal_id', 'account_id', 'last_activity_at'])
    .execute();

  await db.schema
    .createTable('learning_object_progress')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', portalColumn)
    .addColumn('enrollment_id', 'integer', (c) =>
      c.notNull().references('enrollments.id').onDelete('cascade'),
    )
    .addColumn('learning_object_id', 'integer', (c) =>
      c.notNull().references('learning_objects.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('last_position', 'integer')
    .addColumn('score', 'integer')
    .addColumn('attempts_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completed_at', timestamp)
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('learning_object_progress_unique', ['enrollment_id', 'learning_object_id'])
    .execute();
  await db.schema
    .createIndex('learning_object_progress_object')
    .on('learning_object_progress')
    .columns(['learning_object_id'])
    .execute();

  await db.schema
    .createTable('quiz_attempts')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', portalColumn)
    .addColumn('enrollment_id', 'integer', (c) =>
      c.notNull().references('enrollments.id').onDelete('cascade'),
    )
    .addColumn('learning_object_id', 'integer', (c) =>
      c.notNull().references('learning_objects.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('question_ids', 'text', (c) => c.notNull())
    .addColumn('responses', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('results', 'text')
    .addColumn('score', 'integer')
    .addColumn('max_score', 'integer')
    .addColumn('percent', 'integer')
    .addColumn('passed', 'integer')
    .addColumn('started_at', timestamp, (c) => c.notNull())
    .addColumn('submitted_at', timestamp)
    .execute();
  await db.schema
    .createIndex('quiz_attempts_enrollment_object')
    .on('quiz_attempts')
    .columns(['enrollment_id', 'learning_object_id', 'id'])
    .execute();

  await db.schema
    .createTable('answers')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', portalColumn)
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('learning_object_id', 'integer', (c) =>
      c.notNull().references('learning_objects.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('grade', 'integer')
    .addColumn('feedback', 'text')
    .addColumn('reviewer_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('submitted_at', timestamp)
    .addColumn('reviewed_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('answers_portal_status')
    .on('answers')
    .columns(['portal_id', 'status', 'submitted_at', 'id'])
    .execute();
  await db.schema
    .createIndex('answers_learning_object')
    .on('answers')
    .columns(['learning_object_id'])
    .execute();
  await db.schema.createIndex('answers_file').on('answers').column('file_id').execute();

  // Who an answer belongs to: the author, and classmates on a group submission. One answer per
  // student per assignment, enforced by the unique constraint.
  await db.schema
    .createTable('answer_members')
    .addColumn('portal_id', 'integer', portalColumn)
    .addColumn('answer_id', 'integer', (c) => c.notNull().references('answers.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('learning_object_id', 'integer', (c) =>
      c.notNull().references('learning_objects.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('answer_members_pk', ['answer_id', 'account_id'])
    .addUniqueConstraint('answer_members_one_per_object', ['learning_object_id', 'account_id'])
    .execute();
  await db.schema
    .createIndex('answer_members_account')
    .on('answer_members')
    .columns(['account_id'])
    .execute();

  await db.schema
    .createTable('content_issues')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', portalColumn)
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('learning_object_id', 'integer', (c) =>
      c.references('learning_objects.id').onDelete('set null'),
    )
    .addColumn('reporter_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('staff_note', 'text')
    .addColumn('resolved_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('resolved_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('content_issues_portal_status')
    .on('content_issues')
    .columns(['portal_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('content_issues_reporter')
    .on('content_issues')
    .columns(['reporter_id'])
    .execute();
}

/**
 * Catalog search by substring at 10,000+ courses (see indexedContains in db/dialect.ts). PostgreSQL:
 * trigram GIN indexes on title and summary, when pg_trgm can be installed (a trusted extension since
 * PostgreSQL 13); without it search still works, by scanning. SQLite: an FTS5 trigram index kept in
 * step with the courses table by triggers.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function createCourseSearch(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    const inTransaction = db.isTransaction;
    if (inTransaction) await sql`savepoint course_search`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`create index courses_title_trgm on courses using gin (title gin_trgm_ops)`.execute(db);
      await sql`create index courses_summary_trgm on courses using gin (summary gin_trgm_ops)`.execute(db);
      if (inTransaction) await sql`release savepoint course_search`.execute(db);
    } catch {
      if (inTransaction) await sql`rollback to savepoint course_search`.execute(db);
    }
    return;
  }
  await sql`create virtual table courses_search using fts5(title, summary, content='courses', content_rowid='id', tokenize='trigram')`.execute(
    db,
  );
  await sql`create trigger courses_search_insert after insert on courses begin
    insert into courses_search (rowid, title, summary) values (new.id, new.title, new.summary);
  end`.execute(db);
  await sql`create trigger courses_search_delete after delete on courses begin
    insert into courses_search (courses_search, rowid, title, summary) values ('delete', old.id, old.title, old.summary);
  end`.execute(db);
  await sql`create trigger courses_search_update after update of title, summary on courses begin
    insert into courses_search (courses_search, rowid, title, summary) values ('delete', old.id, old.title, old.summary);
    insert into courses_search (rowid, title, summary) values (new.id, new.title, new.summary);
  end`.execute(db);
}
