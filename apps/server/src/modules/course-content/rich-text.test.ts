import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it.each([
    ['<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
    ['<img src="x.png" onerror="alert(1)" alt="x">', '<img src="x.png" alt="x" />'],
    ['<p onclick="x()" style="color:red" class="c">a</p>', '<p>a</p>'],
    ['<a href="javascript:alert(1)">a</a>', '<a>a</a>'],
    [
      '<a href="https://example.org" target="_blank">a</a>',
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">a</a>',
    ],
    ['<a href="/courses/1" target="_self" rel="opener">a</a>', '<a href="/courses/1">a</a>'],
    ['<img src="data:image/png;base64,AAAA">', '<img />'],
    ['<img src="/api/v1/files/3/content">', '<img src="/api/v1/files/3/content" />'],
    ['<iframe src="https://evil.example/embed"></iframe>', ''],
    [
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" onload="x()"></iframe>',
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe>',
    ],
    ['<style>body{}</style><svg><circle/></svg><form><input></form>text', 'text'],
    [
      '<h2>Title</h2><ul><li><strong>b</strong></li></ul><table><tr><td colspan="2">c</td></tr></table>',
      '<h2>Title</h2><ul><li><strong>b</strong></li></ul><table><tr><td colspan="2">c</td></tr></table>',
    ],
    ['a < b & c', 'a &lt; b &amp; c'],
  ])('%s → %s', (input, output) => {
    expect(sanitizeRichText(input)).toBe(output);
  });
});
