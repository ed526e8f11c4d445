import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Conflict,
  FeatureDisabled,
  Forbidden,
  Gone,
  Invalid,
  NotFound,
  PaymentRequired,
  RateLimited,
  TooLarge,
  Unauthenticated,
  UpstreamFailure,
  type DomainError,
} from '../domain/errors';
import { registerErrorHandling } from './errors';

/** What a client receives when a service throws each kind of domain error. */
const thrown: Record<string, () => DomainError> = {
  'not-found': () => new NotFound('answer'),
  'not-found-coded': () =>
    new NotFound({ code: 'FILE_MISSING', title: 'Not found', detail: 'The file content is missing.' }),
  unauthenticated: () => new Unauthenticated(),
  forbidden: () => new Forbidden(),
  'forbidden-coded': () =>
    new Forbidden({ code: 'NOT_ENROLLED', detail: 'Enrol in this course to open its learning objects.' }),
  'feature-disabled': () => new FeatureDisabled('portfolio'),
  'payment-required': () => new PaymentRequired(),
  invalid: () =>
    new Invalid([
      { pointer: '/data/attributes/name', code: 'REQUIRED', detail: 'A name is required.' },
      { pointer: ['data', 'attributes', 'member_ids', 2], detail: 'Unknown student.' },
      {
        pointer: ['data', 'attributes', 'a/b~c'],
        code: 'PROMOTION_NOT_USABLE',
        rule: 'expired',
        detail: 'This promotion code has expired.',
      },
    ]),
  conflict: () =>
    new Conflict({
      code: 'ALREADY_DECIDED',
      title: 'Already decided',
      detail: 'This request has already been decided.',
    }),
  gone: () =>
    new Gone({ code: 'RATING_LINK_EXPIRED', title: 'Gone', detail: 'This feedback link has expired.' }),
  'too-large': () =>
    new TooLarge({
      code: 'FILE_TOO_LARGE',
      title: 'File too large',
      detail: 'A file may be at most 10 bytes.',
      pointer: '/file',
      meta: { max_bytes: 10 },
    }),
  'rate-limited': () => new RateLimited(125),
  upstream: () =>
    new UpstreamFailure({
      code: 'PAYMENT_PROVIDER_FAILED',
      title: 'Bad gateway',
      detail: 'The payment provider did not answer; try again in a moment.',
    }),
};

const app = Fastify();

beforeAll(async () => {
  registerErrorHandling(app);
  app.get<{ Params: { kind: string } }>('/throw/:kind', async (request) => {
    throw thrown[request.params.kind]!();
  });
  await app.ready();
});
afterAll(() => app.close());

async function answer(kind: string, language = 'en') {
  const response = await app.inject({ url: `/throw/${kind}`, headers: { 'accept-language': language } });
  return { status: response.statusCode, headers: response.headers, errors: response.json().errors };
}

