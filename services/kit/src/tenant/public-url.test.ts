import { describe, expect, it } from 'vitest';
import { publicUrl } from './public-url.ts';

describe('publicUrl', () => {
  it('fills the tenant into the template and drops a trailing slash', () => {
    expect(publicUrl({ PUBLIC_URL_TEMPLATE: 'http://{tenant}.localhost:3000' }, 'raayland')).toBe(
      'http://raayland.localhost:3000',
    );
    expect(publicUrl({ PUBLIC_URL_TEMPLATE: 'https://{tenant}.stageplein.nl/' }, 'demo')).toBe(
      'https://demo.stageplein.nl',
    );
  });
});
