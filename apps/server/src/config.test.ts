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