describe('domain errors at the HTTP edge', () => {
  it('answers a missing record with 404 NOT_FOUND naming what is missing, in English and Dutch', async () => {
    const english = await answer('not-found');
    expect(english.status).toBe(404);
    expect(english.errors).toEqual([
      { status: '404', code: 'NOT_FOUND', title: 'Not found', detail: 'This answer does not exist.' },
    ]);
    expect((await answer('not-found', 'nl')).errors[0].detail).toBe('Dit bestaat niet.');
    const coded = await answer('not-found-coded');
    expect([coded.status, coded.errors[0].code]).toEqual([404, 'FILE_MISSING']);
  });

  it('answers 401 and 402 with their codes', async () => {
    const unauthenticated = await answer('unauthenticated', 'nl');
    expect([unauthenticated.status, unauthenticated.errors[0].code]).toEqual([401, 'UNAUTHENTICATED']);
    expect(unauthenticated.errors[0].detail).toBe('Log in om verder te gaan.');
    const payment = await answer('payment-required');
    expect([payment.status, payment.errors[0].code, payment.errors[0].detail]).toEqual([
      402,
      'PAYMENT_REQUIRED',
      'An active subscription is needed for this.',
    ]);
  });

  it('answers a refusal with 403 and its own code, and a switched-off feature with its name in meta', async () => {
    expect((await answer('forbidden')).errors).toEqual([
      { status: '403', code: 'FORBIDDEN', title: 'Forbidden', detail: 'You may not do this.' },
    ]);
    const coded = await answer('forbidden-coded', 'nl');
    expect([coded.status, coded.errors[0].code]).toEqual([403, 'NOT_ENROLLED']);
    expect(coded.errors[0].detail).toBe('Schrijf je in voor deze cursus om de onderdelen te openen.');
    const feature = await answer('feature-disabled');
    expect(feature.status).toBe(403);
    expect(feature.errors[0]).toMatchObject({ code: 'FEATURE_DISABLED', meta: { feature: 'portfolio' } });
    expect(feature.errors[0].detail).toBe('The feature "portfolio" is not enabled for this portal.');
  });

  it('answers invalid input with 422 and one error per field, each with its JSON pointer', async () => {
    const english = await answer('invalid');
    expect(english.status).toBe(422);
    expect(english.errors).toEqual([
      {
        status: '422',
        code: 'REQUIRED',
        title: 'Invalid attribute',
        detail: 'A name is required.',
        source: { pointer: '/data/attributes/name' },
      },
      {
        status: '422',
        code: 'VALIDATION_FAILED',
        title: 'Invalid attribute',
        detail: 'Unknown student.',
        source: { pointer: '/data/attributes/member_ids/2' },
      },
      {
        status: '422',
        code: 'PROMOTION_NOT_USABLE',
        title: 'Invalid attribute',
        detail: 'This promotion code has expired.',
        source: { pointer: '/data/attributes/a~1b~0c' },
        meta: { rule: 'expired' },
      },
    ]);
    const dutch = await answer('invalid', 'nl');
    expect(dutch.errors.map((error: { detail: string }) => error.detail)).toEqual([
      'Dit veld is verplicht.',
      'Deze waarde is niet geldig.',
      'Deze kortingscode is verlopen.',
    ]);
  });

  it('answers a state conflict with 409, a used link with 410, and too large an upload with 413', async () => {
    const conflict = await answer('conflict', 'nl');
    expect(conflict.status).toBe(409);
    expect(conflict.errors[0]).toMatchObject({ code: 'ALREADY_DECIDED', title: 'Already decided' });
    expect(conflict.errors[0].detail).toBe('Over deze aanvraag is al beslist.');
    const gone = await answer('gone');
    expect([gone.status, gone.errors[0].code]).toEqual([410, 'RATING_LINK_EXPIRED']);
    const tooLarge = await answer('too-large', 'nl');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.errors[0]).toEqual({
      status: '413',
      code: 'FILE_TOO_LARGE',
      title: 'File too large',
      detail: 'Dit bestand is te groot.',
      source: { pointer: '/file' },
      meta: { max_bytes: 10 },
    });
  });

  it('answers too many attempts with 429, the minutes in meta and Retry-After in seconds', async () => {
    const english = await answer('rate-limited');
    expect(english.status).toBe(429);
    expect(english.headers['retry-after']).toBe('125');
    expect(english.errors[0]).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      detail: 'Too many attempts. Try again in 3 minute(s).',
      meta: { minutes: 3 },
    });
    expect((await answer('rate-limited', 'nl')).errors[0].detail).toBe(
      'Te veel pogingen. Probeer het over 3 minuut/minuten opnieuw.',
    );
  });

  it('answers a failing payment provider with 502', async () => {
    const upstream = await answer('upstream');
    expect([upstream.status, upstream.errors[0].code, upstream.errors[0].title]).toEqual([
      502,
      'PAYMENT_PROVIDER_FAILED',
      'Bad gateway',
    ]);
  });
});
