/**
 * What the LRS does to a statement it is given before storing it: validation, the signature check
 * of a signed statement, and the properties the LRS sets itself (id, timestamp, stored, authority,
 * version). Also the shapes it answers with (`format=ids|exact|canonical`).
 */
import { createHash, createPublicKey, createVerify, randomUUID, X509Certificate } from 'node:crypto';
import { canonicalJson } from './statements';
import type { NewAttachment } from './statements';
import { isObject, SIGNATURE_USAGE, validateStatement, XapiInvalid } from './validate';
import type { JsonObject } from './validate';
import type { XapiVersion } from './version';

export interface Authority {
  name: string;
  key: string;
  homePage: string;
}

export function authorityAgent(authority: Authority): JsonObject {
  return {
    objectType: 'Agent',
    name: authority.name,
    account: { homePage: authority.homePage, name: authority.key },
  };
}

const HASH_BY_LENGTH: Record<number, string> = { 56: 'sha224', 64: 'sha256', 96: 'sha384', 128: 'sha512' };

export interface AttachmentPart {
  hash: string;
  contentType: string;
  content: Buffer;
}

function decodeBase64Url(text: string): Buffer {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new XapiInvalid('signature', 'is not a JWS in compact form');
  return Buffer.from(text, 'base64url');
}

/** Durations compare to the hundredth of a second (xAPI 2.0 §4.2.7): finer digits are dropped. */
function withTruncatedDurations(statement: JsonObject): JsonObject {
  const result = statement['result'];
  if (isObject(result) && typeof result['duration'] === 'string')
    statement['result'] = { ...result, duration: result['duration'].replace(/(\.\d{2})\d+S$/, '$1S') };
  const object = statement['object'];
  if (isObject(object) && object['objectType'] === 'SubStatement')
    statement['object'] = withTruncatedDurations({ ...object });
  return statement;
}

/** A signed statement's signature must be a JWS (RS256/384/512) of this very statement. */
function checkSignature(statement: JsonObject, part: AttachmentPart | undefined, path: string): void {
  if (!part) throw new XapiInvalid(path, 'the signature part is missing');
  const pieces = part.content.toString('utf8').trim().split('.');
  if (pieces.length !== 3) throw new XapiInvalid(path, 'the signature is not a JWS in compact form');
  let header: unknown;
  let payload: unknown;
  try {
    header = JSON.parse(decodeBase64Url(pieces[0] as string).toString('utf8'));
    payload = JSON.parse(decodeBase64Url(pieces[1] as string).toString('utf8'));
  } catch {
    throw new XapiInvalid(path, 'the signature is not a JWS in compact form');
  }
  if (!isObject(header) || !isObject(payload)) throw new XapiInvalid(path, 'the signature is not a JWS');
  const algorithm = header['alg'];
  if (algorithm !== 'RS256' && algorithm !== 'RS384' && algorithm !== 'RS512')
    throw new XapiInvalid(`${path}.alg`, 'must be RS256, RS384 or RS512');
  const strip = (value: JsonObject) => {
    const copy: JsonObject = withTruncatedDurations({ ...value });
    for (const key of ['attachments', 'authority', 'stored', 'version']) delete copy[key];
    if (payload && isObject(payload) && payload['id'] === undefined) delete copy['id'];
    return copy;
  };
  if (canonicalJson(strip(payload)) !== canonicalJson(strip(statement)))
    throw new XapiInvalid(path, 'the signature does not match the statement');
  const chain = header['x5c'];
  if (Array.isArray(chain) && typeof chain[0] === 'string') {
    let valid = false;
    try {
      const certificate = new X509Certificate(Buffer.from(chain[0], 'base64'));
      const verifier = createVerify(`RSA-SHA${algorithm.slice(2)}`);
      verifier.update(`${pieces[0]}.${pieces[1]}`);
      valid = verifier.verify(
        createPublicKey(certificate.publicKey.export({ format: 'pem', type: 'spki' })),
        decodeBase64Url(pieces[2] as string),
      );
    } catch {
      valid = false;
    }
    if (!valid) throw new XapiInvalid(path, 'the signature does not verify');
  }
}

