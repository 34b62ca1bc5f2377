import { describe, expect, it } from 'vitest';
import { LazyLibrary } from '../../../mock-server/domain/shared/lazy-library.js';
import { documentLibraries } from '../../../mock-server/domain/einvoice/index.js';

describe('LazyLibrary', () => {
  it('loads once for the request path, then answers at once', async () => {
    let loads = 0;
    const lib = new LazyLibrary(
      'a test library',
      async () => ({ n: ++loads }),
      () => ({ n: -1 }),
    );
    const first = lib.ready();
    expect(lib.ready()).toBe(first);
    await first;
    expect(lib.ready()).toBeNull();
    expect(lib.get()).toEqual({ n: 1 });
    expect(loads).toBe(1);
  });

  it('outside a request, Node loads it synchronously', () => {
    const lib = new LazyLibrary(
      'a test library',
      async () => 'async',
      (require) => (require('node:path') as { sep: string }).sep,
    );
    expect(lib.get()).toBe('/');
    expect(lib.ready()).toBeNull();
  });

  it('retries a load that failed', async () => {
    let fail = true;
    const lib = new LazyLibrary(
      'a test library',
      async () => (fail ? Promise.reject(new Error('offline')) : 'ok'),
      () => 'sync',
    );
    await expect(lib.ready()).rejects.toThrow('offline');
    fail = false;
    await lib.ready();
    expect(lib.get()).toBe('ok');
  });

  it('loads the e-invoice document libraries either way', async () => {
    await documentLibraries.ready();
    const { createXml, qr, encodePng } = documentLibraries.get();
    expect(createXml({ version: '1.0' }).ele('a').end()).toContain('<a/>');
    expect(qr.create('x', {}).modules.size).toBeGreaterThan(0);
    expect(encodePng({ width: 1, height: 1, data: new Uint8Array([0]), channels: 1, depth: 8 }).byteLength).toBeGreaterThan(0);
  });
});
