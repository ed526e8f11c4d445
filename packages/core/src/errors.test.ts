import { describe, expect, it } from 'vitest';
import {
  errorDescriptionKey,
  errorKindFromStatus,
  errorTitleKey,
  isCriticalKind,
  isCriticalStatus,
} from './errors';

describe('error catalogue', () => {
  it.each([
    { status: 401, kind: 'unauthorized', critical: false },
    { status: 402, kind: 'payment_required', critical: false },
    { status: 403, kind: 'forbidden', critical: false },
    { status: 404, kind: 'not_found', critical: false },
    { status: 408, kind: 'unavailable', critical: false },
    { status: 502, kind: 'unavailable', critical: false },
    { status: 503, kind: 'unavailable', critical: false },
    { status: 504, kind: 'unavailable', critical: false },
    { status: undefined, kind: 'unavailable', critical: false },
    { status: 0, kind: 'unavailable', critical: false },
    { status: 500, kind: 'other', critical: true },
    { status: 422, kind: 'other', critical: true },
  ])('status $status → $kind (critical: $critical)', ({ status, kind, critical }) => {
    expect(errorKindFromStatus(status)).toBe(kind);
    expect(isCriticalKind(errorKindFromStatus(status))).toBe(critical);
  });

  it.each([
    { status: 500, reported: true },
    { status: 400, reported: true },
    { status: 501, reported: true },
    { status: 422, reported: false },
    { status: 409, reported: false },
    { status: 429, reported: false },
    { status: 404, reported: false },
    { status: 503, reported: false },
  ])('reports status $status as critical: $reported', ({ status, reported }) => {
    expect(isCriticalStatus(status)).toBe(reported);
  });

  it('names the translation keys after the kind', () => {
    expect(errorTitleKey('payment_required')).toBe('exceptions.api_error.payment_required.title');
    expect(errorDescriptionKey('not_found')).toBe('exceptions.api_error.not_found.description');
  });
});
