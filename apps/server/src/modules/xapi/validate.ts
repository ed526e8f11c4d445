/**
 * Statement validation as xAPI 1.0.3 and 2.0 ask of an LRS (decision 063): hand-written rules over
 * the parsed JSON, because most of what a Learning Record Store must refuse is about exact property
 * sets, identifier formats and one-of rules that a generic schema states poorly. Each failure names
 * the property path, which becomes the 400's message.
 */
import type { XapiVersion } from './version';

export class XapiInvalid extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const MBOX = /^mailto:[^@\s]+@[^@\s]+$/;
const SHA1 = /^[0-9a-fA-F]{40}$/;
const IRI = /^[a-zA-Z][a-zA-Z0-9+.-]*:[^\s]*$/;
const LANGUAGE_TAG =
  /^(?:(?:[a-zA-Z]{2,3}(?:-[a-zA-Z]{3}){0,3}|[a-zA-Z]{4,8})(?:-[a-zA-Z]{4})?(?:-(?:[a-zA-Z]{2}|[0-9]{3}))?(?:-(?:[a-zA-Z0-9]{5,8}|[0-9][a-zA-Z0-9]{3}))*(?:-[0-9a-wyzA-WYZ](?:-[a-zA-Z0-9]{2,8})+)*(?:-x(?:-[a-zA-Z0-9]{1,8})+)?|x(?:-[a-zA-Z0-9]{1,8})+|i-[a-zA-Z]{2,8})$/;
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;
const DURATION =
  /^P(?:\d+(?:[.,]\d+)?W|(?=\d|T\d)(?:\d+(?:[.,]\d+)?Y)?(?:\d+(?:[.,]\d+)?M)?(?:\d+(?:[.,]\d+)?D)?(?:T(?=\d)(?:\d+(?:[.,]\d+)?H)?(?:\d+(?:[.,]\d+)?M)?(?:\d+(?:[.,]\d+)?S)?)?)$/;
const MEDIA_TYPE = /^[a-zA-Z0-9!#$&^_.+-]+\/[a-zA-Z0-9!#$&^_.+-]+(?:\s*;.*)?$/;
export const VOIDED_VERB = 'http://adlnet.gov/expapi/verbs/voided';
export const SIGNATURE_USAGE = 'http://adlnet.gov/expapi/attachments/signature';
const INTERACTION_TYPES = new Set([
  'true-false',
  'choice',
  'fill-in',
  'long-fill-in',
  'matching',
  'performance',
  'sequencing',
  'likert',
  'numeric',
  'other',
]);
const CONTEXT_ACTIVITY_KEYS = ['parent', 'grouping', 'category', 'other'];

function fail(path: string, message: string): never {
  throw new XapiInvalid(path, message);
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function object(value: unknown, path: string): JsonObject {
  if (!isObject(value)) fail(path, 'must be an object');
  return value;
}

function only(value: JsonObject, path: string, allowed: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) fail(`${path}.${key}`, 'is not allowed here');
    if (value[key] === null) fail(`${path}.${key}`, 'must not be null');
  }
}

function string(value: unknown, path: string): string {
  if (typeof value !== 'string') fail(path, 'must be a string');
  return value;
}

function iri(value: unknown, path: string): string {
  const text = string(value, path);
  if (!IRI.test(text)) fail(path, 'must be an absolute IRI');
  return text;
}

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

function uuid(value: unknown, path: string): string {
  if (!isUuid(value)) fail(path, 'must be a UUID');
  return value;
}

function boolean(value: unknown, path: string): void {
  if (typeof value !== 'boolean') fail(path, 'must be true or false');
}

function number(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, 'must be a number');
  return value;
}

export function isLanguageTag(value: string): boolean {
  return LANGUAGE_TAG.test(value);
}

function languageMap(value: unknown, path: string): void {
  const map = object(value, path);
  for (const [key, text] of Object.entries(map)) {
    if (!LANGUAGE_TAG.test(key)) fail(`${path}.${key}`, 'is not a language tag (RFC 5646)');
    string(text, `${path}.${key}`);
  }
}

