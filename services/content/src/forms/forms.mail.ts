import { formFields, isAnswerField, type TFormDefinition } from '@stageplein/contracts/forms/form-definition';
import type { TCtx } from '../shared/request.ts';
import type { TFormSubmissionRow } from './forms.repository.ts';

/** The contact mail's text: each answered question's Dutch label and the answer. */
export function contactSubmissionLines(
  definition: TFormDefinition,
  answers: Record<string, unknown>,
): string[] {
  return formFields(definition).flatMap(({ field }) => {
    if (!isAnswerField(field) || answers[field.id] === undefined) return [];
    const value = answers[field.id];
    return [`${field.label.nl}: ${Array.isArray(value) ? value.join(', ') : String(value)}`];
  });
}

/**
 * THE call site that mails a contact form's submission to the tenant's contact address, in the
 * submission's transaction. Mail for services other than identity arrives with kit's `requestMail`
 * (branch s6-links, "mail requests"), not merged here yet: until then this composes nothing and sends
 * nothing, and the `content.form.submitted` event (purpose `contact`) is the only trace. When it lands:
 * `requestMail(ctx.db, 'content', config, { tenant, recipient: { email: to, name: null, language: 'nl' },
 * template: <a contact-submission template>, vars: { lines: contactSubmissionLines(...) }, actor: null,
 * reference: { type: 'form_submission', id: submission.id }, now: ctx.now })`.
 */
export async function mailContactSubmission(
  _ctx: TCtx,
  _to: string,
  _definition: TFormDefinition,
  _submission: TFormSubmissionRow,
): Promise<void> {}
