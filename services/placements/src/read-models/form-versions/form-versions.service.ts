import { sql } from 'kysely';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import { isPublicFormPurpose } from '@stageplein/contracts/forms/forms-api';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { TCtx } from '../../shared/request.ts';

export const FORM_VERSION_EVENTS = ['content.form.version_published', 'content.form.archived'] as const;

/**
 * Keeps `placements.form_versions` (content's published versions of the forms placements answers —
 * not the public ones; frozen: a redelivery changes nothing) and `placements.archived_forms`. Idempotent per event id; archiving is final in content, so the
 * order of the two events does not matter.
 */
export async function applyFormEvent(ctx: TCtx, event: TEventEnvelope): Promise<void> {
  if (event.type === 'content.form.archived') {
    const { form_id, purpose } = EVENT_PAYLOADS['content.form.archived'].parse(event.data);
    if (isPublicFormPurpose(purpose)) return;
    await sql`insert into placements.archived_forms (tenant_id, form_id) values (${event.tenant}, ${form_id})
      on conflict do nothing`.execute(ctx.db);
    return;
  }
  const v = EVENT_PAYLOADS['content.form.version_published'].parse(event.data);
  if (isPublicFormPurpose(v.purpose)) return;
  await sql`
    insert into placements.form_versions (tenant_id, form_id, version, purpose, definition, published_at)
    values (${event.tenant}, ${v.form_id}, ${v.version}, ${v.purpose}, ${JSON.stringify(v.definition)}::jsonb,
      ${new Date(v.published_at)})
    on conflict do nothing`.execute(ctx.db);
}
