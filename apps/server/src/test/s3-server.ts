import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3Location } from '../storage/s3-storage';

export const TEST_BUCKET = 'leerpad-test';
/** The keys s3rver checks signatures against. */
export const TEST_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const OBJECT_SUFFIX = '._S3rver_object';

export interface TestS3Server {
  location(prefix?: string): S3Location;
  /** Keys of the whole objects in the bucket. */
  objects(): Promise<string[]>;
  /** Every request received, as `METHOD /path?query`. */
  requests: string[];
  close(): Promise<void>;
}

/** A real S3 server (s3rver) on a free loopback port, keeping its objects in a directory of its own. */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'leerpad-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const requests: string[] = [];
  server.middleware.unshift(async (context, next) => {
    requests.push(`${context.method} ${context.url}`);
    await next();
  });
  const { port } = await server.run();
  // s3rver keeps each object as a file beside its metadata; listing the bucket through the API
  // trips over its signature check for bucket-level requests from recent SDKs.
  const bucketDirectory = join(directory, TEST_BUCKET);
  return {
    location: (prefix = '') => ({
      bucket: TEST_BUCKET,
      prefix,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'eu-west-1',
      forcePathStyle: true,
    }),
    async objects() {
      const entries = await readdir(bucketDirectory, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && entry.name.endsWith(OBJECT_SUFFIX))
        .map((entry) =>
          relative(bucketDirectory, join(entry.parentPath, entry.name)).slice(0, -OBJECT_SUFFIX.length),
        );
    },
    requests,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
