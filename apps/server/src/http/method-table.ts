/**
 * Which methods each registered path answers, so that a request with the wrong method on a path that
 * exists gets 405 with `Allow` (RFC 9110 §15.5.6) instead of a 404, and so that the address of a new
 * resource can be checked against the routes that serve it.
 *
 * Patterns are Fastify's: `:name` matches one non-empty segment, a final `*` the rest of the path.
 */
export class MethodTable {
  private readonly literal = new Map<string, Set<string>>();
  private readonly patterns: Array<{ segments: string[]; wildcard: boolean; methods: Set<string> }> = [];
  private readonly byPattern = new Map<string, Set<string>>();

  add(method: string, url: string): void {
    const path = trimSlash(url);
    let methods = this.byPattern.get(path);
    if (!methods) {
      methods = new Set();
      this.byPattern.set(path, methods);
      if (!path.includes(':') && !path.includes('*')) this.literal.set(path, methods);
      else {
        const wildcard = path.endsWith('*');
        const segments = (wildcard ? path.slice(0, -1) : path).split('/');
        this.patterns.push({ segments, wildcard, methods });
      }
    }
    methods.add(method.toUpperCase());
    // Fastify answers HEAD wherever it answers GET.
    if (method.toUpperCase() === 'GET') methods.add('HEAD');
  }

  /** The methods the path answers (upper case, sorted), or an empty list for an unknown path. */
  methodsFor(rawPath: string): string[] {
    const path = trimSlash(rawPath.split('?')[0] ?? '');
    const found = new Set(this.literal.get(path) ?? []);
    const segments = path.split('/');
    for (const pattern of this.patterns) {
      if (matches(pattern.segments, pattern.wildcard, segments))
        for (const m of pattern.methods) found.add(m);
    }
    return [...found].sort();
  }
}

function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

function matches(pattern: string[], wildcard: boolean, segments: string[]): boolean {
  if (wildcard ? segments.length < pattern.length : segments.length !== pattern.length) return false;
  return pattern.every((part, index) => {
    const segment = segments[index]!;
    if (wildcard && index === pattern.length - 1) return segment.startsWith(part);
    return part.startsWith(':') ? segment !== '' : part === segment;
  });
}
