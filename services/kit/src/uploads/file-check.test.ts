import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkFile, nameMismatch } from './file-check.ts';

const canvas = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 200, b: 90 } } });

describe('checkFile: the type comes from the bytes', () => {
  it('recognises JPEG (baseline, progressive, with EXIF and its embedded thumbnail), PNG and WebP', async () => {
    const thumbnail = await canvas(16, 12).jpeg().toBuffer();
    const samples: [Buffer, string][] = [
      [await canvas().jpeg().toBuffer(), 'image/jpeg'],
      [await canvas(300, 200).jpeg({ progressive: true }).toBuffer(), 'image/jpeg'],
      [
        await canvas()
          .jpeg()
          .withExif({ IFD0: { Make: 'Cam', ImageDescription: thumbnail.toString('latin1') } })
          .toBuffer(),
        'image/jpeg',
      ],
      [await canvas().png().toBuffer(), 'image/png'],
      [await canvas().webp().toBuffer(), 'image/webp'],
      [await canvas(31, 17).webp({ lossless: true }).toBuffer(), 'image/webp'],
      [
        Buffer.from('%PDF-1.7\n1 0 obj << /Length 3 >>\nstream\n/JS\nendstream\nendobj\n%%EOF\r\n', 'latin1'),
        'application/pdf',
      ],
    ];
    for (const [bytes, contentType] of samples) expect(checkFile(bytes)).toEqual({ ok: true, contentType });
  });

  it('refuses other types whatever they are called', () => {
    for (const text of [
      'GIF89a....',
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'PK\x03\x04zip',
      '\x7fELF',
      ' %PDF-1.4',
    ]) {
      expect(checkFile(Buffer.from(text, 'latin1'))).toEqual({ ok: false, reason: 'type' });
    }
  });

  it('finds data after the end of each image format, and a PDF with JavaScript outside its streams', async () => {
    const tail = Buffer.from('PK\x03\x04 appended archive', 'latin1');
    for (const image of [
      await canvas().jpeg({ progressive: true }).toBuffer(),
      await canvas().png().toBuffer(),
      await canvas().webp().toBuffer(),
    ]) {
      expect(checkFile(Buffer.concat([image, tail]))).toEqual({ ok: false, reason: 'polyglot' });
    }
    const pdf = Buffer.from(
      '%PDF-1.7\n1 0 obj << /AA << /O << /S /JavaScript /JS (x) >> >> >>\nendobj\n%%EOF\n',
      'latin1',
    );
    expect(checkFile(pdf)).toEqual({ ok: false, reason: 'polyglot' });
  });
});

