import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';

/**
 * The sealed PDF's text face: DejaVu Sans from npm `@fontsource/dejavu-sans` (the Bitstream Vera licence:
 * free to embed and redistribute), read from the installed package, never fetched. The package ships WOFF
 * and WOFF2 only: fontkit inflates a WOFF's glyph table again for every glyph it reads (a 3-page contract
 * took seconds) and cannot subset this WOFF2 (composite glyphs), so each file is unpacked once into the
 * plain TrueType it wraps and handed to react-pdf as a data URL.
 */
const require = createRequire(import.meta.url);
const FILES = {
  regular: require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff'),
  italic: require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-400-italic.woff'),
  bold: require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff'),
  boldItalic: require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-700-italic.woff'),
};

/** The TrueType (sfnt) font a WOFF 1.0 file wraps: its tables inflated, in the same order. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('a WOFF table does not inflate to its length');
    return { tag: woff.subarray(at, at + 4), checksum: woff.readUInt32BE(at + 16), data };
  });
  const pad = (n: number) => (n + 3) & ~3;
  const headerLength = 12 + numTables * 16;
  const out = Buffer.alloc(headerLength + tables.reduce((sum, t) => sum + pad(t.data.length), 0));
  const entrySelector = Math.floor(Math.log2(numTables));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(2 ** entrySelector * 16, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - 2 ** entrySelector * 16, 10);
  let offset = headerLength;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    t.tag.copy(out, at);
    out.writeUInt32BE(t.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(t.data.length, at + 12);
    t.data.copy(out, offset);
    offset += pad(t.data.length);
  });
  return out;
}

const dataUrl = (file: string) => `data:font/ttf;base64,${woffToSfnt(readFileSync(file)).toString('base64')}`;

/** react-pdf's `Font.register` argument for the face: its four styles, unpacked when this is called. */
export function sealedContractFont(family: string) {
  return {
    family,
    fonts: [
      { src: dataUrl(FILES.regular) },
      { src: dataUrl(FILES.italic), fontStyle: 'italic' as const },
      { src: dataUrl(FILES.bold), fontWeight: 700 },
      { src: dataUrl(FILES.boldItalic), fontWeight: 700, fontStyle: 'italic' as const },
    ],
  };
}
