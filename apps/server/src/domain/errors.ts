/**
 * What can go wrong in a business operation, said without HTTP. Services, policies and commands
 * throw these; the HTTP edge (`http/errors.ts`) turns each kind into its status, JSON:API error
 * objects, headers and the reader's language, in one place. A code named here is the API's error
 * code and has its texts in `@leerpad/core` (messages/errors.ts).
 */

/** A problem with one code; `title` and `detail` are English (the edge words `detail` per reader). */
export interface Problem {
  code: string;
  title?: string;
  detail: string;
  meta?: Record<string, unknown>;
}

/**
 * Where in the input a problem sits: a JSON pointer into the request (`/data/attributes/name`,
 * `/file`), or its segments (`['data', 'attributes', 'member_ids', 2]`), which the edge joins.
 */
export type FieldPath = string | ReadonlyArray<string | number>;

/** One thing wrong with one field of the input. `rule` names the failed rule (kept in `meta`). */
export interface FieldProblem {
  pointer: FieldPath;
  detail: string;
  code?: string;
  title?: string;
  rule?: string;
  meta?: Record<string, unknown>;
}

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
}

/** The thing asked for does not exist, or this reader may not know that it does. */
export class NotFound extends DomainError {
  readonly kind = 'not_found';
  /** A kind of record (`'answer'`), or a problem with its own code (`FILE_MISSING`). */
  constructor(readonly subject: string | Problem = 'resource') {
    super(typeof subject === 'string' ? `This ${subject} does not exist.` : subject.detail);
  }
}

/** Nobody is signed in, or the session is gone. */
export class Unauthenticated extends DomainError {
  readonly kind = 'unauthenticated';
  constructor() {
    super('Sign in to continue.');
  }
}

/** The reader is known and may not do this. */
export class Forbidden extends DomainError {
  readonly kind = 'forbidden';
  readonly code: string;
  readonly detail: string;
  constructor(problem: Partial<Pick<Problem, 'code' | 'detail'>> = {}) {
    const detail = problem.detail ?? 'You may not do this.';
    super(detail);
    this.code = problem.code ?? 'FORBIDDEN';
    this.detail = detail;
  }
}

/** The portal has this feature switched off. */
export class FeatureDisabled extends DomainError {
  readonly kind = 'feature_disabled';
  constructor(readonly feature: string) {
    super(`The feature "${feature}" is not enabled for this portal.`);
  }
}

/** The portal's business model asks for a subscription the reader lacks. */
export class PaymentRequired extends DomainError {
  readonly kind = 'payment_required';
  constructor() {
    super('An active subscription is needed for this.');
  }
}

/** The input is wrong: one problem per field, all reported at once. */
export class Invalid extends DomainError {
  readonly kind = 'invalid';
  readonly problems: readonly FieldProblem[];
  constructor(problems: readonly FieldProblem[]) {
    super(problems[0]?.detail ?? 'The input is not valid.');
    this.problems = problems;
  }
}

/** The record is not in a state that allows this (already decided, already paid …). */
export class Conflict extends DomainError {
  readonly kind = 'conflict';
  constructor(readonly problem: Problem) {
    super(problem.detail);
  }
}

/** The thing existed and is no more (a used or expired link). */
export class Gone extends DomainError {
  readonly kind = 'gone';
  constructor(readonly problem: Problem) {
    super(problem.detail);
  }
}

/** The input is larger than allowed (a file, a quota). */
export class TooLarge extends DomainError {
  readonly kind = 'too_large';
  constructor(readonly problem: Problem & { pointer?: FieldPath }) {
    super(problem.detail);
  }
}

/** Too many attempts; the caller may try again after this many seconds. */
export class RateLimited extends DomainError {
  readonly kind = 'rate_limited';
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`);
  }
}

/** A service outside ours (a payment provider) failed to answer. */
export class UpstreamFailure extends DomainError {
  readonly kind = 'upstream_failure';
  constructor(readonly problem: Problem) {
    super(problem.detail);
  }
}

/** Too much of this work is waiting already; the caller may try again after `retryAfterSeconds`. */
export class Busy extends DomainError {
  readonly kind = 'busy';
  constructor(
    readonly problem: Problem,
    readonly retryAfterSeconds: number,
  ) {
    super(problem.detail);
  }
}

export type KnownDomainError =
  | NotFound
  | Unauthenticated
  | Forbidden
  | FeatureDisabled
  | PaymentRequired
  | Invalid
  | Conflict
  | Gone
  | TooLarge
  | RateLimited
  | UpstreamFailure
  | Busy;

export type DomainErrorKind =
  | 'not_found'
  | 'unauthenticated'
  | 'forbidden'
  | 'feature_disabled'
  | 'payment_required'
  | 'invalid'
  | 'conflict'
  | 'gone'
  | 'too_large'
  | 'rate_limited'
  | 'upstream_failure'
  | 'busy';
