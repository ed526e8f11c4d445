import { createPublicKey, verify as verifySignature } from 'node:crypto';
import type { JsonWebKey } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseId, requests } from '../../test/requests';
import { createTestApp, SECOND_HOST } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { runCertificationSweep } from './sweep';
import { ACADEMY_COURSES } from '../../db/seed/academy-titles';

let t: TestApp;
let r: ReturnType<typeof requests>;
let admin: string;
let classmate: string;
let student: string;
let certificateId: string;

/**
 * Verifies a VC-JWT the way an outside verifier would, with node's own crypto and no JOSE library:
 * the key comes from the portal's published key set, matched by the header's kid.
 */
async function verifyIndependently(jwt: string, host = 'localhost') {
  const [header64, payload64, signature64] = jwt.split('.');
  const header = JSON.parse(Buffer.from(header64!, 'base64url').toString('utf8'));
  const jwks = await t.app.inject({ url: '/.well-known/jwks.json', headers: { host } });
  expect(jwks.statusCode).toBe(200);
  const key = (JSON.parse(jwks.body).keys as Array<JsonWebKey & { kid: string }>).find(
    (candidate) => candidate.kid === header.kid,
  );
  if (!key) return { valid: false, header, payload: null };
  const valid = verifySignature(
    'RSA-SHA256',
    Buffer.from(`${header64}.${payload64}`),
    createPublicKey({ key, format: 'jwk' }),
    Buffer.from(signature64!, 'base64url'),
  );
  return { valid, header, payload: JSON.parse(Buffer.from(payload64!, 'base64url').toString('utf8')) };
}

/** Follows a credential's status entry: true when its bit is set in the (verified) status list. */
async function isRevoked(credential: {
  credentialStatus: { statusListCredential: string; statusListIndex: string };
}) {
  const url = new URL(credential.credentialStatus.statusListCredential);
  const list = await t.app.inject({ url: url.pathname, headers: { host: 'localhost' } });
  expect(list.statusCode).toBe(200);
  expect(list.headers['content-type']).toContain('application/vc+jwt');
  const checked = await verifyIndependently(list.body);
  expect(checked.valid).toBe(true);
  expect(checked.payload.type).toContain('BitstringStatusListCredential');
  const encoded: string = checked.payload.credentialSubject.encodedList;
  const bits = gunzipSync(Buffer.from(encoded.slice(1), 'base64url'));
  expect(bits.length).toBeGreaterThanOrEqual(16_384);
  const index = Number(credential.credentialStatus.statusListIndex);
  return (bits[index >> 3]! & (0x80 >> (index & 7))) !== 0;
}

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  admin = await t.login('admin@leerpad.test');
  classmate = await t.login('classmate@leerpad.test');
  student = await t.login('student@leerpad.test');
  const course = await courseId(t, ACADEMY_COURSES.phone);
  const made = await r.post('/api/v1/certifications', admin, {
    name: 'Telefoon-vaardig',
    courses: [{ type: 'courses', id: String(course) }],
    validity_months: 12,
  });
  expect(made.status).toBe(201);
  const assigned = await r.post(`/api/v1/certifications/${made.body.data.id}/assignments`, admin, {
    accounts: [await t.accountId('classmate@leerpad.test')].map((id) => ({
      type: 'accounts',
      id: String(id),
    })),
  });
  expect(assigned.status).toBe(200);
  expect([200, 201]).toContain((await r.post(`/api/v1/courses/${course}/enrollments`, classmate, {})).status);
  const objects = await t.services.db
    .selectFrom('learning_objects')
    .select('id')
    .where('course_id', '=', course)
    .execute();
  for (const object of objects) {
    await r.put(`/api/v1/learning_objects/${object.id}/progress`, classmate, { completed: true });
  }
  await runCertificationSweep(t.services);
  const mine = await r.get('/api/v1/certificates', classmate);
  certificateId = mine.body.data.find(
    (c: { attributes: { certification_name: string } }) =>
      c.attributes.certification_name === 'Telefoon-vaardig',
  ).id;
});
afterAll(() => t.close());

describe('Open Badges credentials', () => {
  it('signs an OpenBadgeCredential that verifies with the key the portal publishes', async () => {
    const response = await r.get(`/api/v1/certificates/${certificateId}/credential`, classmate);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('application/vc+jwt');
    expect(response.headers['content-disposition']).toContain('attachment');
    const { valid, header, payload } = await verifyIndependently(response.raw.body);
    expect(valid).toBe(true);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'vc+jwt' });
    expect(payload.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(payload['@context'][0]).toBe('https://www.w3.org/ns/credentials/v2');
    expect(payload.credentialSubject.achievement).toMatchObject({
      type: ['Achievement'],
      name: 'Telefoon-vaardig',
    });
    expect(payload.credentialSubject.identifier[0]).toMatchObject({
      identityType: 'emailAddress',
      hashed: true,
    });
    // The holder's address is only there as a salted hash.
    expect(response.raw.body).not.toContain('classmate@leerpad.test');
    expect(payload.iss).toBe(payload.issuer.id);
    expect(payload.validUntil).toBeTruthy();
    expect(payload.exp).toBe(Math.floor(new Date(payload.validUntil).getTime() / 1000));
    expect(await isRevoked(payload)).toBe(false);
  });

  it('fails a forged credential and one checked against another portal', async () => {
    const response = await r.get(`/api/v1/certificates/${certificateId}/credential`, classmate);
    const [header, payload, signature] = response.raw.body.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    claims.name = 'Something else';
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    expect((await verifyIndependently(forged)).valid).toBe(false);
    expect((await verifyIndependently(response.raw.body, SECOND_HOST)).valid).toBe(false);
  });

  it('is for the holder and staff only', async () => {
    expect((await r.get(`/api/v1/certificates/${certificateId}/credential`, student)).status).toBe(404);
    expect((await r.get(`/api/v1/certificates/${certificateId}/credential`, admin)).status).toBe(200);
    const guest = await t.app.inject({
      url: `/api/v1/certificates/${certificateId}/credential`,
      headers: { host: 'localhost' },
    });
    expect(guest.statusCode).toBe(401);
  });

  it('keeps one key per portal', async () => {
    const first = await t.app.inject({ url: '/.well-known/jwks.json', headers: { host: 'localhost' } });
    const again = await t.app.inject({ url: '/.well-known/jwks.json', headers: { host: 'localhost' } });
    const other = await t.app.inject({ url: '/.well-known/jwks.json', headers: { host: SECOND_HOST } });
    const keys = JSON.parse(first.body).keys;
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toHaveProperty('d');
    expect(JSON.parse(again.body).keys).toEqual(keys);
    expect(JSON.parse(other.body).keys[0].kid).not.toBe(keys[0].kid);
  });

  it('a revoked credential still has a valid signature but fails the status check', async () => {
    const before = await r.get(`/api/v1/certificates/${certificateId}/credential`, classmate);
    const revoked = await r.post(`/api/v1/certificates/${certificateId}/revocation`, admin, {
      reason: 'Issued by mistake',
    });
    expect(revoked.status).toBe(200);
    const checked = await verifyIndependently(before.raw.body);
    expect(checked.valid).toBe(true);
    expect(await isRevoked(checked.payload)).toBe(true);
  });
});
