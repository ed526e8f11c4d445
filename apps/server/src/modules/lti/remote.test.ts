import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRemoteUrl, fetchRemoteJson, isPrivateAddress, RemoteRefused } from './remote';

let base = '';
const server = createServer((request, response) => {
  if (request.url === '/big') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: 'x'.repeat(300 * 1024) }));
  } else if (request.url === '/slow') {
    setTimeout(() => response.end('{}'), 2000).unref();
  } else {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"keys":[]}');
  }
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("fetching a tool's addresses", () => {
  it('knows loopback, private, link-local and unique-local addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '172.32.0.1', '2001:4860:4860::8888'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses private hosts and other schemes unless allowed', async () => {
    await expect(checkRemoteUrl(`${base}/jwks`, false)).rejects.toBeInstanceOf(RemoteRefused);
    await expect(checkRemoteUrl('http://localhost/jwks', false)).rejects.toBeInstanceOf(RemoteRefused);
    await expect(checkRemoteUrl('file:///etc/passwd', true)).rejects.toBeInstanceOf(RemoteRefused);
    await expect(fetchRemoteJson(`${base}/jwks`, true)).resolves.toEqual({ keys: [] });
  });

  it('stops at the size limit and the time limit', async () => {
    await expect(fetchRemoteJson(`${base}/big`, true)).rejects.toThrow(/larger than/);
    await expect(fetchRemoteJson(`${base}/slow`, true, { timeoutMs: 200 })).rejects.toBeInstanceOf(
      RemoteRefused,
    );
  });
});
