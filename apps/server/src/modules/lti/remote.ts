/**
 * Fetching what a tool points us at (its key set, its registration page's configuration): a timeout,
 * a size limit, and no loopback, private or link-local addresses unless the installation allows them
 * (LEERPAD_LTI_ALLOW_PRIVATE_HOSTS=1, for a tool on the same network or in tests).
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export const REMOTE_TIMEOUT_MS = 5000;
export const REMOTE_MAX_BYTES = 256 * 1024;

export class RemoteRefused extends Error {}

function privateV4(address: string): boolean {
  const [a = 0, b = 0] = address.split('.').map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224
  );
}

/** Loopback, private, link-local, unique-local, multicast or unspecified. */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 4) return privateV4(address);
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped?.[1]) return privateV4(mapped[1]);
  return (
    lower === '::' ||
    lower === '::1' ||
    lower.startsWith('fc') ||
    lower.startsWith('fd') ||
    lower.startsWith('fe8') ||
    lower.startsWith('fe9') ||
    lower.startsWith('fea') ||
    lower.startsWith('feb') ||
    lower.startsWith('ff')
  );
}

/** Throws RemoteRefused when the address is not one we may call. */
export async function checkRemoteUrl(url: string, allowPrivate: boolean): Promise<URL> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RemoteRefused('This is not an address.');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new RemoteRefused('Only http and https addresses are fetched.');
  if (allowPrivate) return parsed;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true }).then(
        (found) => found.map((entry) => entry.address),
        () => {
          throw new RemoteRefused(`The host ${host} could not be found.`);
        },
      );
  if (addresses.length === 0 || addresses.some(isPrivateAddress))
    throw new RemoteRefused(`The host ${host} is a private or loopback address.`);
  return parsed;
}

/** GETs JSON from a tool's address within the time and size limits. */
export async function fetchRemoteJson(
  url: string,
  allowPrivate: boolean,
  limits: { timeoutMs?: number; maxBytes?: number } = {},
): Promise<unknown> {
  const maxBytes = limits.maxBytes ?? REMOTE_MAX_BYTES;
  const checked = await checkRemoteUrl(url, allowPrivate);
  let response: Response;
  try {
    response = await fetch(checked, {
      redirect: 'error',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(limits.timeoutMs ?? REMOTE_TIMEOUT_MS),
    });
  } catch {
    throw new RemoteRefused(`${checked.origin} did not answer in time.`);
  }
  if (!response.ok) throw new RemoteRefused(`${checked.origin} answered ${response.status}.`);
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new RemoteRefused(`The answer is larger than ${maxBytes} bytes.`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof RemoteRefused) throw error;
    throw new RemoteRefused(`${checked.origin} did not finish its answer in time.`);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new RemoteRefused('The answer is not JSON.');
  }
}
