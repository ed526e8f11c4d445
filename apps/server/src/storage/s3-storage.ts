import { pipeline } from 'node:stream';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { byteCap, checkStorageKey, probeStorage } from './file-storage';
import type { FileStorage } from './file-storage';

/** A bucket (and a folder in it) on Amazon S3 or a service that speaks its API. */
export interface S3Location {
  bucket: string;
  /** Prepended to every key with a slash; empty for the top of the bucket. */
  prefix: string;
  /** The service's address for an S3-compatible service; Amazon's own when unset. */
  endpoint: string | undefined;
  region: string;
  /** Bucket in the path (`host/bucket/key`) rather than in the host name, as most compatible services want. */
  forcePathStyle: boolean;
}

/** S3's smallest part: an upload holds about this much in memory at a time. */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * Files in an S3 bucket, for several instances that share them. Credentials come from the SDK's
 * default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, or an instance role) unless
 * given here.
 */
export function s3Storage(
  location: S3Location,
  options: { credentials?: S3ClientConfig['credentials'] } = {},
): FileStorage {
  const client = new S3Client({
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const Bucket = location.bucket;
  const objectKey = (key: string) =>
    location.prefix ? `${location.prefix}/${checkStorageKey(key)}` : checkStorageKey(key);

  const storage: FileStorage = {
    async write(key, source, maxBytes) {
      const Key = objectKey(key);
      const counter = byteCap(maxBytes);
      let streamError: unknown = null;
      // The upload reads through the cap; a failure on either side ends both streams.
      const body = pipeline(source, counter, (error) => {
        if (error) streamError = error;
      });
      // One part in flight at a time, so an upload holds about one part in memory. S3 shows an
      // object only once it is whole: a failed upload leaves nothing (its parts are aborted) and, as
      // on local disk, never replaces what was stored under the key before.
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: body },
        partSize: PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        body.destroy();
        // The stream's own error (over the cap, or the client's upload cut short) says what happened.
        throw streamError ?? error;
      }
      return counter.bytes();
    },
    async read(key) {
      const Key = objectKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        if (!object.Body) return null;
        return { stream: object.Body as Readable, byteSize: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      const Key = objectKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
    check: () => probeStorage(storage),
  };
  return storage;
}

/** NoSuchKey from Amazon; some compatible services answer a bare 404 instead. */
function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    failure.name === 'NoSuchKey' || failure.name === 'NotFound' || failure.$metadata?.httpStatusCode === 404
  );
}
