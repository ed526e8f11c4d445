import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseId, requests, SAMPLE_COURSE } from '../../test/requests';
import { createTestApp, SECOND_HOST, XHR } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let r: ReturnType<typeof requests>;
let admin: string;
let secondAdmin: string;
let support: string;
let student: string;
let academyId: string;
let secondId: string;

const BOUNDARY = '----leerpad-branding-boundary';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
/** A real, one-colour PNG of the given size. */
function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x22)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const upload = (cookie: string, url: string, name: string, content: Buffer, host = 'localhost') =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: { ...XHR, cookie, host, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  });

const patch = (cookie: string, id: string, attributes: Record<string, unknown>, host?: string) =>
  r.patch(`/api/v1/portals/${id}`, cookie, { data: { type: 'portals', id, attributes } }, host);

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  [admin, secondAdmin, support, student] = await Promise.all([
    t.login('admin@leerpad.test'),
    t.login('second-admin@leerpad.test', SECOND_HOST),
    t.login('support@leerpad.test'),
    t.login('student@leerpad.test'),
  ]);
  academyId = (await r.get('/api/v1/portals/current', '')).body.data.id;
  secondId = (await r.get('/api/v1/portals/current', '', SECOND_HOST)).body.data.id;
});
afterAll(() => t.close());

