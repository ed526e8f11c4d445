import { describe, expect, it } from 'vitest';
import { badgeText, notificationPath } from './notifications';

describe('badgeText', () => {
  it.each([
    [0, ''],
    [-3, ''],
    [null, ''],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [2500, '99+'],
  ])('%s unread → "%s"', (count, text) => {
    expect(badgeText(count)).toBe(text);
  });
});

describe('notificationPath', () => {
  it.each([
    ['https://leer.example/coach/tickets/4?tab=open#reply', '/coach/tickets/4?tab=open'],
    ['http://other.example', '/'],
    ['//leer.example/catalog?x=1', '/catalog?x=1'],
    ['/admin/courses/content-issues', '/admin/courses/content-issues'],
    ['/catalog?category=3#top', '/catalog?category=3#top'],
    ['  /coach  ', '/coach'],
    ['javascript:alert(1)', null],
    ['mailto:someone@example.org', null],
    ['https://', null],
    ['', null],
    [null, null],
  ])('%j → %j', (link, path) => {
    expect(notificationPath(link)).toBe(path);
  });
});
