import type { TUploadContentType } from '@stageplein/contracts/content/media';
import { ApiError, type TErrorSource } from '../errors/api-error.ts';
import { checkFile, nameMismatch, TYPE_NAMES } from './file-check.ts';

/**
 * Every upload of a document or image passes here (content's uploads, form files, conversations'
 * attachments): the type by the bytes (`checkFile`), one of the `allowed` types, nothing hidden in it,
 * and a name whose extension fits that type. Returns the type to store and serve; throws the API error
 * otherwise, before anything is written. `refused`: the path's own error for a type it does not take
 * (a form's question names its kinds).
 */
export function checkUpload(
  file: { name: string; bytes: Buffer },
  {
    source,
    allowed,
    refused = () => new ApiError('upload_type_not_allowed', {}, source),
  }: { source?: TErrorSource; allowed?: readonly string[]; refused?: () => ApiError } = {},
): TUploadContentType {
  const check = checkFile(file.bytes);
  if (!check.ok) {
    if (check.reason === 'polyglot') throw new ApiError('upload_polyglot', {}, source);
    throw refused();
  }
  if (allowed && !allowed.includes(check.contentType)) throw refused();
  const extension = nameMismatch(file.name, check.contentType);
  if (extension)
    throw new ApiError('upload_name_mismatch', { type: TYPE_NAMES[check.contentType], extension }, source);
  return check.contentType;
}
