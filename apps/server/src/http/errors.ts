import { errorText, type Locale } from '@leerpad/core';
import { isConnectionLoss } from '../db/connection';
import type { ErrorReporter } from '../observability/error-reports';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import {
  DomainError,
  FeatureDisabled,
  Forbidden,
  Invalid,
  NotFound,
  PaymentRequired,
  RateLimited,
  Unauthenticated,
  type FieldPath,
  type FieldProblem,
  type KnownDomainError,
  type Problem,
} from '../domain/errors';
import { requestLocale } from './locale';

export interface ErrorSource {
  pointer?: string;
  parameter?: string;
}

export interface ErrorObject {
  status: string;
  code: string;
  title: string;
  detail?: string;
  source?: ErrorSource;
  meta?: Record<string, unknown>;
}

/**
 * A JSON:API error the handler sends as it is. Route handlers and `http/` code throw it; services,
 * policies and commands throw domain errors (`domain/errors.ts`), which `fromDomainError` maps.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ErrorObject[];
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    errors: Array<Omit<ErrorObject, 'status'>>,
    headers: Record<string, string> = {},
  ) {
    super(errors[0]?.detail ?? errors[0]?.title ?? `HTTP ${status}`);
    this.status = status;
    this.errors = errors.map((error) => ({ status: String(status), ...error }));
    this.headers = headers;
  }

  static badRequest(code: string, detail: string, source?: ErrorSource): ApiError {
    return new ApiError(400, [{ code, title: 'Bad request', detail, ...(source ? { source } : {}) }]);
  }
  static unauthenticated(): ApiError {
    return fromDomainError(new Unauthenticated());
  }
  static paymentRequired(): ApiError {
    return fromDomainError(new PaymentRequired());
  }
  static forbidden(detail?: string, code?: string): ApiError {
    return fromDomainError(new Forbidden({ detail, code }));
  }
  static featureDisabled(feature: string): ApiError {
    return fromDomainError(new FeatureDisabled(feature));
  }
  static notFound(what = 'resource'): ApiError {
    return fromDomainError(new NotFound(what));
  }
  static validation(errors: readonly FieldProblem[]): ApiError {
    return fromDomainError(new Invalid(errors));
  }
  static tooManyAttempts(retryAfterSeconds: number): ApiError {
    return fromDomainError(new RateLimited(retryAfterSeconds));
  }
}

/** A field path as a JSON pointer: segments are joined with `~` and `/` escaped (RFC 6901). */
export function jsonPointer(path: FieldPath): string {
  if (typeof path === 'string') return path;
  return path.map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

const withMeta = (meta: Record<string, unknown> | undefined) =>
  meta && Object.keys(meta).length > 0 ? { meta } : {};

function problemObject(problem: Problem, title: string): Omit<ErrorObject, 'status'> {
  return {
    code: problem.code,
    title: problem.title ?? title,
    detail: problem.detail,
    ...withMeta(problem.meta),
  };
}

/**
 * The HTTP answer to each kind of domain error: status, JSON:API error objects (code, title,
 * English detail, pointer, meta) and headers. The error handler words `detail` per reader.
 */
export function fromDomainError(error: KnownDomainError): ApiError {
  switch (error.kind) {
    case 'not_found':
      return typeof error.subject === 'string'
        ? new ApiError(404, [
            { code: 'NOT_FOUND', title: 'Not found', detail: `This ${error.subject} does not exist.` },
          ])
        : new ApiError(404, [problemObject(error.subject, 'Not found')]);
    case 'unauthenticated':
      return new ApiError(401, [
        { code: 'UNAUTHENTICATED', title: 'Unauthenticated', detail: 'Sign in to continue.' },
      ]);
    case 'forbidden':
      return new ApiError(403, [{ code: error.code, title: 'Forbidden', detail: error.detail }]);
    case 'feature_disabled':
      return new ApiError(403, [
        {
          code: 'FEATURE_DISABLED',
          title: 'Feature disabled',
          detail: `The feature "${error.feature}" is not enabled for this portal.`,
          meta: { feature: error.feature },
        },
      ]);
    case 'payment_required':
      return new ApiError(402, [
        {
          code: 'PAYMENT_REQUIRED',
          title: 'Payment required',
          detail: 'An active subscription is needed for this.',
        },
      ]);
    case 'invalid':
      return new ApiError(
        422,
        error.problems.map((problem) => ({
          code: problem.code ?? 'VALIDATION_FAILED',
          title: problem.title ?? 'Invalid attribute',
          detail: problem.detail,
          source: { pointer: jsonPointer(problem.pointer) },
          ...withMeta({ ...(problem.rule ? { rule: problem.rule } : {}), ...problem.meta }),
        })),
      );
    case 'conflict':
      return new ApiError(409, [problemObject(error.problem, 'Conflict')]);
    case 'gone':
      return new ApiError(410, [problemObject(error.problem, 'Gone')]);
    case 'too_large': {
      const { pointer, ...problem } = error.problem;
      return new ApiError(413, [
        {
          ...problemObject(problem, 'Payload too large'),
          ...(pointer !== undefined ? { source: { pointer: jsonPointer(pointer) } } : {}),
        },
      ]);
    }
    case 'rate_limited': {
      const minutes = Math.ceil(error.retryAfterSeconds / 60);
      return new ApiError(
        429,
        [
          {
            code: 'TOO_MANY_ATTEMPTS',
            title: 'Too many attempts',
            detail: `Too many attempts. Try again in ${minutes} minute(s).`,
            meta: { minutes },
          },
        ],
        { 'retry-after': String(Math.ceil(error.retryAfterSeconds)) },
      );
    }
    case 'upstream_failure':
      return new ApiError(502, [problemObject(error.problem, 'Bad gateway')]);
    case 'busy':
      return new ApiError(503, [problemObject(error.problem, 'Service unavailable')], {
        'retry-after': String(Math.max(1, Math.ceil(error.retryAfterSeconds))),
      });
  }
}

const fastifyErrorMap: Record<
  string,
  { status: number; code: string; title: string; detail: string; meta?: Record<string, unknown> }
> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'MALFORMED_JSON',
    title: 'Malformed JSON',
    detail: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'MALFORMED_JSON',
    title: 'Malformed JSON',
    detail: 'The request body is empty but says it is JSON.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    title: 'Unsupported media type',
    detail: 'Send the request body as application/json or application/vnd.api+json.',
    meta: { accepted: 'application/json, application/vnd.api+json' },
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    title: 'Payload too large',
    detail: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'BAD_CONTENT_LENGTH',
    title: 'Bad request',
    detail: 'The Content-Length header does not match the body.',
  },
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'BAD_URL',
    title: 'Bad request',
    detail: 'The address is not valid.',
  },
  FST_ERR_ASYNC_CONSTRAINT: {
    status: 400,
    code: 'BAD_REQUEST',
    title: 'Bad request',
    detail: 'The request could not be routed.',
  },
};

