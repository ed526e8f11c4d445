/** Parses pipe-separated form rules such as 'required|min:3|regex:/^[a-z]+$/i' (SPEC §5). */

export interface ParsedRule {
  name: string;
  params: string[];
}

/**
 * Finds where a slash-delimited regex pattern ends: at a closing, unescaped '/' followed by
 * optional flags and then '|' or the end of the rules. Returns the index just after the pattern.
 */
function endOfDelimitedPattern(rules: string, start: number): number | null {
  const closing = /\/[a-z]*(?=\||$)/g;
  for (let index = start + 1; index < rules.length; index++) {
    if (rules[index] === '\\') {
      index++;
      continue;
    }
    if (rules[index] !== '/') continue;
    closing.lastIndex = index;
    const match = closing.exec(rules);
    if (match?.index === index) return index + match[0].length;
  }
  return null;
}

/**
 * Splits rules on '|' and each rule into its name and ','-separated parameters. A regex rule keeps
 * its whole pattern as one parameter, so ':' and ',' inside it survive; '|' survives too when the
 * pattern is written between slashes ('regex:/^(a|b)$/'). Limitation: a bare pattern ('regex:^a')
 * cannot contain '|', which would start the next rule.
 */
export function parseRules(rules: string): ParsedRule[] {
  const parsed: ParsedRule[] = [];
  let position = 0;
  while (position < rules.length) {
    let end = rules.indexOf('|', position);
    if (end === -1) end = rules.length;
    if (rules.startsWith('regex:/', position)) {
      end = endOfDelimitedPattern(rules, position + 'regex:'.length) ?? end;
    }
    const rule = rules.slice(position, end).trim();
    position = end + 1;
    if (rule === '') continue;

    const colon = rule.indexOf(':');
    const name = colon === -1 ? rule : rule.slice(0, colon);
    const argument = colon === -1 ? '' : rule.slice(colon + 1);
    const params = argument === '' ? [] : name === 'regex' ? [argument] : argument.split(',');
    parsed.push({ name, params });
  }
  return parsed;
}
