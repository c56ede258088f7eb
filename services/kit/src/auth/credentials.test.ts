import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { readCredentials } from './credentials.ts';

const req = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe('readCredentials', () => {
  it('reads the devise_token_auth headers', () => {
    expect(readCredentials(req({ 'access-token': 't', client: 'c', uid: 'u@x.test' }))).toEqual({
      accessToken: 't',
      client: 'c',
      uid: 'u@x.test',
    });
  });

  it('falls back to the cookies the front ends keep them in', () => {
    const cookie = 'tenant=demo; access-token=t%2B1; client=c; uid=u%40x.test';
    expect(readCredentials(req({ cookie }))).toEqual({ accessToken: 't+1', client: 'c', uid: 'u@x.test' });
  });

  it('is signed out unless all three are present (spec §4)', () => {
    expect(readCredentials(req({ 'access-token': 't', client: 'c' }))).toBeUndefined();
    expect(readCredentials(req({ cookie: 'access-token=t; uid=u' }))).toBeUndefined();
    expect(readCredentials(req({}))).toBeUndefined();
  });

  it('does not mix headers with cookies', () => {
    expect(readCredentials(req({ 'access-token': 't', cookie: 'client=c; uid=u' }))).toBeUndefined();
  });
});
