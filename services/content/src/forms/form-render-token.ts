import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  FORM_MIN_SECONDS_TO_SUBMIT,
  FORM_RENDER_TOKEN_TTL_HOURS,
} from '@stageplein/contracts/forms/forms-api';
import { ApiError } from '@stageplein/kit/errors/api-error';

/**
 * The signed moment a public form was served (time-to-submit, docs/decisions/forms.md):
 * `<form id>.<version>.<issued ms>.<nonce>.<mac>`, the MAC an HMAC-SHA256 over tenant, form, version,
 * time and a random nonce (so two visitors served in the same millisecond get different tokens) with a
 * key derived from AUTH_TOKEN_SECRET (a label keeps it apart from access tokens). It also pins the
 * version the visitor saw: the submission is validated against, and stored with, that version. A token
 * answers one stored submission (`renderTokenHash` on it, unique).
 */
const keyOf = (secret: string) =>
  createHmac('sha256', secret).update('stageplein form render token v1').digest();

const macOf = (secret: string, tenantId: string, body: string) =>
  createHmac('sha256', keyOf(secret)).update(`${tenantId}|${body}`).digest('base64url');

export function issueRenderToken(
  secret: string,
  tenantId: string,
  formId: string,
  version: number,
  now: Date,
): string {
  const body = `${formId}.${version}.${now.getTime()}.${randomBytes(16).toString('base64url')}`;
  return `${body}.${macOf(secret, tenantId, body)}`;
}

/** How a submission remembers the render token it used (SHA-256, hex). */
export const renderTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The version a render token was issued for; 422 `form_expired` when it is forged, for another form,
 * older than FORM_RENDER_TOKEN_TTL_HOURS or from the future, and 422 `form_submitted_too_fast` when
 * fewer than FORM_MIN_SECONDS_TO_SUBMIT passed since.
 */
export function verifyRenderToken(
  secret: string,
  tenantId: string,
  formId: string,
  token: string,
  now: Date,
  /** Uploading a file may happen at once; only a submission must wait (time-to-submit). */
  options: { timeToSubmit?: boolean } = {},
): number {
  const match =
    /^([0-9a-f-]{36})\.([1-9][0-9]{0,8})\.([0-9]{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(
      token,
    );
  if (!match) throw new ApiError('form_expired', {}, { pointer: '/data/attributes/render_token' });
  const [, tokenForm, version, issued, nonce, mac] = match;
  const expected = Buffer.from(macOf(secret, tenantId, `${tokenForm}.${version}.${issued}.${nonce}`));
  const given = Buffer.from(mac!);
  const age = now.getTime() - Number(issued);
  if (
    given.length !== expected.length ||
    !timingSafeEqual(given, expected) ||
    tokenForm !== formId ||
    age > FORM_RENDER_TOKEN_TTL_HOURS * 3_600_000 ||
    age < -60_000
  ) {
    throw new ApiError('form_expired', {}, { pointer: '/data/attributes/render_token' });
  }
  if (options.timeToSubmit !== false && age < FORM_MIN_SECONDS_TO_SUBMIT * 1000)
    throw new ApiError('form_submitted_too_fast');
  return Number(version);
}
