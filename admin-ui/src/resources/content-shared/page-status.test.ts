import { describe, expect, it } from 'vitest';
import { pageState } from './page-status.ts';

describe('pageState', () => {
  it('tells live, live with newer saves, and offline apart', () => {
    expect(pageState({ status: 'published', publishedAt: '2026-11-23T10:00:00Z' })).toBe('published');
    expect(pageState({ status: 'draft', publishedAt: '2026-11-23T10:00:00Z' })).toBe('changed');
    expect(pageState({ status: 'draft', publishedAt: null })).toBe('offline');
  });
});
