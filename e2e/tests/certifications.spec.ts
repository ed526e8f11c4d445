/**
 * Certifications end to end: an admin defines one on a course, the student completes the course
 * and finds the certificate on their portfolio, anyone can verify it, and a revocation shows.
 */
import { createPublicKey, verify as verifySignature } from 'node:crypto';
import type { JsonWebKey } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import { appReady, expect, signIn, test, XHR } from './fixtures';
import { expectNoViolations } from './axe';

const COURSE = 'Timemanagement en prioriteiten';
const CERTIFICATION = 'Tijdmanagement gecertificeerd';

/** Checks a VC-JWT with node's own crypto against the key the portal publishes, as a guest. */
async function verifyCredential(request: APIRequestContext, jwt: string) {
  const [header64, payload64, signature64] = jwt.split('.') as [string, string, string];
  const header = JSON.parse(Buffer.from(header64, 'base64url').toString('utf8')) as { kid: string };
  const jwks = (await (await request.get('/.well-known/jwks.json')).json()) as {
    keys: Array<JsonWebKey & { kid: string }>;
  };
  const key = jwks.keys.find((candidate) => candidate.kid === header.kid)!;
  const valid = verifySignature(
    'RSA-SHA256',
    Buffer.from(`${header64}.${payload64}`),
    createPublicKey({ key, format: 'jwk' }),
    Buffer.from(signature64, 'base64url'),
  );
  const payload = JSON.parse(Buffer.from(payload64, 'base64url').toString('utf8')) as {
    type: string[];
    credentialStatus: { statusListCredential: string; statusListIndex: string };
  };
  return { valid, payload };
}

/** Whether the credential's bit is set in the portal's (signed) revocation list. */
async function revokedInStatusList(request: APIRequestContext, jwt: string) {
  const { payload } = await verifyCredential(request, jwt);
  const list = await request.get(new URL(payload.credentialStatus.statusListCredential).pathname);
  const checked = await verifyCredential(request, await list.text());
  expect(checked.valid).toBe(true);
  const subject = (checked.payload as unknown as { credentialSubject: { encodedList: string } })
    .credentialSubject;
  const bits = gunzipSync(Buffer.from(subject.encodedList.slice(1), 'base64url'));
  const index = Number(payload.credentialStatus.statusListIndex);
  return (bits[index >> 3]! & (0x80 >> (index & 7))) !== 0;
}

test.describe.configure({ mode: 'serial' });

let code = '';
let credential = '';

test('an admin defines a certification and the student earns it by completing the course', async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin');
  await admin.goto('/admin/certifications');
  await appReady(admin);
  await admin.getByTestId('new-certification').click();
  const form = admin.getByTestId('certification-form');
  await form.locator('input[name="name"]').fill(CERTIFICATION);
  await form.getByLabel(COURSE).check();
  await form.locator('input[name="validityMonths"]').fill('12');
  await form.locator('input[name="recertificationWindowDays"]').fill('400');
  await form.getByTestId('save-certification').click();
  // A window longer than the validity is pointed at, on its field.
  await expect(form.locator('input[name="recertificationWindowDays"]')).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await form.locator('input[name="recertificationWindowDays"]').fill('30');
  await form.getByTestId('save-certification').click();
  const card = admin.getByTestId('certification-card').filter({ hasText: CERTIFICATION });
  await expect(card).toBeVisible();
  await expectNoViolations(admin);

  const student = await (await browser.newContext()).newPage();
  await signIn(student, 'student');
  const courses = (await (await student.request.get('/api/v1/courses?page[size]=100')).json()) as {
    data: Array<{ id: string; attributes: { title: string } }>;
  };
  const course = courses.data.find((item) => item.attributes.title === COURSE)!;
  expect(
    (await student.request.post(`/api/v1/courses/${course.id}/enrollments`, { headers: XHR, data: {} })).ok(),
  ).toBe(true);
  const overview = (await (
    await student.request.get(`/api/v1/courses/${course.id}?include=learning_objects`)
  ).json()) as {
    included?: Array<{ type: string; id: string }>;
  };
  const objects = (overview.included ?? []).filter((item) => item.type === 'learning_objects');
  expect(objects.length).toBeGreaterThan(0);
  for (const object of objects) {
    const done = await student.request.put(`/api/v1/learning_objects/${object.id}/progress`, {
      headers: XHR,
      data: { completed: true },
    });
    expect(done.ok()).toBe(true);
  }

  await student.goto('/portfolio');
  await appReady(student);
  const certificate = student.getByTestId('my-certificate').filter({ hasText: CERTIFICATION });
  await expect(certificate).toBeVisible({ timeout: 30_000 });
  await expectNoViolations(student);
  code = (await certificate.locator('.font-mono').textContent())!.trim();
  const pdfHref = await certificate.locator('a[href$="/pdf"]').getAttribute('href');
  const pdf = await student.request.get(pdfHref!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The Open Badge download is a credential that verifies with the key the portal publishes.
  const badgeHref = await certificate.getByTestId('open-badge-download').getAttribute('href');
  const badge = await student.request.get(badgeHref!);
  expect(badge.headers()['content-type']).toContain('application/vc+jwt');
  credential = await badge.text();
  const checked = await verifyCredential(student.request, credential);
  expect(checked.valid).toBe(true);
  expect(checked.payload.type).toContain('OpenBadgeCredential');
  expect(await revokedInStatusList(student.request, credential)).toBe(false);
});

test('a guest verifies the certificate, and sees it revoked once the admin revokes it', async ({
  browser,
}) => {
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`/verify/${code}`);
  await expect(guest.getByTestId('verify-status')).toHaveAttribute('data-status', 'valid');
  await expect(guest.getByTestId('verify-holder')).toHaveText('Sam Student');
  await expectNoViolations(guest);

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin');
  await admin.goto('/admin/certifications');
  const card = admin.getByTestId('certification-card').filter({ hasText: CERTIFICATION });
  await card.getByTestId('show-holders').click();
  const row = card.getByTestId('holder-row').filter({ hasText: code });
  await row.getByTestId('revoke').click();
  await row.locator('input[name="reason"]').fill('Issued by mistake');
  await row.getByTestId('revoke-form').locator('button[type="submit"]').click();
  await expect(row.getByTestId('certificate-status')).toHaveText(/.+/);
  await expect(row.getByTestId('revoke')).toHaveCount(0);

  await guest.reload();
  await expect(guest.getByTestId('verify-status')).toHaveAttribute('data-status', 'revoked');
  // The credential keeps its signature, but the status list now says it is revoked.
  expect((await verifyCredential(guest.request, credential)).valid).toBe(true);
  expect(await revokedInStatusList(guest.request, credential)).toBe(true);
});