describe('checkFile: what a PDF reader would act on (issue #31.6)', () => {
  const pdf = (...objects: (string | Buffer)[]) =>
    Buffer.concat([
      Buffer.from('%PDF-1.7\n', 'latin1'),
      ...objects.map((o) => (typeof o === 'string' ? Buffer.from(o, 'latin1') : o)),
      Buffer.from('%%EOF\n', 'latin1'),
    ]);
  /** An object stream (PDF 1.5+) holding `objects`, with the given dictionary entries. */
  const objectStream = (objects: string, dictionary = '/Filter /FlateDecode', data?: Buffer) =>
    Buffer.concat([
      Buffer.from(`2 0 obj << /Type /ObjStm /N 1 /First 4 ${dictionary} >>\nstream\n`, 'latin1'),
      data ?? deflateSync(Buffer.from(`3 0 ${objects}`, 'latin1')),
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ]);
  const refused = { ok: false, reason: 'polyglot' };

  it('decodes name escapes: /J#61vaScript is /JavaScript', () => {
    for (const action of [
      '/S /J#61vaScript /J#53 (app.alert(1))',
      '/S /#4A#61#76#61#53#63#72#69#70#74 /JS 4 0 R',
      '/S /L#61unch /F (calc.exe)',
    ]) {
      expect(checkFile(pdf(`1 0 obj << /OpenAction << ${action} >> >>\nendobj\n`)), action).toEqual(refused);
    }
  });

  it('reads objects packed in compressed object streams', () => {
    expect(checkFile(pdf(objectStream('<< /OpenAction << /S /JavaScript /JS (x) >> >>')))).toEqual(refused);
    expect(checkFile(pdf(objectStream('<< /S /J#61vaScript /J#53 (x) >>')))).toEqual(refused);
    expect(checkFile(pdf(objectStream('<< /S /JavaScript >>', '/Filter [/FlateDecode]')))).toEqual(refused);
    // Uncompressed object streams too, and a dictionary that spells ObjStm with escapes.
    const plain = Buffer.from('3 0 << /S /JavaScript /JS (x) >>', 'latin1');
    expect(checkFile(pdf(objectStream('', '', plain)))).toEqual(refused);
    const escaped = pdf(
      Buffer.from('2 0 obj << /Type /Obj#53tm /Filter /FlateDecode >>\nstream\n', 'latin1'),
      deflateSync(Buffer.from('<< /S /JavaScript >>', 'latin1')),
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    );
    expect(checkFile(escaped)).toEqual(refused);
  });

  it('refuses object streams it cannot read: another filter, predictors, broken or too large data', () => {
    const bomb = deflateSync(Buffer.alloc(17 * 1024 * 1024, 0x20));
    for (const stream of [
      objectStream('<< >>', '/Filter /LZWDecode'),
      objectStream('<< >>', '/Filter [/ASCIIHexDecode /FlateDecode]'),
      objectStream('<< >>', '/Filter /FlateDecode /DecodeParms << /Predictor 12 >>'),
      objectStream('', '/Filter /FlateDecode', Buffer.from('not deflate', 'latin1')),
      objectStream('', '/Filter /FlateDecode', bomb),
    ]) {
      expect(checkFile(pdf(stream))).toEqual(refused);
    }
  });

  it('keeps ordinary PDFs with object streams and escaped names', () => {
    const ok = { ok: true, contentType: 'application/pdf' };
    expect(checkFile(pdf(objectStream('<< /Type /Page /Contents 5 0 R >>')))).toEqual(ok);
    expect(checkFile(pdf('1 0 obj << /Type /Catalog /Lang (nl) /Name /A#20B >>\nendobj\n'))).toEqual(ok);
    // Page content is not inflated: its bytes are no names a reader acts on.
    const content = deflateSync(Buffer.from('BT /F1 12 Tf (JS) Tj ET', 'latin1'));
    expect(
      checkFile(
        pdf(
          Buffer.from('4 0 obj << /Length 20 /Filter /FlateDecode >>\nstream\n', 'latin1'),
          content,
          Buffer.from('\nendstream\nendobj\n', 'latin1'),
        ),
      ),
    ).toEqual(ok);
  });
});

describe('nameMismatch: a name must not say another type than the content', () => {
  it('accepts the type’s own extensions in any case, and names without one', () => {
    for (const [name, type] of [
      ['foto.JPG', 'image/jpeg'],
      ['foto.jpeg', 'image/jpeg'],
      ['scan.png', 'image/png'],
      ['Mijn cv (2026).pdf', 'application/pdf'],
      ['beeld.webp', 'image/webp'],
      ['contract', 'application/pdf'],
      ['verslag v1.2', 'application/pdf'],
    ] as const)
      expect(nameMismatch(name, type), name).toBeNull();
  });

  it('names the extension that belongs elsewhere', () => {
    expect(nameMismatch('nep.pdf', 'image/png')).toBe('pdf');
    expect(nameMismatch('foto.html', 'image/jpeg')).toBe('html');
    expect(nameMismatch('logo.SVG', 'image/png')).toBe('svg');
    expect(nameMismatch('cv.png', 'application/pdf')).toBe('png');
  });
});