/**
 * Validates the statements of a request and completes them for storage. `parts` are the
 * attachment parts of a multipart/mixed request (null for plain JSON); every attachment without a
 * fileUrl needs its part, and every part must belong to an attachment.
 */
export function prepareStatements(
  statements: unknown[],
  version: XapiVersion,
  parts: AttachmentPart[] | null,
  authority: Authority,
  now: string,
): { statements: JsonObject[]; received: JsonObject[]; attachments: NewAttachment[] } {
  const partsByHash = new Map<string, AttachmentPart>();
  for (const part of parts ?? []) {
    const algorithm = HASH_BY_LENGTH[part.hash.length];
    if (!algorithm || !/^[0-9a-fA-F]+$/.test(part.hash))
      throw new XapiInvalid('X-Experience-API-Hash', 'must be a SHA-2 hash in hex');
    if (createHash(algorithm).update(part.content).digest('hex') !== part.hash.toLowerCase())
      throw new XapiInvalid('X-Experience-API-Hash', 'does not match the bytes of its part');
    partsByHash.set(part.hash.toLowerCase(), part);
  }
  const used = new Set<string>();
  const ids = new Set<string>();
  const prepared = statements.map((value, index) => {
    const path = statements.length > 1 ? `statements[${index}]` : 'statement';
    validateStatement(value, version, path);
    const statement = withActivityArrays({ ...(value as JsonObject) });
    if (typeof statement['id'] === 'string') {
      const id = statement['id'].toLowerCase();
      if (ids.has(id)) throw new XapiInvalid(`${path}.id`, 'appears twice in one request');
      ids.add(id);
    }
    const attachments = Array.isArray(statement['attachments'])
      ? (statement['attachments'] as JsonObject[])
      : [];
    attachments.forEach((attachment, attachmentIndex) => {
      const attachmentPath = `${path}.attachments[${attachmentIndex}]`;
      const sha2 = String(attachment['sha2']).toLowerCase();
      const part = partsByHash.get(sha2);
      if (part) used.add(sha2);
      if (attachment['usageType'] === SIGNATURE_USAGE) {
        if (attachment['contentType'] !== 'application/octet-stream')
          throw new XapiInvalid(`${attachmentPath}.contentType`, 'a signature is application/octet-stream');
        checkSignature(value as JsonObject, part, attachmentPath);
      } else if (!part && attachment['fileUrl'] === undefined) {
        throw new XapiInvalid(attachmentPath, 'has neither a fileUrl nor a part in the request');
      }
    });
    return statement;
  });
  for (const hash of partsByHash.keys()) {
    if (!used.has(hash))
      throw new XapiInvalid('X-Experience-API-Hash', `no attachment of the statements has hash ${hash}`);
  }
  const completed = prepared.map((statement) => {
    const id = typeof statement['id'] === 'string' ? statement['id'] : randomUUID();
    const timestamp = typeof statement['timestamp'] === 'string' ? statement['timestamp'] : now;
    return {
      ...statement,
      id,
      timestamp,
      stored: now,
      authority: authorityAgent(authority),
      version:
        typeof statement['version'] === 'string'
          ? statement['version']
          : version === '2.0'
            ? '2.0.0'
            : '1.0.0',
    } satisfies JsonObject;
  });
  return {
    statements: completed,
    received: prepared,
    attachments: [...partsByHash.values()].map((part) => ({
      sha2: part.hash.toLowerCase(),
      contentType: part.contentType,
      content: part.content,
    })),
  };
}

/** Context activities are stored (and answered) as arrays, even when one was sent alone. */
function withActivityArrays(statement: JsonObject): JsonObject {
  const context = statement['context'];
  if (isObject(context) && isObject(context['contextActivities'])) {
    const activities: JsonObject = {};
    for (const [key, list] of Object.entries(context['contextActivities']))
      activities[key] = Array.isArray(list) ? list : [list];
    statement['context'] = { ...context, contextActivities: activities };
  }
  const object = statement['object'];
  if (isObject(object) && object['objectType'] === 'SubStatement')
    statement['object'] = withActivityArrays({ ...object });
  return statement;
}