function extensions(value: unknown, path: string): void {
  const map = object(value, path);
  for (const key of Object.keys(map)) iri(key, `${path}.${key}`);
}

/** A timestamp in ISO 8601 with a real date and time; an offset of -00:00 is refused (RFC 3339). */
export function isTimestamp(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = TIMESTAMP.exec(value);
  if (!match) return false;
  const [, year, month, day, hour, minute, second, zone] = match;
  if (zone && /^-00(:?00)?$/.test(zone)) return false;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return false;
  return Number(hour) < 24 && Number(minute) < 60 && Number(second ?? 0) < 61;
}

function timestamp(value: unknown, path: string): void {
  if (!isTimestamp(value)) fail(path, 'must be an ISO 8601 timestamp');
}

function agent(value: unknown, path: string, asObject = false): void {
  const agentObject = object(value, path);
  const type = agentObject['objectType'];
  if (type === 'Group') return group(agentObject, path);
  if (type !== undefined && type !== 'Agent') fail(`${path}.objectType`, 'must be "Agent" or "Group"');
  if (asObject && type === undefined) fail(`${path}.objectType`, 'is required for an agent as object');
  only(agentObject, path, ['objectType', 'name', 'mbox', 'mbox_sha1sum', 'openid', 'account']);
  if (agentObject['name'] !== undefined) string(agentObject['name'], `${path}.name`);
  if (identifiers(agentObject, path) !== 1) fail(path, 'an agent needs exactly one identifier');
}

function group(value: JsonObject, path: string): void {
  only(value, path, ['objectType', 'name', 'mbox', 'mbox_sha1sum', 'openid', 'account', 'member']);
  if (value['name'] !== undefined) string(value['name'], `${path}.name`);
  const count = identifiers(value, path);
  if (count > 1) fail(path, 'a group has at most one identifier');
  const members = value['member'];
  if (members !== undefined) {
    if (!Array.isArray(members)) fail(`${path}.member`, 'must be an array');
    members.forEach((member, index) => {
      const memberPath = `${path}.member[${index}]`;
      const memberObject = object(member, memberPath);
      if (memberObject['objectType'] === 'Group') fail(memberPath, 'a group cannot hold groups');
      agent(memberObject, memberPath);
    });
  }
  if (count === 0 && (!Array.isArray(members) || members.length === 0))
    fail(`${path}.member`, 'an anonymous group needs members');
}

function identifiers(value: JsonObject, path: string): number {
  let count = 0;
  if (value['mbox'] !== undefined) {
    count += 1;
    if (!MBOX.test(string(value['mbox'], `${path}.mbox`))) fail(`${path}.mbox`, 'must be a mailto: address');
  }
  if (value['mbox_sha1sum'] !== undefined) {
    count += 1;
    if (!SHA1.test(string(value['mbox_sha1sum'], `${path}.mbox_sha1sum`)))
      fail(`${path}.mbox_sha1sum`, 'must be a SHA-1 in hex');
  }
  if (value['openid'] !== undefined) {
    count += 1;
    iri(value['openid'], `${path}.openid`);
  }
  if (value['account'] !== undefined) {
    count += 1;
    const account = object(value['account'], `${path}.account`);
    only(account, `${path}.account`, ['homePage', 'name']);
    if (account['homePage'] === undefined) fail(`${path}.account.homePage`, 'is required');
    iri(account['homePage'], `${path}.account.homePage`);
    if (account['name'] === undefined) fail(`${path}.account.name`, 'is required');
    string(account['name'], `${path}.account.name`);
  }
  return count;
}

function verb(value: unknown, path: string): void {
  const verbObject = object(value, path);
  only(verbObject, path, ['id', 'display']);
  if (verbObject['id'] === undefined) fail(`${path}.id`, 'is required');
  iri(verbObject['id'], `${path}.id`);
  if (verbObject['display'] !== undefined) languageMap(verbObject['display'], `${path}.display`);
}

