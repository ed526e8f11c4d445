import { describe, expect, it } from 'vitest';
import { dayPeriod, isOnline, isWithinRelativeWindow, startOfWeek } from './time';

const at = (hour: number, minute = 0) => new Date(2025, 5, 18, hour, minute);

describe('dayPeriod', () => {
  it.each([
    [0, 'night'],
    [4, 'night'],
    [5, 'morning'],
    [11, 'morning'],
    [12, 'afternoon'],
    [17, 'afternoon'],
    [18, 'evening'],
    [23, 'evening'],
  ])('%i:00 is %s', (hour, period) => {
    expect(dayPeriod(at(hour))).toBe(period);
  });
});

describe('isOnline', () => {
  const now = new Date('2025-06-18T12:00:00Z');
  it.each([
    { lastOnline: '2025-06-18T11:50:00Z', online: true },
    { lastOnline: '2025-06-18T11:45:00Z', online: true },
    { lastOnline: '2025-06-18T11:44:59Z', online: false },
    { lastOnline: new Date('2025-06-18T12:01:00Z'), online: true },
    { lastOnline: '2025-06-19T12:00:00Z', online: false },
    { lastOnline: null, online: false },
    { lastOnline: undefined, online: false },
    { lastOnline: 'not a date', online: false },
  ])('last seen $lastOnline → online: $online', ({ lastOnline, online }) => {
    expect(isOnline(lastOnline, now)).toBe(online);
  });
});

describe('startOfWeek', () => {
  it.each([
    [new Date(2025, 5, 18, 15, 30), new Date(2025, 5, 16)], // Wednesday
    [new Date(2025, 5, 16, 0, 0), new Date(2025, 5, 16)], // Monday
    [new Date(2025, 5, 22, 23, 59), new Date(2025, 5, 16)], // Sunday
    [new Date(2025, 0, 1), new Date(2024, 11, 30)], // across the year
  ])('%s starts on Monday %s', (date, monday) => {
    expect(startOfWeek(date)).toEqual(monday);
  });
});

describe('isWithinRelativeWindow', () => {
  const now = new Date('2025-06-18T12:00:00Z');
  it.each([
    { date: '2025-06-16T12:00:00Z', days: undefined, relative: true },
    { date: '2025-06-15T12:00:00Z', days: undefined, relative: true },
    { date: '2025-06-15T11:59:00Z', days: undefined, relative: false },
    { date: '2025-06-20T12:00:00Z', days: undefined, relative: true },
    { date: '2025-06-10T12:00:00Z', days: 7, relative: false },
    { date: '2025-06-12T12:00:00Z', days: 7, relative: true },
  ])('$date within $days days → $relative', ({ date, days, relative }) => {
    expect(isWithinRelativeWindow(date, now, days)).toBe(relative);
  });
});
