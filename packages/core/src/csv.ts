/**
 * CSV (RFC 4180) reading and writing, shared by the account import on the server and its preview
 * in the browser. Fields are separated by a comma or a semicolon (whichever the header line uses
 * more), may be quoted with double quotes, and quoted fields may hold separators and line breaks.
 */

export interface CsvTable {
  header: string[];
  /** The data rows, each with its line number in the file (the header is line 1). */
  rows: Array<{ line: number; cells: string[] }>;
  separator: ',' | ';';
}

function detectSeparator(text: string): ',' | ';' {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (character: string) => firstLine.split(character).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** Every record of the text with the line it starts on; blank lines are skipped. */
export function parseCsv(input: string): CsvTable {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const separator = detectSeparator(text);
  const records: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let fieldStarted = false;
  const endRecord = () => {
    cells.push(field);
    if (!(cells.length === 1 && cells[0]!.trim() === '' && !fieldStarted)) {
      records.push({ line: recordLine, cells });
    }
    cells = [];
    field = '';
    fieldStarted = false;
  };
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index++;
        } else quoted = false;
      } else {
        if (character === '\n') line++;
        field += character;
      }
      continue;
    }
    if (character === '"' && field === '') {
      quoted = true;
      fieldStarted = true;
    } else if (character === separator) {
      cells.push(field);
      field = '';
      fieldStarted = true;
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[index + 1] === '\n') index++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += character;
    }
  }
  if (field !== '' || cells.length > 0 || fieldStarted) endRecord();
  const [header, ...rows] = records;
  return { header: (header?.cells ?? []).map((cell) => cell.trim()), rows, separator };
}

function quoteCell(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  // A leading =, +, - or @ would be a formula in a spreadsheet: quote it behind an apostrophe.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",;\r\n]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV document with a header line; lines end in CRLF as RFC 4180 says. */
export function formatCsv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>,
): string {
  return [header, ...rows].map((row) => row.map(quoteCell).join(',')).join('\r\n') + '\r\n';
}