function interactionComponents(value: unknown, path: string): void {
  if (!Array.isArray(value)) fail(path, 'must be an array');
  const ids = new Set<string>();
  value.forEach((component, index) => {
    const componentPath = `${path}[${index}]`;
    const componentObject = object(component, componentPath);
    only(componentObject, componentPath, ['id', 'description']);
    const id = string(componentObject['id'], `${componentPath}.id`);
    if (ids.has(id)) fail(`${componentPath}.id`, 'must be unique within the list');
    ids.add(id);
    if (componentObject['description'] !== undefined)
      languageMap(componentObject['description'], `${componentPath}.description`);
  });
}

function activity(value: JsonObject, path: string): void {
  only(value, path, ['objectType', 'id', 'definition']);
  if (value['id'] === undefined) fail(`${path}.id`, 'is required');
  iri(value['id'], `${path}.id`);
  if (value['definition'] === undefined) return;
  const definitionPath = `${path}.definition`;
  const definition = object(value['definition'], definitionPath);
  only(definition, definitionPath, [
    'name',
    'description',
    'type',
    'moreInfo',
    'extensions',
    'interactionType',
    'correctResponsesPattern',
    'choices',
    'scale',
    'source',
    'target',
    'steps',
  ]);
  if (definition['name'] !== undefined) languageMap(definition['name'], `${definitionPath}.name`);
  if (definition['description'] !== undefined)
    languageMap(definition['description'], `${definitionPath}.description`);
  if (definition['type'] !== undefined) iri(definition['type'], `${definitionPath}.type`);
  if (definition['moreInfo'] !== undefined) iri(definition['moreInfo'], `${definitionPath}.moreInfo`);
  if (definition['extensions'] !== undefined)
    extensions(definition['extensions'], `${definitionPath}.extensions`);
  const interactionType = definition['interactionType'];
  if (
    interactionType !== undefined &&
    !INTERACTION_TYPES.has(string(interactionType, `${definitionPath}.interactionType`))
  )
    fail(`${definitionPath}.interactionType`, 'is not an interaction type');
  if (definition['correctResponsesPattern'] !== undefined) {
    const pattern = definition['correctResponsesPattern'];
    if (!Array.isArray(pattern)) fail(`${definitionPath}.correctResponsesPattern`, 'must be an array');
    pattern.forEach((response, index) =>
      string(response, `${definitionPath}.correctResponsesPattern[${index}]`),
    );
  }
  const componentKeys = ['choices', 'scale', 'source', 'target', 'steps'] as const;
  for (const key of componentKeys) {
    if (definition[key] === undefined) continue;
    if (interactionType === undefined) fail(`${definitionPath}.${key}`, 'needs an interactionType');
    interactionComponents(definition[key], `${definitionPath}.${key}`);
  }
  if (definition['correctResponsesPattern'] !== undefined && interactionType === undefined)
    fail(`${definitionPath}.correctResponsesPattern`, 'needs an interactionType');
}

function statementRef(value: JsonObject, path: string): void {
  only(value, path, ['objectType', 'id']);
  if (value['objectType'] !== 'StatementRef') fail(`${path}.objectType`, 'must be "StatementRef"');
  uuid(value['id'], `${path}.id`);
}

function statementObject(value: unknown, path: string, version: XapiVersion, inSubStatement: boolean): void {
  const target = object(value, path);
  const type = target['objectType'];
  if (type === undefined || type === 'Activity') return activity(target, path);
  if (type === 'Agent' || type === 'Group') return agent(target, path, true);
  if (type === 'StatementRef') return statementRef(target, path);
  if (type === 'SubStatement') {
    if (inSubStatement) fail(path, 'a sub-statement cannot hold a sub-statement');
    return statementBody(target, path, version, true);
  }
  fail(`${path}.objectType`, 'is not an object type');
}

