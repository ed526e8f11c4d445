import { describe, expect, it } from 'vitest';
import { avatarImageUrl, avatarInitials } from './avatar';

describe('avatarInitials', () => {
  it.each([
    { name: 'ann de vries', fallback: null, length: undefined, initials: 'A' },
    { name: 'Ann de Vries', fallback: null, length: 2, initials: 'AD' },
    { name: '  Émile   Zola ', fallback: null, length: 2, initials: 'ÉZ' },
    { name: 'Ann', fallback: null, length: 3, initials: 'A' },
    { name: '', fallback: 'Bob Smit', length: 2, initials: 'BS' },
    { name: null, fallback: 'bob', length: undefined, initials: 'B' },
    { name: '   ', fallback: undefined, length: undefined, initials: '?' },
    { name: undefined, fallback: null, length: undefined, initials: '?' },
  ])('$name (fallback $fallback, length $length) → $initials', ({ name, fallback, length, initials }) => {
    expect(avatarInitials(name, fallback, length)).toBe(initials);
  });
});

describe('avatarImageUrl', () => {
  it.each([
    ['https://cdn.example/a.png', 'https://cdn.example/a.png?w=150'],
    ['https://cdn.example/a.png?v=2', 'https://cdn.example/a.png?v=2&w=150'],
    ['https://cdn.example/a.png?w=600&v=2', 'https://cdn.example/a.png?v=2&w=150'],
    ['/avatars/1.png#x', '/avatars/1.png?w=150#x'],
    ['data:image/png;base64,AAAA', 'data:image/png;base64,AAAA'],
    [null, null],
    ['', null],
  ])('%s → %s', (url, expected) => {
    expect(avatarImageUrl(url)).toBe(expected);
  });

  it('uses the requested width', () => {
    expect(avatarImageUrl('/a.png', 300)).toBe('/a.png?w=300');
  });
});
