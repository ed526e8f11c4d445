import type { StorageLocation } from '../config';
import { localDiskStorage } from './file-storage';
import type { FileStorage } from './file-storage';
import { s3Storage } from './s3-storage';

/** The adapter for where the configuration says files live. */
export function storageFor(location: StorageLocation): FileStorage {
  return location.kind === 's3' ? s3Storage(location) : localDiskStorage(location.directory);
}

/** Where files live, for start-up messages: `s3://bucket/prefix` or the local folder. */
export function describeStorage(location: StorageLocation): string {
  if (location.kind !== 's3') return location.directory;
  return `s3://${location.bucket}${location.prefix ? `/${location.prefix}` : ''}`;
}
