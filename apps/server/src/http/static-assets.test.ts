import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATH,
  CATALOG_CATEGORIES_PATH,
  CONTENT_LABELS_PATH,
  DEFAULT_PAGE_SIZE,
  FEATURES,
  catalogAddress,
  courseOverviewAddress,
  learningObjectAddress,
  notificationsAddress,
  openedObjectOfOutline,
} from '@leerpad/core';
import { withFeaturesOff } from '../test/features';
import { createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import {
  BOOT_ADDRESSES,
  BOOT_ELEMENT_ID,
  bootSplash,
  inlineStylesheet,
  pageLocale,
  scriptSafeJson,
} from './app-page';

const SCRIPT = `console.log(${JSON.stringify('leerpad '.repeat(400))});`;
const STYLESHEET = '.splash{color:#123456}.quote::after{content:"</style><script>alert(1)</script>"}';
let webDir: string;
let t: TestApp;

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'leerpad-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(
    join(webDir, 'index.html'),
    '<!doctype html><html><head><title>Leerpad</title>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-abc123.css">' +
      '</head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(webDir, 'assets', 'index-abc123.css'), STYLESHEET);
  writeFileSync(
    join(webDir, 'route-preloads.json'),
    JSON.stringify([
      {
        prefix: '/',
        files: ['/assets/shell-abc123.js'],
        texts: { nl: ['/assets/nl-abc123.js'], en: ['/assets/en-abc123.js'] },
      },
      { prefix: '/courses', files: ['/assets/student-abc123.js'] },
    ]),
  );
  writeFileSync(join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const script = join(webDir, 'assets', 'index-abc123.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  t = await createTestApp({ webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('the web app', () => {
  it('sends a browser that accepts Brotli the precompressed script, cached for good', async () => {
    const response = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { host: 'localhost', 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('sends the plain script to a client that accepts no compression', async () => {
    const response = await t.app.inject({ url: '/assets/index-abc123.js', headers: { host: 'localhost' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SCRIPT);
  });

  it('caches files without a content hash for an hour only', async () => {
    const response = await t.app.inject({ url: '/favicon.svg', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers every app address with the page, which is never cached', async () => {
    const response = await t.app.inject({
      url: '/courses/12?learning_object=3',
      headers: { host: 'localhost' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toContain('<div id="root">');
  });

  it("shows the portal's name in the page before the app has started", async () => {
    const response = await t.app.inject({ url: '/catalog', headers: { host: 'localhost' } });
    const portal = await t.app.inject({ url: BOOT_ADDRESSES.portal, headers: { host: 'localhost' } });
    const name = (JSON.parse(portal.body) as { data: { attributes: { name: string } } }).data.attributes.name;
    expect(name).toBeTruthy();
    const root = /<div id="root">(.*?)<\/div><\/body>/.exec(response.body)?.[1] ?? '';
    expect(root).toContain('aria-busy="true"');
    expect(root).toContain(`<p class="text-sm text-slate-600">${name}</p>`);
  });

  it('sends the page compressed to a browser that accepts it, and plain to one that does not', async () => {
    const cookie = await t.login('student@leerpad.test');
    const ask = (encoding?: string) =>
      t.app.inject({
        url: '/catalog',
        headers: { host: 'localhost', cookie, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await ask('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gzip = await ask('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const refused = await ask('br;q=0, identity');
    expect(refused.headers['content-encoding']).toBeUndefined();
  });
});

/** The session answers the page carries, by address. */
function bootAnswers(html: string): Record<string, { data?: { id?: string }; authenticated?: boolean }> {
  const match = new RegExp(`<script type="application/json" id="${BOOT_ELEMENT_ID}">(.*?)</script>`).exec(
    html,
  );
  if (!match?.[1]) throw new Error('the page carries no session answers');
  return JSON.parse(match[1]) as Record<string, { data?: { id?: string }; authenticated?: boolean }>;
}

describe('the stylesheet', () => {
  it('comes in the page, so the splash paints without waiting for a file of its own', async () => {
    const response = await t.app.inject({ url: '/catalog', headers: { host: 'localhost' } });
    expect(response.body).not.toContain('rel="stylesheet"');
    expect(response.body).toContain('<style>.splash{color:#123456}');
    // Nothing in it can close its style element.
    expect(response.body).toContain('content:"<\\/style><script>alert(1)<\\/script>"');
    expect(response.body.match(/<\/style>/g)).toHaveLength(1);
  });

  it('stays a file of its own when it is bigger than 100 KB', () => {
    const dir = mkdtempSync(join(tmpdir(), 'leerpad-css-'));
    try {
      mkdirSync(join(dir, 'assets'));
      writeFileSync(join(dir, 'assets', 'big.css'), `.a{color:red}`.repeat(10_000));
      const template = '<head><link rel="stylesheet" crossorigin href="/assets/big.css"></head>';
      expect(inlineStylesheet(template, dir)).toBe(template);
      expect(inlineStylesheet('<head><link rel="stylesheet" href="/assets/gone.css"></head>', dir)).toContain(
        'gone.css',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the splash', () => {
  it("writes the portal's name as text, never as markup", () => {
    const splash = bootSplash({ data: { attributes: { name: '<img src=x onerror=alert(1)> & "Co"' } } });
    expect(splash).not.toContain('<img');
    expect(splash).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;');
  });

  it('shows the spinner alone when the portal is not known', () => {
    expect(bootSplash(undefined)).not.toContain('<p');
    expect(bootSplash(undefined)).toContain('aria-busy="true"');
  });
});

describe('the page and the session', () => {
  it('carries a signed-in student the ping, the portal and /me, and preloads the route chunks', async () => {
    const cookie = await t.login('student@leerpad.test');
    const response = await t.app.inject({ url: '/courses/1', headers: { host: 'localhost', cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const answers = bootAnswers(response.body);
    expect(answers[BOOT_ADDRESSES.ping]?.authenticated).toBe(true);
    expect(answers[BOOT_ADDRESSES.portal]?.data?.id).toBeDefined();
    const me = await t.app.inject({ url: BOOT_ADDRESSES.me, headers: { host: 'localhost', cookie } });
    expect(answers[BOOT_ADDRESSES.me]).toEqual(me.json());
    // The terms to accept, which decide whether the page shows at all.
    const agreement = await t.app.inject({
      url: BOOT_ADDRESSES.agreement,
      headers: { host: 'localhost', cookie },
    });
    expect(agreement.statusCode).toBe(200);
    expect(answers[BOOT_ADDRESSES.agreement]).toEqual(agreement.json());
    expect(response.body).toContain('<link rel="modulepreload" crossorigin href="/assets/shell-abc123.js">');
    expect(response.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/student-abc123.js">',
    );
  });

  it("carries the course page's outline and opened object, and the notifications page's first page, as the app asks for them", async () => {
    const cookie = await t.login('student@leerpad.test');
    const headers = { host: 'localhost', cookie };
    const course = bootAnswers((await t.app.inject({ url: '/courses/1', headers })).body);
    const overview = await t.app.inject({ url: courseOverviewAddress('1'), headers });
    expect(overview.statusCode).toBe(200);
    expect(course[courseOverviewAddress('1')]).toEqual(overview.json());
    // And the object the player opens: where the student resumes, or the one the address names.
    const objectsIn = (answers: Record<string, unknown>) =>
      Object.keys(answers).filter((address) => address.startsWith('/api/v1/learning_objects/'));
    const resumed = openedObjectOfOutline(overview.json(), null);
    expect(resumed).not.toBeNull();
    expect(objectsIn(course)).toEqual([learningObjectAddress(resumed!)]);
    const resumedObject = await t.app.inject({ url: learningObjectAddress(resumed!), headers });
    expect(course[learningObjectAddress(resumed!)]).toEqual(resumedObject.json());
    const other = (overview.json() as { included: Array<{ type: string; id: string }> }).included.find(
      (resource) => resource.type === 'learning_objects' && resource.id !== resumed,
    )!.id;
    const named = bootAnswers(
      (await t.app.inject({ url: `/courses/1?learning_object=${other}`, headers })).body,
    );
    expect(objectsIn(named)).toEqual([learningObjectAddress(other)]);

    const notificationsPage = bootAnswers((await t.app.inject({ url: '/notifications', headers })).body);
    const accountId = (notificationsPage[BOOT_ADDRESSES.ping] as unknown as { account_id: string })
      .account_id;
    const list = await t.app.inject({ url: notificationsAddress(accountId, 1, DEFAULT_PAGE_SIZE), headers });
    expect(list.statusCode).toBe(200);
    expect(notificationsPage[notificationsAddress(accountId, 1, DEFAULT_PAGE_SIZE)]).toEqual(list.json());
    // Another page of them is the app's to ask for.
    const second = bootAnswers((await t.app.inject({ url: '/notifications?page=2', headers })).body);
    expect(Object.keys(second).some((address) => address.includes('/notifications'))).toBe(false);
  });

  it("carries the catalog's first page, its labels and, where the portal has them, its categories", async () => {
    const cookie = await t.login('student@leerpad.test');
    const headers = { host: 'localhost', cookie };
    const reads = [
      catalogAddress(1, DEFAULT_PAGE_SIZE),
      `${API_PATH}${CONTENT_LABELS_PATH}`,
      `${API_PATH}${CATALOG_CATEGORIES_PATH}`,
    ];
    const catalog = bootAnswers((await t.app.inject({ url: '/catalog', headers })).body);
    for (const address of reads) {
      const direct = await t.app.inject({ url: address, headers });
      expect(direct.statusCode).toBe(200);
      expect(catalog[address]).toEqual(direct.json());
    }
    expect((catalog[reads[0]!] as { data: unknown[] }).data.length).toBeGreaterThan(0);

    // A search, another page or another order is the app's to ask for.
    const searched = bootAnswers((await t.app.inject({ url: '/catalog?q=veilig', headers })).body);
    expect(Object.keys(searched).filter((address) => reads.includes(address))).toEqual([]);

    // Without categories the portal answers none, and the page carries none.
    const withoutCategories = await withFeaturesOff(t, 1, [FEATURES.catalogCategories], async () =>
      bootAnswers((await t.app.inject({ url: '/catalog', headers })).body),
    );
    expect(Object.keys(withoutCategories).filter((address) => reads.includes(address))).toEqual(
      reads.slice(0, 2),
    );
  });

  it('carries a visitor the ping and the portal only, and no route chunks', async () => {
    const response = await t.app.inject({ url: '/auth', headers: { host: 'localhost' } });
    const answers = bootAnswers(response.body);
    expect(answers[BOOT_ADDRESSES.ping]?.authenticated).toBe(false);
    expect(answers[BOOT_ADDRESSES.portal]?.data?.id).toBeDefined();
    expect(answers[BOOT_ADDRESSES.me]).toBeUndefined();
    expect(answers[BOOT_ADDRESSES.agreement]).toBeUndefined();
    expect(Object.keys(answers)).toHaveLength(2);
    expect(response.body).not.toContain('modulepreload');
  });

  it("preloads the texts of the student's language only", async () => {
    const cookie = await t.login('student@leerpad.test');
    const response = await t.app.inject({ url: '/catalog', headers: { host: 'localhost', cookie } });
    const answers = bootAnswers(response.body);
    const locale = pageLocale(answers[BOOT_ADDRESSES.portal] as never, answers[BOOT_ADDRESSES.me] as never);
    const other = locale === 'nl' ? 'en' : 'nl';
    expect(response.body).toContain(
      `<link rel="modulepreload" crossorigin href="/assets/${locale}-abc123.js">`,
    );
    expect(response.body).not.toContain(`/assets/${other}-abc123.js`);
  });

  it("chooses the page's language as the web app does", () => {
    const portal = (languages: Array<[string, boolean]>, defaultLanguage?: string) => ({
      data: {
        attributes: {
          parameters: defaultLanguage ? [{ type: 'default_language', data: defaultLanguage }] : [],
        },
      },
      included: languages.map(([locale, primary], index) => ({
        type: 'portal_languages',
        id: String(index + 1),
        attributes: { locale, is_primary: primary },
      })),
    });
    const me = (locale: string | null) => ({
      data: { relationships: { account: { data: { type: 'accounts', id: '7' } } } },
      included: [{ type: 'accounts', id: '7', attributes: { locale } }],
    });
    const offered = portal(
      [
        ['nl', true],
        ['en', false],
      ],
      'nl',
    );
    expect(pageLocale(offered, me('en'))).toBe('en');
    // A language the portal does not offer gives way to the portal's.
    expect(pageLocale(offered, me('ro'))).toBe('nl');
    expect(pageLocale(offered, me(null))).toBe('nl');
    expect(
      pageLocale(
        portal([
          ['ro', true],
          ['en', false],
        ]),
        me(null),
      ),
    ).toBe('ro');
    expect(
      pageLocale(
        portal([
          ['en', false],
          ['ro', false],
        ]),
        me(null),
      ),
    ).toBe('en');
    expect(pageLocale(undefined, undefined)).toBe('nl');
  });

  it('preloads only the chunks of the page asked for', async () => {
    const cookie = await t.login('student@leerpad.test');
    const response = await t.app.inject({ url: '/notifications', headers: { host: 'localhost', cookie } });
    expect(response.body).toContain('/assets/shell-abc123.js');
    expect(response.body).not.toContain('/assets/student-abc123.js');
  });

  it('writes JSON that no text can end or alter as a script', () => {
    const text = '</script><script>alert(1)</script><!-- & \u2028';
    const safe = scriptSafeJson({ text });
    expect(safe).not.toMatch(/[<>&]/);
    expect(JSON.parse(safe)).toEqual({ text });
  });
});

describe('API compression', () => {
  it('compresses a large JSON list for a client that accepts it', async () => {
    const cookie = await t.login('student@leerpad.test');
    const url = '/api/v1/courses?include=catalog_category,content_labels,enrollment';
    const plain = await t.app.inject({ url, headers: { host: 'localhost', cookie } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const brotli = await t.app.inject({
      url,
      headers: { host: 'localhost', cookie, 'accept-encoding': 'br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());

    const gzip = await t.app.inject({
      url,
      headers: { host: 'localhost', cookie, 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a small answer as it is', async () => {
    const response = await t.app.inject({
      url: '/api/ping',
      headers: { host: 'localhost', 'accept-encoding': 'br, gzip' },
    });
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ authenticated: false });
  });
});
