import type { Kysely } from 'kysely';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import type { TContentDb } from '../database.ts';
import { type TCtx } from '../shared/request.ts';
import { SYSTEM } from '../shared/caller.ts';
import { contactEmail } from '../cms/index.ts';
import { findFormOfPurpose } from './forms.repository.ts';
import { createForm, publishForm, seedSubmission } from './forms.service.ts';
import { SEED_PLACEMENT_FORMS } from './seed-evaluation-forms.ts';
import { SEED_CONTACT_FORM, SEED_EXAMPLE_FORM, SEED_EXAMPLE_SUBMISSION } from './seed-forms.ts';

/**
 * A tenant's starting forms (embedded profile), through the same use cases as an editor's (events and
 * audit log included), once: what exists is left alone, so an editor's changes survive a restart.
 */
export async function seedForms(db: Kysely<TContentDb>, tenant: TTenant, today: Date): Promise<void> {
  const ctx = (lang: TCtx['lang']): TCtx => ({ db, tenant, now: today, lang });

  // The contact form (/contactformulier) and an example form with a condition and one submission, once.
  if (!(await findFormOfPurpose(db, tenant.id, 'contact'))) {
    const contact = await createForm(
      ctx('nl'),
      SYSTEM,
      { definition: SEED_CONTACT_FORM, notify_email: contactEmail(tenant) },
      'contact',
    );
    await publishForm(ctx('nl'), SYSTEM, contact);
    const example = await publishForm(
      ctx('nl'),
      SYSTEM,
      await createForm(ctx('nl'), SYSTEM, { definition: SEED_EXAMPLE_FORM }),
    );
    await seedSubmission(ctx('nl'), example, SEED_EXAMPLE_SUBMISSION);
  }

  // The forms placements answers (evaluations per role, the supervisors' assignment), once; published so
  // placements has them (content.form.version_published).
  if (!(await findFormOfPurpose(db, tenant.id, 'evaluation'))) {
    for (const { purpose, definition } of SEED_PLACEMENT_FORMS)
      await publishForm(ctx('nl'), SYSTEM, await createForm(ctx('nl'), SYSTEM, { definition }, purpose));
  }
}
