import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('text for HTML', () => {
  it('writes markup and quotes as entities, and leaves the rest as it is', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
    expect(escapeHtml('Academia Carpați')).toBe('Academia Carpați');
  });
});
