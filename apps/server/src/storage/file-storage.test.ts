import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, TEST_S3_CREDENTIALS } from '../test/s3-server';
import type { TestS3Server } from '../test/s3-server';
import { FileTooLargeError, localDiskStorage } from './file-storage';
import type { FileStorage } from './file-storage';
import { s3Storage } from './s3-storage';

interface Subject {
  storage: FileStorage;
  /** Everything the adapter keeps, whole or partial. */
  stored(): Promise<string[]>;
  close(): Promise<void>;
}

const adapters: { name: string; start(): Promise<Subject> }[] = [
  {
    name: 'local disk',
    async start() {
      const root = await mkdtemp(join(tmpdir(), 'leerpad-files-'));
      return {
        storage: localDiskStorage(root),
        stored: async () =>
          (await readdir(root, { recursive: true, withFileTypes: true }))
            .filter((entry) => entry.isFile())
            .map((entry) => entry.name),
        close: () => rm(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3',
    async start() {
      const server = await startS3Server();
      return {
        storage: s3Storage(server.location('leerpad/files'), { credentials: TEST_S3_CREDENTIALS }),
        stored: () => server.objects(),
        close: () => server.close(),
      };
    },
  },
];

const MIB = 1024 * 1024;

/** `bytes` bytes in chunks of at most 1 MiB, as an upload arrives. */
function chunked(bytes: number, fill = 97): Readable {
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < bytes; sent += MIB) yield Buffer.alloc(Math.min(MIB, bytes - sent), fill);
    })(),
  );
}

async function contentOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(adapters)('file storage on $name', (adapter) => {
  let subject: Subject;
  let storage: FileStorage;
  beforeAll(async () => {
    subject = await adapter.start();
    storage = subject.storage;
  });
  afterAll(() => subject.close());

  it('passes the start-up check and keeps nothing from it', async () => {
    const before = await subject.stored();
    await storage.check();
    expect(await subject.stored()).toEqual(before);
  });

  it('gives back what was written, with its size', async () => {
    const key = 'portal-1/2026/notes.txt';
    expect(
      await storage.write(key, Readable.from([Buffer.from('Lift with '), Buffer.from('your legs.')]), 100),
    ).toBe(20);
    expect(await subject.stored()).toHaveLength(1);
    const stored = await storage.read(key);
    expect(stored?.byteSize).toBe(20);
    expect((await contentOf(stored!.stream)).toString()).toBe('Lift with your legs.');
    await storage.remove(key);
  });

  it('keeps a file larger than one upload part whole', async () => {
    const key = 'portal-1/2026/video.bin';
    expect(await storage.write(key, chunked(12 * MIB, 98), 12 * MIB)).toBe(12 * MIB);
    const stored = await storage.read(key);
    expect(stored?.byteSize).toBe(12 * MIB);
    const content = await contentOf(stored!.stream);
    expect(content.length).toBe(12 * MIB);
    expect(content.every((byte) => byte === 98)).toBe(true);
    await storage.remove(key);
  });

  it('refuses content over the cap and keeps nothing of it', async () => {
    const key = 'portal-1/2026/too-big.txt';
    const refusal = storage.write(key, Readable.from([Buffer.from('0123456789'), Buffer.from('x')]), 10);
    await expect(refusal).rejects.toThrow(FileTooLargeError);
    await expect(refusal).rejects.toMatchObject({ maxBytes: 10 });
    expect(await storage.read(key)).toBeNull();
    expect(await subject.stored()).toEqual([]);
  });

  it('refuses content that goes over the cap after parts of it were sent, and keeps nothing', async () => {
    const key = 'portal-1/2026/too-big.bin';
    const refusal = storage.write(key, chunked(14 * MIB), 11 * MIB);
    await expect(refusal).rejects.toThrow(FileTooLargeError);
    expect(await storage.read(key)).toBeNull();
    expect(await subject.stored()).toEqual([]);
  });

  it('keeps nothing of an upload cut short', async () => {
    const key = 'portal-1/2026/cut.bin';
    const source = Readable.from(
      (async function* () {
        yield Buffer.alloc(MIB);
        throw new Error('connection reset');
      })(),
    );
    await expect(storage.write(key, source, 10 * MIB)).rejects.toThrow('connection reset');
    expect(await storage.read(key)).toBeNull();
    expect(await subject.stored()).toEqual([]);
  });

  it('reads nothing where nothing was stored', async () => {
    expect(await storage.read('portal-1/2026/never-written')).toBeNull();
  });

  it('removes a file, and removing it again is fine', async () => {
    const key = 'portal-1/2026/gone.txt';
    await storage.write(key, Readable.from([Buffer.from('bye')]), 10);
    await storage.remove(key);
    expect(await storage.read(key)).toBeNull();
    await expect(storage.remove(key)).resolves.toBeUndefined();
    expect(await subject.stored()).toEqual([]);
  });

  it.each(['../outside', '/etc/passwd', 'portal-1/../../outside', 'portal-1//x', '.hidden', 'a b', ''])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.write(key, Readable.from([Buffer.from('x')]), 10)).rejects.toThrow(
        'Unsafe storage key',
      );
      await expect(storage.read(key)).rejects.toThrow('Unsafe storage key');
      await expect(storage.remove(key)).rejects.toThrow('Unsafe storage key');
      expect(await subject.stored()).toEqual([]);
    },
  );
});

