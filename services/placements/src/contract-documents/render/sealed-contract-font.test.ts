import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { sealedContractFont, woffToSfnt } from './sealed-contract-font.ts';

const woffPath = createRequire(import.meta.url).resolve(
  '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-italic.woff',
);

/** An sfnt table's checksum: the sum of its big-endian 32-bit words (zero-padded), modulo 2^32. */
function tableChecksum(data: Buffer): number {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

// The names in Helvetica's stead are checked in the PDF itself (sealed-contract-pdf.test.ts).
describe('the sealed PDF’s embedded face', () => {
  it('unpacks the WOFF into the TrueType it wraps: every table whole (its checksum), 4-byte aligned', () => {
    const woff = readFileSync(woffPath);
    const ttf = woffToSfnt(woff);
    const tables = ttf.readUInt16BE(4);
    expect(tables).toBe(woff.readUInt16BE(12));
    expect(ttf.readUInt32BE(0)).toBe(0x00010000);
    const tags: string[] = [];
    for (let i = 0; i < tables; i++) {
      const at = 12 + i * 16;
      const tag = ttf.toString('latin1', at, at + 4);
      const offset = ttf.readUInt32BE(at + 8);
      const length = ttf.readUInt32BE(at + 12);
      tags.push(tag);
      expect(offset % 4).toBe(0);
      const data = ttf.subarray(offset, offset + length);
      // head's checksum is taken with its checkSumAdjustment as zero.
      if (tag === 'head') data.writeUInt32BE(0, 8);
      expect(tableChecksum(data), tag).toBe(ttf.readUInt32BE(at + 4));
    }
    expect(tags).toEqual(expect.arrayContaining(['glyf', 'loca', 'cmap', 'head', 'hmtx', 'name']));
    expect(() => woffToSfnt(ttf)).toThrow('not a WOFF 1.0 font');
  });

  it('registers four styles as TrueType data, from the installed package', () => {
    const { family, fonts } = sealedContractFont('DejaVu Sans');
    expect(family).toBe('DejaVu Sans');
    expect(fonts.map((f) => `${f.fontWeight ?? 400} ${f.fontStyle ?? 'normal'}`)).toEqual([
      '400 normal',
      '400 italic',
      '700 normal',
      '700 italic',
    ]);
    // 0x00010000, TrueType's version, in base64.
    for (const f of fonts) expect(f.src).toMatch(/^data:font\/ttf;base64,AAEAAA/);
  });
});
