import { formFields, isAnswerField, type TFormDefinition } from '@stageplein/contracts/forms/form-definition';
import type { TConfig } from '@stageplein/kit/config/config';
import { requestMail } from '@stageplein/kit/mail/mail-requests';
import { SCHEMA } from '../database.ts';
import type { TCtx } from '../shared/request.ts';
import type { TFormSubmissionRow } from './forms.repository.ts';

/** What seals mailed links (kit/mail/sealed-link.ts); the contact mail has none, requestMail asks anyway. */
export type TMailKeys = Pick<TConfig, 'AUTH_TOKEN_SECRET' | 'AUTH_TOKEN_PREVIOUS_SECRETS'>;

const cell = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value));

/** The contact mail's text: each answered question's Dutch label and the answer, one per line. */
export function contactSubmissionText(definition: TFormDefinition, answers: Record<string, unknown>): string {
  return formFields(definition)
    .flatMap(({ field }) =>
      isAnswerField(field) && answers[field.id] !== undefined
        ? [`${field.label.nl}: ${cell(answers[field.id])}`]
        : [],
    )
    .join('\n');
}

/**
 * Mails a contact form's submission to the form's notify address (the tenant's contact address), in the
 * submission's transaction: notifications sends it (docs/decisions/mail-requests.md, template `bulk_message`:
 * plain text, escaped) and the row in `content.mail_deliveries` follows its delivery.
 */
export async function mailContactSubmission(
  ctx: TCtx,
  keys: TMailKeys,
  to: string,
  definition: TFormDefinition,
  submission: TFormSubmissionRow,
): Promise<void> {
  const name = submission.answers.name;
  await requestMail(ctx.db, SCHEMA, keys, {
    tenant: ctx.tenant.id,
    actor: null,
    now: ctx.now,
    recipient: { email: to, name: null, language: 'nl' },
    template: 'bulk_message',
    vars: {
      subject: `Nieuw bericht via het contactformulier van ${ctx.tenant.appName}`,
      body: contactSubmissionText(definition, submission.answers),
      sender: typeof name === 'string' ? name.slice(0, 200) : null,
    },
    reference: { type: 'form_submission', id: submission.id },
  });
}