function idsAgent(value: unknown): unknown {
  if (!isObject(value)) return value;
  const result: JsonObject = { objectType: value['objectType'] === 'Group' ? 'Group' : 'Agent' };
  for (const key of ['mbox', 'mbox_sha1sum', 'openid', 'account'])
    if (value[key] !== undefined) result[key] = value[key];
  const identified = ['mbox', 'mbox_sha1sum', 'openid', 'account'].some((key) => value[key] !== undefined);
  if (value['objectType'] === 'Group' && !identified && Array.isArray(value['member']))
    result['member'] = value['member'].map(idsAgent) as JsonObject[];
  return result;
}

function idsObject(value: unknown): unknown {
  if (!isObject(value)) return value;
  const type = value['objectType'];
  if (type === undefined || type === 'Activity') return { id: value['id'] ?? null };
  if (type === 'Agent' || type === 'Group') return idsAgent(value);
  if (type === 'SubStatement') return idsBody(value);
  return value;
}

function idsBody(statement: JsonObject): JsonObject {
  const result: JsonObject = { ...statement };
  result['actor'] = idsAgent(statement['actor']) as JsonObject;
  if (isObject(statement['verb'])) result['verb'] = { id: statement['verb']['id'] ?? null };
  result['object'] = idsObject(statement['object']) as JsonObject;
  if (statement['authority'] !== undefined)
    result['authority'] = idsAgent(statement['authority']) as JsonObject;
  const context = statement['context'];
  if (isObject(context)) {
    const copy: JsonObject = { ...context };
    if (copy['instructor'] !== undefined) copy['instructor'] = idsAgent(copy['instructor']) as JsonObject;
    if (copy['team'] !== undefined) copy['team'] = idsAgent(copy['team']) as JsonObject;
    if (isObject(copy['contextActivities'])) {
      const activities: JsonObject = {};
      for (const [key, list] of Object.entries(copy['contextActivities']))
        activities[key] = (Array.isArray(list) ? list : [list]).map(idsObject) as JsonObject[];
      copy['contextActivities'] = activities;
    }
    result['context'] = copy;
  }
  return result;
}

function pickLanguage(map: unknown, languages: string[]): unknown {
  if (!isObject(map)) return map;
  const keys = Object.keys(map);
  if (keys.length <= 1) return map;
  const chosen =
    languages
      .map(
        (language) =>
          keys.find((key) => key.toLowerCase() === language) ??
          keys.find((key) => key.toLowerCase().split('-')[0] === language.split('-')[0]),
      )
      .find((key) => key !== undefined) ?? (keys[0] as string);
  return { [chosen]: map[chosen] ?? null };
}

function canonicalValue(value: unknown, languages: string[], key?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => canonicalValue(item, languages));
  if (!isObject(value)) return value;
  if (key === 'display' || key === 'name' || key === 'description') {
    if (Object.values(value).every((text) => typeof text === 'string')) return pickLanguage(value, languages);
  }
  if (key === 'extensions') return value;
  const result: JsonObject = {};
  for (const [childKey, child] of Object.entries(value))
    result[childKey] = canonicalValue(child, languages, childKey) as JsonObject;
  return result;
}

/** A statement as the `format` parameter asks for it. */
export function formatStatement(
  statement: JsonObject,
  format: string,
  acceptLanguage: string | undefined,
): JsonObject {
  if (format === 'ids') return idsBody(statement);
  if (format === 'canonical') {
    const languages = (acceptLanguage ?? '')
      .split(',')
      .map((part) => part.split(';')[0]?.trim().toLowerCase() ?? '')
      .filter((part) => part && part !== '*');
    // Names of agents are plain strings, so only language maps are reduced.
    return canonicalValue(statement, languages) as JsonObject;
  }
  return statement;
}
