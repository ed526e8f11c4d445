import { describe, expect, it } from 'vitest';
import {
  TOURS,
  isTourRecorded,
  parseOnboarding,
  recordAllTours,
  serializeOnboarding,
  shouldShowTour,
  type Tour,
} from './onboarding';

describe('onboarding record', () => {
  it.each([
    ['main-menu@1;other@2', { 'main-menu': 1, other: 2 }],
    ['main-menu@1', { 'main-menu': 1 }],
    ['main-menu@1;main-menu@3;main-menu@2', { 'main-menu': 3 }],
    ['junk;@2;x@;y@two; z@4 ;;', { z: 4 }],
    ['', {}],
    [null, {}],
  ])('%j → %j', (payload, record) => {
    expect(parseOnboarding(payload)).toEqual(record);
  });

  it('writes pairs in a stable order', () => {
    expect(serializeOnboarding({ zeta: 1, 'main-menu': 2 })).toBe('main-menu@2;zeta@1');
    expect(parseOnboarding(serializeOnboarding({ a: 1, b: 2 }))).toEqual({ a: 1, b: 2 });
  });

  it.each([
    [{}, false],
    [{ 'main-menu': 0 }, false],
    [{ 'main-menu': 1 }, true],
    [{ 'main-menu': 2 }, true],
  ])('main-menu tour with record %j is recorded: %s', (record, recorded) => {
    expect(isTourRecorded(record, { id: 'main-menu', version: 1 })).toBe(recorded);
  });

  it('closing the tour records every tour and keeps newer versions', () => {
    expect(recordAllTours({ other: 5 })).toEqual({ other: 5, 'main-menu': 1 });
    expect(recordAllTours({ 'main-menu': 4 }, TOURS)).toEqual({ 'main-menu': 4 });
  });
});

describe('shouldShowTour', () => {
  const tour: Tour = { id: 'main-menu', version: 1 };
  const base = { authenticated: true, environment: 'student', record: {}, pathname: '/catalog' };

  it.each([
    { name: 'a logged-in student who has not seen it', context: base, shown: true },
    { name: 'a guest', context: { ...base, authenticated: false, environment: 'guest' }, shown: false },
    { name: 'a logged-in user on a guest page', context: { ...base, environment: 'guest' }, shown: false },
    { name: 'someone who closed it', context: { ...base, record: { 'main-menu': 1 } }, shown: false },
  ])('is shown to $name: $shown', ({ context, shown }) => {
    expect(shouldShowTour(tour, context)).toBe(shown);
  });

  it.each([
    { conditions: { pathPrefix: '/admin' }, shown: false },
    { conditions: { pathPrefix: '/catalog' }, shown: true },
    { conditions: { from: new Date('2030-01-01') }, shown: false },
    { conditions: { until: new Date('2020-01-01') }, shown: false },
    { conditions: { from: new Date('2020-01-01'), until: new Date('2030-01-01') }, shown: true },
  ])('honours the date and path conditions $conditions', ({ conditions, shown }) => {
    const now = new Date('2025-06-18');
    expect(shouldShowTour({ ...tour, ...conditions }, { ...base, now })).toBe(shown);
  });
});