function score(value: unknown, path: string): void {
  const scoreObject = object(value, path);
  only(scoreObject, path, ['scaled', 'raw', 'min', 'max']);
  const scaled = scoreObject['scaled'];
  if (scaled !== undefined && (number(scaled, `${path}.scaled`) < -1 || (scaled as number) > 1))
    fail(`${path}.scaled`, 'must be between -1 and 1');
  const raw = scoreObject['raw'] === undefined ? undefined : number(scoreObject['raw'], `${path}.raw`);
  const min = scoreObject['min'] === undefined ? undefined : number(scoreObject['min'], `${path}.min`);
  const max = scoreObject['max'] === undefined ? undefined : number(scoreObject['max'], `${path}.max`);
  if (min !== undefined && max !== undefined && min >= max) fail(`${path}.min`, 'must be below max');
  if (raw !== undefined && min !== undefined && raw < min) fail(`${path}.raw`, 'must not be below min');
  if (raw !== undefined && max !== undefined && raw > max) fail(`${path}.raw`, 'must not be above max');
}

function result(value: unknown, path: string): void {
  const resultObject = object(value, path);
  only(resultObject, path, ['score', 'success', 'completion', 'response', 'duration', 'extensions']);
  if (resultObject['score'] !== undefined) score(resultObject['score'], `${path}.score`);
  if (resultObject['success'] !== undefined) boolean(resultObject['success'], `${path}.success`);
  if (resultObject['completion'] !== undefined) boolean(resultObject['completion'], `${path}.completion`);
  if (resultObject['response'] !== undefined) string(resultObject['response'], `${path}.response`);
  if (
    resultObject['duration'] !== undefined &&
    !DURATION.test(string(resultObject['duration'], `${path}.duration`))
  )
    fail(`${path}.duration`, 'must be an ISO 8601 duration');
  if (resultObject['extensions'] !== undefined) extensions(resultObject['extensions'], `${path}.extensions`);
}

function activityList(value: unknown, path: string): void {
  const list = Array.isArray(value) ? value : [value];
  list.forEach((item, index) => {
    const itemPath = Array.isArray(value) ? `${path}[${index}]` : path;
    const itemObject = object(item, itemPath);
    if (itemObject['objectType'] !== undefined && itemObject['objectType'] !== 'Activity')
      fail(`${itemPath}.objectType`, 'must be "Activity"');
    activity(itemObject, itemPath);
  });
}

function relevantTypes(value: unknown, path: string): void {
  if (!Array.isArray(value) || value.length === 0) fail(path, 'must be a non-empty array');
  value.forEach((type, index) => iri(type, `${path}[${index}]`));
}

