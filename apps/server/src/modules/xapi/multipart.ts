/**
 * multipart/mixed bodies of statements with attachments (xAPI 1.0.3 §2.4.11, 2.0 §4.1.11): the first
 * part is the JSON of the statements, each further part one attachment's raw bytes, named by its
 * `X-Experience-API-Hash` header.
 */
export interface BodyPart {
  headers: Record<string, string>;
  body: Buffer;
}

export class MultipartInvalid extends Error {}

/** The boundary of a multipart content type, or null. */
export function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

export function parseMultipart(body: Buffer, boundary: string): BodyPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: BodyPart[] = [];
  let position = body.indexOf(delimiter);
  if (position < 0) throw new MultipartInvalid('The body holds no part.');
  for (;;) {
    position += delimiter.length;
    // The closing delimiter ends with "--".
    if (body[position] === 0x2d && body[position + 1] === 0x2d) break;
    if (body[position] === 0x0d && body[position + 1] === 0x0a) position += 2;
    else if (body[position] === 0x0a) position += 1;
    else throw new MultipartInvalid('A part boundary is malformed.');
    const next = body.indexOf(delimiter, position);
    if (next < 0) throw new MultipartInvalid('The body does not end with its closing boundary.');
    let end = next;
    if (body[end - 1] === 0x0a) end -= 1;
    if (body[end - 1] === 0x0d) end -= 1;
    const chunk = body.subarray(position, Math.max(position, end));
    let headerEnd = chunk.indexOf('\r\n\r\n');
    let separator = 4;
    if (headerEnd < 0) {
      headerEnd = chunk.indexOf('\n\n');
      separator = 2;
    }
    // A part with no headers starts with its blank line.
    if (chunk.subarray(0, 2).toString() === '\r\n') {
      headerEnd = 0;
      separator = 2;
    }
    if (headerEnd < 0) throw new MultipartInvalid('A part has no header section.');
    const headers: Record<string, string> = {};
    for (const line of chunk.subarray(0, headerEnd).toString('utf8').split(/\r?\n/)) {
      if (!line.trim()) continue;
      const colon = line.indexOf(':');
      if (colon < 0) throw new MultipartInvalid('A part header is malformed.');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    parts.push({ headers, body: Buffer.from(chunk.subarray(headerEnd + separator)) });
    position = next;
  }
  return parts;
}
