import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors/api-error.ts';
import { checkUpload } from './upload-check.ts';

const png = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The code, variables and pointer `checkUpload` throws with, or the type it returns. */
function outcome(...args: Parameters<typeof checkUpload>) {
  try {
    return checkUpload(...args);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { code: error.code, vars: error.vars, pointer: error.source?.pointer };
  }
}

describe('checkUpload: the one check of uploaded documents and images', () => {
  const source = { pointer: '/file' };

  it('returns the type of the bytes when the name fits it', async () => {
    expect(outcome({ name: 'scan.png', bytes: await png() }, { source })).toBe('image/png');
    expect(outcome({ name: 'contract', bytes: PDF }, { source })).toBe('application/pdf');
  });

  it('refuses a type by content, a polyglot and a name of another type, each with its code', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect(outcome({ name: 'foto.png', bytes: html }, { source })).toEqual({
      code: 'upload_type_not_allowed',
      vars: {},
      pointer: '/file',
    });
    const appended = Buffer.concat([await png(), Buffer.from('PK\x03\x04', 'latin1')]);
    expect(outcome({ name: 'a.png', bytes: appended }, { source })).toMatchObject({
      code: 'upload_polyglot',
    });
    expect(outcome({ name: 'nep.pdf', bytes: await png() }, { source })).toEqual({
      code: 'upload_name_mismatch',
      vars: { type: 'PNG', extension: 'pdf' },
      pointer: '/file',
    });
  });

  it('refuses a type the path does not take with the path’s own error, before the name', async () => {
    const refused = () => new ApiError('form_file_type_not_allowed', { types: 'PDF' });
    expect(
      outcome({ name: 'nep.pdf', bytes: await png() }, { allowed: ['application/pdf'], refused }),
    ).toMatchObject({ code: 'form_file_type_not_allowed' });
    expect(outcome({ name: 'x.pdf', bytes: Buffer.from('GIF89a') }, { refused })).toMatchObject({
      code: 'form_file_type_not_allowed',
    });
  });
});
