import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('the address the server listens on', () => {
  it('is every interface in production', () => {
    expect(loadConfig({}).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '' }).host).toBe('0.0.0.0');
  });

  it('is this machine only for a demo, whose passwords are public', () => {
    expect(loadConfig({}, { demo: true }).host).toBe('127.0.0.1');
    expect(loadConfig({ LEERPAD_DEMO: '1' }).host).toBe('127.0.0.1');
  });

  it('is HOST when it is set, demo or not', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }, { demo: true }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
  });
});

describe('where uploaded files live (LEERPAD_STORAGE_URL)', () => {
  it('is the files folder of the data directory when unset', () => {
    expect(loadConfig({ LEERPAD_DATA_DIR: '/srv/leerpad' }).storage).toEqual({
      kind: 'local',
      directory: '/srv/leerpad/files',
    });
    expect(loadConfig({ LEERPAD_STORAGE_URL: '' }).storage).toEqual({
      kind: 'local',
      directory: 'data/files',
    });
  });

  it('is a directory of choice with file:', () => {
    expect(loadConfig({ LEERPAD_STORAGE_URL: 'file:/mnt/shared/files' }).storage).toEqual({
      kind: 'local',
      directory: '/mnt/shared/files',
    });
    expect(loadConfig({ LEERPAD_STORAGE_URL: 'file:///mnt/shared/files' }).storage).toEqual({
      kind: 'local',
      directory: '/mnt/shared/files',
    });
  });

  it('is an S3 bucket, with a prefix, endpoint, region and path style, with s3://', () => {
    expect(
      loadConfig({
        LEERPAD_STORAGE_URL:
          's3://leerpad-files/prod/uploads/?endpoint=http://127.0.0.1:4569&region=eu-west-1&forcePathStyle=true',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'leerpad-files',
      prefix: 'prod/uploads',
      endpoint: 'http://127.0.0.1:4569',
      region: 'eu-west-1',
      forcePathStyle: true,
    });
  });

  it('takes the region from AWS_REGION, or us-east-1, when the URL does not say', () => {
    expect(
      loadConfig({ LEERPAD_STORAGE_URL: 's3://leerpad-files', AWS_REGION: 'eu-central-1' }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'leerpad-files',
      prefix: '',
      endpoint: undefined,
      region: 'eu-central-1',
      forcePathStyle: false,
    });
    expect(loadConfig({ LEERPAD_STORAGE_URL: 's3://leerpad-files' }).storage).toMatchObject({
      region: 'us-east-1',
    });
  });

  it.each([
    ['http://example.com/files', 'Not a storage URL'],
    ['file:', 'needs a directory'],
    ['s3://', 'is not a bucket name'],
    ['s3://Upper_Case', 'is not a bucket name'],
    ['s3://key:secret@leerpad-files', 'AWS_ACCESS_KEY_ID'],
    ['s3://leerpad-files/../up', 'is not a usable prefix'],
    ['s3://leerpad-files?endpoint=ftp://x', 'endpoint must be'],
    ['s3://leerpad-files?region=Not a region', 'is not a region name'],
    ['s3://leerpad-files?forcePathStyle=yes', 'forcePathStyle must be'],
    ['s3://leerpad-files?bucket=other', 'Unknown parameter "bucket"'],
  ])('refuses %j, naming the variable', (url, problem) => {
    expect(() => loadConfig({ LEERPAD_STORAGE_URL: url })).toThrow(/LEERPAD_STORAGE_URL: /);
    expect(() => loadConfig({ LEERPAD_STORAGE_URL: url })).toThrow(problem);
  });
});

describe('forwarding page views (LEERPAD_ANALYTICS_FORWARD)', () => {
  it('is off unless a collector is named', () => {
    expect(loadConfig({}).analyticsForward).toBeNull();
    expect(loadConfig({ LEERPAD_ANALYTICS_FORWARD: 'off' }).analyticsForward).toBeNull();
  });

  it('goes to Plausible with its address, the site defaulting to the page host', () => {
    expect(
      loadConfig({
        LEERPAD_ANALYTICS_FORWARD: 'plausible',
        LEERPAD_ANALYTICS_FORWARD_URL: 'https://plausible.example.com',
      }).analyticsForward,
    ).toEqual({ kind: 'plausible', url: 'https://plausible.example.com', site: undefined });
  });

  it('refuses to start without the address, or without the website id Umami needs', () => {
    expect(() => loadConfig({ LEERPAD_ANALYTICS_FORWARD: 'plausible' })).toThrow(
      /LEERPAD_ANALYTICS_FORWARD_URL/,
    );
    expect(() =>
      loadConfig({
        LEERPAD_ANALYTICS_FORWARD: 'umami',
        LEERPAD_ANALYTICS_FORWARD_URL: 'https://umami.example.com',
      }),
    ).toThrow(/LEERPAD_ANALYTICS_FORWARD_SITE/);
    expect(() =>
      loadConfig({
        LEERPAD_ANALYTICS_FORWARD: 'plausible',
        LEERPAD_ANALYTICS_FORWARD_URL: 'ftp://example.com',
      }),
    ).toThrow(/LEERPAD_ANALYTICS_FORWARD_URL/);
    expect(() => loadConfig({ LEERPAD_ANALYTICS_FORWARD: 'matomo' })).toThrow(/LEERPAD_ANALYTICS_FORWARD/);
  });
});
