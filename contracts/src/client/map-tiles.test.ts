import { describe, expect, it } from 'vitest';
import { tileOrigin } from './map-tiles.ts';

describe('tileOrigin', () => {
  it('is the scheme and host of the template', () => {
    expect(tileOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileOrigin('http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8080');
  });

  it('turns {s} subdomains into a wildcard', () => {
    expect(tileOrigin('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
  });

  it('has none for a relative or empty template', () => {
    expect(tileOrigin('/tiles/{z}/{x}/{y}.png')).toBeUndefined();
    expect(tileOrigin('')).toBeUndefined();
    expect(tileOrigin('https://{z}.example.org/{x}/{y}.png')).toBeUndefined();
  });
});
