import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors/api-error.ts';
import { assertSameId } from './update-document.ts';

describe('assertSameId', () => {
  it('accepts the endpoint’s id and an absent one', () => {
    expect(() => assertSameId('a', 'a')).not.toThrow();
    expect(() => assertSameId(undefined, 'a')).not.toThrow();
  });

  it('refuses another id with 409 conflict at /data/id', () => {
    let error: unknown;
    try {
      assertSameId('b', 'a');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'conflict', source: { pointer: '/data/id' } });
  });
});
