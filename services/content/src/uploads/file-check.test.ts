import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkFile } from './file-check.ts';

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