describe('portal branding', () => {
  it('changes the name and colours; visitors see them at once', async () => {
    const saved = await patch(admin, academyId, {
      name: 'Groene Academie',
      theme: { primary_color: '#166534', secondary_color: '#1F2937' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.attributes.name).toBe('Groene Academie');
    expect(saved.body.data.attributes.theme).toMatchObject({
      primary_color: '#166534',
      secondary_color: '#1f2937',
    });
    const visitor = await r.get('/api/v1/portals/current', '');
    expect(visitor.body.data.attributes.name).toBe('Groene Academie');
    expect(visitor.body.data.attributes.theme.primary_color).toBe('#166534');
    const badHex = await patch(admin, academyId, { theme: { primary_color: 'green' } });
    expect(badHex.status).toBe(422);
    expect(badHex.body.errors[0].source.pointer).toBe('/data/attributes/theme/primary_color');
    const empty = await patch(admin, academyId, { name: '  ' });
    expect(empty.body.errors[0].source.pointer).toBe('/data/attributes/name');
  });

  it("refuses a colour whose pairs fail WCAG AA, naming the pair and its ratio in the reader's language", async () => {
    const refused = await patch(admin, academyId, { theme: { primary_color: '#9be89b' } });
    expect(refused.status).toBe(422);
    const first = refused.body.errors[0];
    expect(first.code).toBe('THEME_CONTRAST');
    expect(first.source.pointer).toBe('/data/attributes/theme/primary_color');
    expect(first.meta).toMatchObject({ rule: 'primary_on_white', ratio: 1.4, required: 4.5 });
    // The admin's locale decides the language of `detail`.
    expect(first.detail).toMatch(/#9be89b.*1\.4:1.*4\.5:1/);
    // The secondary colour is only a decorative stripe: a light one is kept.
    const amber = await patch(admin, academyId, { theme: { secondary_color: '#f59e0b' } });
    expect(amber.status).toBe(200);
    const english = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/portals/${secondId}`,
      headers: { ...XHR, cookie: secondAdmin, host: SECOND_HOST, 'content-type': 'application/json' },
      payload: {
        data: { type: 'portals', id: secondId, attributes: { theme: { primary_color: '#9be89b' } } },
      },
    });
    expect(english.json().errors[0].detail).toBe(
      'The primary colour #9be89b as link text on white has contrast 1.4:1; WCAG AA needs 4.5:1.',
    );
    const unchanged = await r.get('/api/v1/portals/current', '');
    expect(unchanged.body.data.attributes.theme.primary_color).toBe('#166534');
  });

  it('lets an academy admin change only their own portal, and support any portal', async () => {
    expect((await patch(secondAdmin, academyId, { name: 'Taken over' }, SECOND_HOST)).status).toBe(404);
    expect((await patch(student, academyId, { name: 'Mine now' })).status).toBe(403);
    const bySupport = await patch(support, secondId, { name: 'Second Portal (renamed)' });
    expect(bySupport.status).toBe(200);
    expect((await r.get('/api/v1/portals/current', '', SECOND_HOST)).body.data.attributes.name).toBe(
      'Second Portal (renamed)',
    );
    const logo = await upload(
      secondAdmin,
      `/api/v1/portals/${academyId}/logo`,
      'a.png',
      png(40, 20),
      SECOND_HOST,
    );
    expect(logo.statusCode).toBe(404);
  });

  it('switches the business model without losing enrolments, and says beforehand what it means', async () => {
    const before = await t.services.db
      .selectFrom('enrollments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const impact = await r.get(
      `/api/v1/portals/${academyId}/business_model_impact?filter[business_models]=free`,
      admin,
    );
    expect(impact.status).toBe(200);
    const attributes = impact.body.data.attributes;
    expect(attributes.current_business_models).toEqual(['subscription']);
    expect(attributes.subscription_required_now).toBe(true);
    expect(attributes.subscription_required_after).toBe(false);
    expect(attributes.enrolled_students).toBeGreaterThan(0);
    expect(attributes.with_active_subscription).toBeGreaterThan(0);
    expect(attributes.students_regaining_access).toBe(
      attributes.enrolled_students - attributes.with_active_subscription,
    );
    expect(
      (
        await r.get(
          `/api/v1/portals/${academyId}/business_model_impact?filter[business_models]=gratis`,
          admin,
        )
      ).status,
    ).toBe(400);

    // nosub-student meets the payment screen on the subscription model and learns on a free portal.
    const nosub = await t.login('nosub-student@leerpad.test');
    const enrol = {
      data: {
        type: 'enrollments',
        relationships: {
          course: { data: { type: 'courses', id: String(await courseId(t, SAMPLE_COURSE)) } },
        },
      },
    };
    expect((await r.post('/api/v1/enrollments', nosub, enrol)).status).toBe(402);
    const free = await patch(admin, academyId, { business_models: [] });
    expect(free.body.data.attributes.business_models).toEqual([]);
    expect((await r.post('/api/v1/enrollments', nosub, enrol)).status).toBe(201);
    const back = await patch(admin, academyId, { business_models: ['subscription'] });
    expect(back.body.data.attributes.business_models).toEqual(['subscription']);
    expect((await r.post('/api/v1/enrollments', nosub, enrol)).status).toBe(402);
    const after = await t.services.db
      .selectFrom('enrollments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // Every enrolment is still there, the one made on the free model included.
    expect(Number(after.n)).toBe(Number(before.n) + 1);
    expect((await patch(admin, academyId, { business_models: ['barter'] })).status).toBe(422);
  });

  it('stores a PNG logo, serves it back with its type and cache headers, and resets it', async () => {
    const image = png(120, 40);
    const saved = await upload(admin, `/api/v1/portals/${academyId}/logo`, 'logo.png', image);
    expect(saved.statusCode).toBe(200);
    const url: string = saved.json().data.attributes.theme.logo_url;
    expect(url).toMatch(new RegExp(`^/api/v1/portals/${academyId}/logo/[0-9a-f-]{36}\\.png$`));
    const served = await t.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.rawPayload.equals(image)).toBe(true);

    const replaced = await upload(admin, `/api/v1/portals/${academyId}/logo`, 'logo.png', png(64, 64));
    expect(replaced.json().data.attributes.theme.logo_url).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url, headers: { host: 'localhost' } })).statusCode).toBe(404);

    const reset = await r.del(`/api/v1/portals/${academyId}/logo`, admin);
    expect(reset.status).toBe(200);
    expect(reset.body.data.attributes.theme.logo_url).toBeNull();
  });

  it('refuses a PNG over the pixel limits, and anything that is not an image, at /file', async () => {
    const wide = await upload(admin, `/api/v1/portals/${academyId}/logo`, 'wide.png', png(2400, 20));
    expect(wide.statusCode).toBe(422);
    expect(wide.json().errors[0]).toMatchObject({
      code: 'BRANDING_IMAGE_DIMENSIONS',
      source: { pointer: '/file' },
      meta: { width: 2400, height: 20, max_width: 2000 },
    });
    const bigIcon = await upload(admin, `/api/v1/portals/${academyId}/favicon`, 'f.png', png(600, 600));
    expect(bigIcon.json().errors[0].code).toBe('BRANDING_IMAGE_DIMENSIONS');
    const text = await upload(admin, `/api/v1/portals/${academyId}/logo`, 'x.png', Buffer.from('hello'));
    expect(text.statusCode).toBe(422);
    expect(text.json().errors[0]).toMatchObject({
      code: 'BRANDING_IMAGE_TYPE',
      source: { pointer: '/file' },
    });
  });

  it('sanitises an SVG logo: scripts, event handlers, foreignObject and external references are gone', async () => {
    const svg = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 40" onload="alert(1)">
  <script>alert('stolen')</script>
  <rect width="100" height="40" fill="#166534" onclick="alert(2)"/>
  <rect width="10" height="10" fill="url(http://evil.example/x.svg#p)"/>
  <use xlink:href="http://evil.example/sprite.svg#logo"/>
  <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">phish</div></foreignObject>
  <a href="javascript:alert(3)"><text x="10" y="25" fill="#ffffff">Leerpad</text></a>
</svg>`;
    const saved = await upload(admin, `/api/v1/portals/${academyId}/logo`, 'logo.svg', Buffer.from(svg));
    expect(saved.statusCode).toBe(200);
    const served = await t.app.inject({
      method: 'GET',
      url: saved.json().data.attributes.theme.logo_url,
      headers: { host: 'localhost' },
    });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    const body = served.body;
    expect(body).toContain('<rect width="100" height="40" fill="#166534"');
    expect(body).toContain('Leerpad');
    for (const gone of [
      '<script',
      'alert',
      'onload',
      'onclick',
      'evil.example',
      'foreignObject',
      'phish',
      'javascript:',
    ])
      expect(body).not.toContain(gone);

    const nothing = await upload(
      admin,
      `/api/v1/portals/${academyId}/logo`,
      'x.svg',
      Buffer.from('<svg><script>1</script>'),
    );
    expect(nothing.statusCode).toBe(422);
  });

  it('takes an ICO favicon within the limits', async () => {
    const ico = Buffer.alloc(6 + 16 + 40);
    ico.writeUInt16LE(0, 0);
    ico.writeUInt16LE(1, 2);
    ico.writeUInt16LE(1, 4);
    ico[6] = 32;
    ico[7] = 32;
    const saved = await upload(admin, `/api/v1/portals/${academyId}/favicon`, 'favicon.ico', ico);
    expect(saved.statusCode).toBe(200);
    const url = saved.json().data.attributes.theme.favicon_url as string;
    expect(url).toMatch(/\.ico$/);
    const served = await t.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
    expect(served.headers['content-type']).toBe('image/x-icon');
    expect(
      (await r.del(`/api/v1/portals/${academyId}/favicon`, admin)).body.data.attributes.theme.favicon_url,
    ).toBeNull();
  });
});
