/**
 * A small zip read into memory for a package import (QTI), with the limits that refuse a zip bomb:
 * entry count, size per entry, total size and compression ratio, checked against what the zip
 * says and again while inflating. Paths that leave the package are refused.
 */
import yauzl from 'yauzl';

export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  /** Uncompressed size over compressed size, per entry. */
  maxRatio: number;
}

type ZipRead = { files: Map<string, Buffer> } | { error: string };

const unsafePath = (path: string) =>
  path.startsWith('/') || /^[a-z]:/i.test(path) || path.split(/[\\/]/).includes('..');

export function readZipEntries(zip: Buffer, limits: ZipLimits): Promise<ZipRead> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true }, (openError, archive) => {
      if (openError || !archive) {
        resolve({ error: 'The file is not a zip archive.' });
        return;
      }
      const files = new Map<string, Buffer>();
      let count = 0;
      let total = 0;
      let done = false;
      const finish = (result: ZipRead) => {
        if (done) return;
        done = true;
        archive.close();
        resolve(result);
      };
      archive.on('error', () => finish({ error: 'The zip archive is damaged.' }));
      archive.on('end', () => finish({ files }));
      archive.on('entry', (entry: yauzl.Entry) => {
        count += 1;
        const path = entry.fileName;
        if (count > limits.maxEntries)
          return finish({ error: `The zip holds more than ${limits.maxEntries} files.` });
        if (unsafePath(path)) return finish({ error: `The path "${path}" leaves the package.` });
        if (path.endsWith('/')) return archive.readEntry();
        const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
        if (entry.uncompressedSize > limits.maxEntryBytes || ratio > limits.maxRatio)
          return finish({ error: `"${path}" unpacks too large to be a package file.` });
        total += entry.uncompressedSize;
        if (total > limits.maxTotalBytes)
          return finish({ error: 'The zip unpacks larger than a package may be.' });
        archive.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return finish({ error: `"${path}" cannot be read from the zip.` });
          const chunks: Buffer[] = [];
          let read = 0;
          stream.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > limits.maxEntryBytes) {
              stream.destroy();
              finish({ error: `"${path}" unpacks too large to be a package file.` });
              return;
            }
            chunks.push(chunk);
          });
          stream.on('error', () => finish({ error: `"${path}" is damaged in the zip.` }));
          stream.on('end', () => {
            files.set(path, Buffer.concat(chunks));
            archive.readEntry();
          });
        });
      });
      archive.readEntry();
    });
  });
}
