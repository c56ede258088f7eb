import { fileUrl, type TUploadResource } from '@stageplein/contracts/content/media';
import type { TUploadRow } from './uploads.repository.ts';

export const uploadResource = (u: TUploadRow): TUploadResource => ({
  type: 'upload',
  id: u.id,
  attributes: {
    hash: u.hash,
    url: fileUrl(u.hash),
    kind: u.kind,
    content_type: u.content_type,
    byte_size: u.byte_size,
    width: u.width,
    height: u.height,
    name: u.name,
    uploaded_by: u.uploaded_by,
    organization_id: u.organization_id,
    created_at: u.created_at.toISOString(),
  },
});