function context(value: unknown, path: string, version: XapiVersion, objectIsActivity: boolean): void {
  const contextObject = object(value, path);
  const allowed = [
    'registration',
    'instructor',
    'team',
    'contextActivities',
    'revision',
    'platform',
    'language',
    'statement',
    'extensions',
  ];
  if (version === '2.0') allowed.push('contextAgents', 'contextGroups');
  only(contextObject, path, allowed);
  if (contextObject['registration'] !== undefined)
    uuid(contextObject['registration'], `${path}.registration`);
  if (contextObject['instructor'] !== undefined) agent(contextObject['instructor'], `${path}.instructor`);
  if (contextObject['team'] !== undefined) {
    const team = object(contextObject['team'], `${path}.team`);
    if (team['objectType'] !== 'Group') fail(`${path}.team.objectType`, 'must be "Group"');
    group(team, `${path}.team`);
  }
  if (contextObject['contextActivities'] !== undefined) {
    const activities = object(contextObject['contextActivities'], `${path}.contextActivities`);
    only(activities, `${path}.contextActivities`, CONTEXT_ACTIVITY_KEYS);
    for (const key of CONTEXT_ACTIVITY_KEYS) {
      if (activities[key] !== undefined) activityList(activities[key], `${path}.contextActivities.${key}`);
    }
  }
  for (const key of ['revision', 'platform'] as const) {
    if (contextObject[key] === undefined) continue;
    string(contextObject[key], `${path}.${key}`);
    if (!objectIsActivity) fail(`${path}.${key}`, 'is only allowed when the object is an activity');
  }
  if (
    contextObject['language'] !== undefined &&
    !LANGUAGE_TAG.test(string(contextObject['language'], `${path}.language`))
  )
    fail(`${path}.language`, 'is not a language tag (RFC 5646)');
  if (contextObject['statement'] !== undefined) {
    const ref = object(contextObject['statement'], `${path}.statement`);
    statementRef(ref, `${path}.statement`);
  }
  if (contextObject['extensions'] !== undefined)
    extensions(contextObject['extensions'], `${path}.extensions`);
  if (contextObject['contextAgents'] !== undefined) {
    const list = contextObject['contextAgents'];
    if (!Array.isArray(list)) fail(`${path}.contextAgents`, 'must be an array');
    list.forEach((entry, index) => {
      const entryPath = `${path}.contextAgents[${index}]`;
      const entryObject = object(entry, entryPath);
      only(entryObject, entryPath, ['objectType', 'agent', 'relevantTypes']);
      if (entryObject['objectType'] !== 'contextAgent')
        fail(`${entryPath}.objectType`, 'must be "contextAgent"');
      const person = object(entryObject['agent'], `${entryPath}.agent`);
      if (person['objectType'] === 'Group') fail(`${entryPath}.agent`, 'must be an agent');
      agent(person, `${entryPath}.agent`);
      if (entryObject['relevantTypes'] !== undefined)
        relevantTypes(entryObject['relevantTypes'], `${entryPath}.relevantTypes`);
    });
  }
  if (contextObject['contextGroups'] !== undefined) {
    const list = contextObject['contextGroups'];
    if (!Array.isArray(list)) fail(`${path}.contextGroups`, 'must be an array');
    list.forEach((entry, index) => {
      const entryPath = `${path}.contextGroups[${index}]`;
      const entryObject = object(entry, entryPath);
      only(entryObject, entryPath, ['objectType', 'group', 'relevantTypes']);
      if (entryObject['objectType'] !== 'contextGroup')
        fail(`${entryPath}.objectType`, 'must be "contextGroup"');
      const team = object(entryObject['group'], `${entryPath}.group`);
      if (team['objectType'] !== 'Group') fail(`${entryPath}.group.objectType`, 'must be "Group"');
      group(team, `${entryPath}.group`);
      if (entryObject['relevantTypes'] !== undefined)
        relevantTypes(entryObject['relevantTypes'], `${entryPath}.relevantTypes`);
    });
  }
}

function attachments(value: unknown, path: string): void {
  if (!Array.isArray(value)) fail(path, 'must be an array');
  value.forEach((attachment, index) => {
    const itemPath = `${path}[${index}]`;
    const item = object(attachment, itemPath);
    only(item, itemPath, ['usageType', 'display', 'description', 'contentType', 'length', 'sha2', 'fileUrl']);
    if (item['usageType'] === undefined) fail(`${itemPath}.usageType`, 'is required');
    iri(item['usageType'], `${itemPath}.usageType`);
    if (item['display'] === undefined) fail(`${itemPath}.display`, 'is required');
    languageMap(item['display'], `${itemPath}.display`);
    if (item['description'] !== undefined) languageMap(item['description'], `${itemPath}.description`);
    if (item['contentType'] === undefined) fail(`${itemPath}.contentType`, 'is required');
    if (!MEDIA_TYPE.test(string(item['contentType'], `${itemPath}.contentType`)))
      fail(`${itemPath}.contentType`, 'must be an Internet media type');
    if (item['length'] === undefined) fail(`${itemPath}.length`, 'is required');
    if (!Number.isInteger(item['length']) || (item['length'] as number) < 0)
      fail(`${itemPath}.length`, 'must be a whole number');
    if (item['sha2'] === undefined) fail(`${itemPath}.sha2`, 'is required');
    if (!/^[0-9a-fA-F]{56,128}$/.test(string(item['sha2'], `${itemPath}.sha2`)))
      fail(`${itemPath}.sha2`, 'must be a SHA-2 hash in hex');
    if (item['fileUrl'] !== undefined) iri(item['fileUrl'], `${itemPath}.fileUrl`);
  });
}

