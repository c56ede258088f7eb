import type { TFormFileResource, TSubmissionFile } from '@stageplein/contracts/forms/form-files';
import type { TFormFileRow } from './form-files.repository.ts';

export const formFileResource = (f: TFormFileRow): TFormFileResource => ({
  type: 'form_file',
  id: f.id,
  attributes: {
    field: f.field_id,
    name: f.name,
    content_type: f.content_type,
    byte_size: f.byte_size,
    created_at: f.created_at.toISOString(),
  },
});

/** Per submission: its files by question id (a submission's `files`). */
export function filesBySubmission(rows: TFormFileRow[]): Map<string, Record<string, TSubmissionFile>> {
  const bySubmission = new Map<string, Record<string, TSubmissionFile>>();
  for (const f of rows) {
    if (!f.submission_id) continue;
    const files = bySubmission.get(f.submission_id) ?? {};
    files[f.field_id] = { id: f.id, name: f.name, content_type: f.content_type, byte_size: f.byte_size };
    bySubmission.set(f.submission_id, files);
  }
  return bySubmission;
}