describe('file storage on S3, as the server sees it', () => {
  let server: TestS3Server;
  let storage: FileStorage;
  beforeAll(async () => {
    server = await startS3Server();
    storage = s3Storage(server.location('leerpad/files'), { credentials: TEST_S3_CREDENTIALS });
  });
  afterAll(() => server.close());

  it('keeps objects under the prefix', async () => {
    await storage.write('portal-1/2026/a.txt', Readable.from([Buffer.from('a')]), 10);
    expect(await server.objects()).toEqual(['leerpad/files/portal-1/2026/a.txt']);
    await storage.remove('portal-1/2026/a.txt');
  });

  it('aborts a multipart upload that goes over the cap, so no part is kept', async () => {
    server.requests.length = 0;
    await expect(storage.write('portal-1/2026/big.bin', chunked(14 * MIB), 11 * MIB)).rejects.toThrow(
      FileTooLargeError,
    );
    const path = '/leerpad-test/leerpad/files/portal-1/2026/big.bin';
    expect(server.requests.some((request) => request.startsWith(`POST ${path}?uploads`))).toBe(true);
    expect(server.requests.some((request) => request.startsWith(`DELETE ${path}?uploadId=`))).toBe(true);
    expect(server.requests.some((request) => request.startsWith(`POST ${path}?uploadId=`))).toBe(false);
  });

  it('is refused by a server that does not know its credentials', async () => {
    const stranger = s3Storage(server.location(), {
      credentials: { accessKeyId: 'UNKNOWN', secretAccessKey: 'UNKNOWN' },
    });
    await expect(
      stranger.write('portal-1/2026/x.txt', Readable.from([Buffer.from('x')]), 10),
    ).rejects.toThrow();
    expect(await server.objects()).toEqual([]);
  });

  it('fails the start-up check with a wrong credential or bucket, before any upload', async () => {
    const stranger = s3Storage(server.location(), {
      credentials: { accessKeyId: 'UNKNOWN', secretAccessKey: 'UNKNOWN' },
    });
    await expect(stranger.check()).rejects.toThrow();
    const elsewhere = s3Storage(
      { ...server.location(), bucket: 'no-such-bucket' },
      { credentials: TEST_S3_CREDENTIALS },
    );
    await expect(elsewhere.check()).rejects.toThrow();
    expect(await server.objects()).toEqual([]);
  });
});

describe('file storage on a local folder that cannot be written', () => {
  it('fails the start-up check', async () => {
    const root = await mkdtemp(join(tmpdir(), 'leerpad-files-'));
    const blocked = join(root, 'file-in-the-way');
    await writeFile(blocked, 'not a folder');
    await expect(localDiskStorage(blocked).check()).rejects.toThrow();
    await rm(root, { recursive: true, force: true });
  });
});