function statementBody(value: JsonObject, path: string, version: XapiVersion, sub: boolean): void {
  const allowed = sub
    ? ['objectType', 'actor', 'verb', 'object', 'result', 'context', 'timestamp', 'attachments']
    : [
        'id',
        'actor',
        'verb',
        'object',
        'result',
        'context',
        'timestamp',
        'stored',
        'authority',
        'version',
        'attachments',
      ];
  only(value, path, allowed);
  if (value['id'] !== undefined) uuid(value['id'], `${path}.id`);
  if (value['actor'] === undefined) fail(`${path}.actor`, 'is required');
  agent(value['actor'], `${path}.actor`);
  if (value['verb'] === undefined) fail(`${path}.verb`, 'is required');
  verb(value['verb'], `${path}.verb`);
  if (value['object'] === undefined) fail(`${path}.object`, 'is required');
  statementObject(value['object'], `${path}.object`, version, sub);
  if (value['result'] !== undefined) result(value['result'], `${path}.result`);
  const targetType = (value['object'] as JsonObject)['objectType'];
  const objectIsActivity = targetType === undefined || targetType === 'Activity';
  if (value['context'] !== undefined) context(value['context'], `${path}.context`, version, objectIsActivity);
  if (value['timestamp'] !== undefined) timestamp(value['timestamp'], `${path}.timestamp`);
  if (value['stored'] !== undefined) timestamp(value['stored'], `${path}.stored`);
  if (value['authority'] !== undefined) authority(value['authority'], `${path}.authority`);
  if (value['version'] !== undefined) {
    const text = string(value['version'], `${path}.version`);
    const accepted = version === '2.0' ? /^(1\.0(\.\d+)?|2\.0(\.\d+)?)$/ : /^1\.0(\.\d+)?$/;
    if (!accepted.test(text)) fail(`${path}.version`, 'is not a supported version');
  }
  if (value['attachments'] !== undefined) attachments(value['attachments'], `${path}.attachments`);
  const verbId = (value['verb'] as JsonObject)['id'];
  if (!sub && verbId === VOIDED_VERB && targetType !== 'StatementRef')
    fail(`${path}.object`, 'a voiding statement needs a StatementRef object');
}

function authority(value: unknown, path: string): void {
  const authorityObject = object(value, path);
  agent(authorityObject, path);
  if (authorityObject['objectType'] === 'Group') {
    if (identifiers(authorityObject, path) > 0) fail(path, 'an OAuth authority group is anonymous');
    const members = authorityObject['member'];
    if (!Array.isArray(members) || members.length !== 2)
      fail(`${path}.member`, 'an OAuth authority has two agents');
  }
}

/** Throws XapiInvalid when `value` is not a statement an LRS may store. */
export function validateStatement(value: unknown, version: XapiVersion, path = 'statement'): void {
  statementBody(object(value, path), path, version, false);
}

/** A statement's agent identified as a string key: the same person gives the same key. */
export function agentKey(value: unknown): string | null {
  if (!isObject(value)) return null;
  if (typeof value['mbox'] === 'string') return `mbox:${value['mbox']}`;
  if (typeof value['mbox_sha1sum'] === 'string') return `sha1:${value['mbox_sha1sum'].toLowerCase()}`;
  if (typeof value['openid'] === 'string') return `openid:${value['openid']}`;
  const account = value['account'];
  if (isObject(account) && typeof account['homePage'] === 'string' && typeof account['name'] === 'string')
    return `account:${account['homePage']}|${account['name']}`;
  return null;
}

/** Checks an `agent` query parameter: an Agent (or identified Group) with exactly one identifier. */
export function validateAgentParameter(value: unknown, path: string): void {
  const agentObject = object(value, path);
  if (agentObject['objectType'] === 'Group') {
    group(agentObject, path);
    if (agentKey(agentObject) === null) fail(path, 'needs an identifier');
    return;
  }
  agent(agentObject, path);
}

export type { Json, JsonObject };
export { isObject };