/** 503 with Retry-After: the database is not reachable, or did not answer in time. */
export function databaseUnavailable(): ApiError {
  return new ApiError(
    503,
    [
      {
        code: 'DATABASE_UNAVAILABLE',
        title: 'Service unavailable',
        detail: 'The database is not reachable for a moment. Please try again.',
      },
    ],
    { 'retry-after': '1' },
  );
}

/**
 * What a database failure means for the caller. Losing the connection is temporary (503 with
 * Retry-After; the pool reconnects). A race that ends in a unique violation is a conflict (409), not
 * a bug of ours, and a value the database cannot hold is the request's fault (400). Anything else
 * stays a 500.
 */
export function databaseFailure(error: unknown): ApiError | null {
  if (!(error instanceof Error)) return null;
  const code = String((error as { code?: unknown }).code ?? '');
  if (isConnectionLoss(error) || code === 'SQLITE_BUSY') return databaseUnavailable();
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return new ApiError(409, [
      { code: 'CONFLICT', title: 'Conflict', detail: 'This was changed at the same time. Please try again.' },
    ]);
  }
  // A statement the server ended at LEERPAD_DB_STATEMENT_TIMEOUT_MS: the database is overloaded.
  if (code === '40001' || code === '40P01' || code === '57014') {
    return new ApiError(503, [{ code: 'RETRY', title: 'Service unavailable', detail: 'Please try again.' }], {
      'retry-after': '1',
    });
  }
  if (/^22/.test(code)) {
    return ApiError.badRequest('INVALID_VALUE', 'A value in the request cannot be stored or looked up.');
  }
  return null;
}

export function errorDocument(errors: ErrorObject[]) {
  return { errors };
}

/** The errors with each `detail` in the reader's language (by code; unknown codes keep theirs). */
export function localiseErrors(errors: ErrorObject[], locale: Locale): ErrorObject[] {
  if (locale === 'en') return errors;
  return errors.map((error) => {
    const detail = errorText(error, locale);
    return detail ? { ...error, detail } : error;
  });
}

function localeOf(request: FastifyRequest): Locale {
  try {
    return requestLocale(request);
  } catch {
    return 'en';
  }
}

/** Every failure leaves as a JSON:API error document; only a real bug is a 500, and it is logged. */
export function registerErrorHandling(app: FastifyInstance, reports?: ErrorReporter): void {
  app.setErrorHandler((thrown: FastifyError | ApiError | DomainError, request, reply) => {
    const document = (errors: ErrorObject[]) => errorDocument(localiseErrors(errors, localeOf(request)));
    const error = thrown instanceof DomainError ? fromDomainError(thrown as KnownDomainError) : thrown;
    if (error instanceof ApiError) {
      return reply.status(error.status).headers(error.headers).send(document(error.errors));
    }
    const known = error.code ? fastifyErrorMap[error.code] : undefined;
    if (known) {
      return reply.status(known.status).send(
        document([
          {
            status: String(known.status),
            code: known.code,
            title: known.title,
            detail: known.detail,
            ...(known.meta ? { meta: known.meta } : {}),
          },
        ]),
      );
    }
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return reply
        .status(400)
        .send(
          document([{ status: '400', code: 'BAD_REQUEST', title: 'Bad request', detail: error.message }]),
        );
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(
        document([
          {
            status: String(error.statusCode),
            code: error.code ?? 'CLIENT_ERROR',
            title: 'Request refused',
            detail: error.message,
          },
        ]),
      );
    }
    const database = databaseFailure(error);
    if (database) {
      if (database.status >= 500) request.log.warn({ err: error }, 'database unavailable');
      return reply.status(database.status).headers(database.headers).send(document(database.errors));
    }
    request.log.error({ err: error }, 'unhandled error');
    reports?.capture({
      error,
      accountId: request.account?.id ?? null,
      portalId: request.portal?.id ?? null,
      route: request.routeOptions?.url ?? null,
      method: request.method,
    });
    return reply.status(500).send(
      document([
        {
          status: '500',
          code: 'INTERNAL_ERROR',
          title: 'Something went wrong',
          detail: 'We failed to handle your request. Apologies for the inconvenience.',
        },
      ]),
    );
  });
}
