import { describe, expect, it } from 'vitest';
import { formatCsv, parseCsv } from './csv';

describe('csv', () => {
  it('reads quoted fields, separators and line numbers', () => {
    const table = parseCsv('\ufeffname,email\r\n"Doe, Jane",jane@x.test\n\n"Multi\nline",m@x.test\n');
    expect(table.header).toEqual(['name', 'email']);
    expect(table.rows).toEqual([
      { line: 2, cells: ['Doe, Jane', 'jane@x.test'] },
      { line: 4, cells: ['Multi\nline', 'm@x.test'] },
    ]);
  });

  it('takes the semicolon when the header uses it', () => {
    expect(parseCsv('a;b\n1;2').rows[0]!.cells).toEqual(['1', '2']);
  });

  it('writes what it reads back, and defuses formulas', () => {
    const text = formatCsv(['name', 'note'], [['Jan "J" de Vries', '=1+1']]);
    expect(text).toBe('name,note\r\n"Jan ""J"" de Vries","\'=1+1"\r\n');
    expect(parseCsv(text).rows[0]!.cells).toEqual(['Jan "J" de Vries', "'=1+1"]);
  });
});
