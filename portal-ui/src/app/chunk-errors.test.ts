import { describe, expect, it } from 'vitest';
import { ChunkLoadError, isChunkLoadFailure, lazyPage } from './chunk-errors.ts';

describe('chunk failures (spec §8)', () => {
  it('recognises the browsers’ messages for failed dynamic imports', () => {
    expect(
      isChunkLoadFailure(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadFailure(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadFailure(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadFailure(new ChunkLoadError('x'))).toBe(true);
    expect(isChunkLoadFailure(new Error('boom'))).toBe(false);
    expect(isChunkLoadFailure('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('never rejects: a failed import becomes a component that throws while rendering', async () => {
    const Page = () => null;
    const ok = await lazyPage(
      () => Promise.resolve({ Page }),
      (m) => m.Page,
    )();
    expect(ok.Component).toBe(Page);

    const chunk = await lazyPage(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: x')),
      () => Page,
    )();
    expect(() => (chunk.Component as () => unknown)()).toThrow(ChunkLoadError);

    const other = new Error('module evaluation failed');
    const broken = await lazyPage(
      () => Promise.reject(other),
      () => Page,
    )();
    expect(() => (broken.Component as () => unknown)()).toThrow(other);
  });
});
