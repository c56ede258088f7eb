import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES, attachmentRefusal } from './conversations.ts';

describe('attachmentRefusal', () => {
  it('refuses what the server refuses by size or type, as its error code', () => {
    expect(attachmentRefusal({ size: ATTACHMENT_MAX_BYTES, type: 'image/jpeg' })).toBeUndefined();
    expect(attachmentRefusal({ size: 1, type: 'application/pdf' })).toBeUndefined();
    expect(attachmentRefusal({ size: ATTACHMENT_MAX_BYTES + 1, type: 'image/jpeg' })).toEqual({
      code: 'file_too_large',
      vars: { max_mb: 10 },
    });
    expect(attachmentRefusal({ size: 10, type: 'image/heic' })).toEqual({ code: 'upload_type_not_allowed' });
    // A name the browser cannot place (no type): left to the server, which judges the bytes.
    expect(attachmentRefusal({ size: 10, type: '' })).toBeUndefined();
  });
});
