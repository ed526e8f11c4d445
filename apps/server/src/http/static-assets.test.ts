import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';

const SCRIPT = `console.log(${JSON.stringify('leerpad '.repeat(400))});`;
let webDir: string;
let t: TestApp;

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'leerpad-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Leerpad</title><div id="root"></div>');
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
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });
});
