/**
 * Serialises the transactions that work on one thing, so that a check followed by a write cannot
 * interleave with another request's: on PostgreSQL a transaction-scoped advisory lock on a key,
 * released at commit or rollback; SQLite already runs one writing transaction at a time. Each lock
 * is taken first thing in its transaction. The keys live here, so two kinds never collide.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf } from './dialect';
import type { PortalScope } from './schema';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Transaction = Kysely<any>;

async function lockFor(trx: Transaction, key: string): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

export const locks = {
  /** A course's sections and learning objects: positions stay unique and dense. */
  outline: (trx: Transaction, courseId: number) => lockFor(trx, `outline:${courseId}`),
  /** One student's answer to one assignment: one draft, handed in once. */
  answer: (trx: Transaction, assignmentId: number, accountId: number) =>
    lockFor(trx, `answer:${assignmentId}:${accountId}`),
  /** One student's attempts at one quiz: one running attempt, each scored once. */
  quiz: (trx: Transaction, quizId: number, enrollmentId: number) =>
    lockFor(trx, `quiz:${quizId}:${enrollmentId}`),
  /** One student's requests for one course: one pending request at a time. */
  approval: (trx: Transaction, courseId: number, accountId: number) =>
    lockFor(trx, `approval:${courseId}:${accountId}`),
  /** One coach's mandate: one active mandate per coach. */
  mandate: (trx: Transaction, scope: PortalScope, coachId: number) =>
    lockFor(trx, `mandate:${scope}:${coachId}`),
  /** A portal's uploads, while one is weighed against the storage quotas. */
  storage: (trx: Transaction, scope: PortalScope) => lockFor(trx, `storage:${scope}`),
  /** One setting of a portal (a `portal_parameters` type): one row per portal. */
  portalParameter: (trx: Transaction, scope: PortalScope, type: string) =>
    lockFor(trx, `parameter:${scope}:${type}`),
  /** A name that must be unique within a portal, whatever its case. */
  name: (trx: Transaction, table: string, scope: PortalScope, name: string) =>
    lockFor(trx, `name:${table}:${scope}:${name.toLowerCase()}`),
};
