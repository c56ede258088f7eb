import { sql } from 'kysely';
import { SEED_NAMESPACE, seedOrganizationId, uuidV5 } from '@stageplein/contracts/domain/seed-ids';
import {
  contractsAvailable,
  validateContractTemplate,
} from '@stageplein/contracts/internship-contracts/contract-rules';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import { seedInternshipId } from '../internships/index.ts';
import { SYSTEM, type TCtx } from '../shared/request.ts';
import {
  fillCompanyFields,
  generateContract,
  releaseContract,
  voidContract,
} from './contracts/contracts.service.ts';
import { findTemplate } from './templates/templates.repository.ts';
import { createTemplate, publishTemplateVersionOf } from './templates/templates.service.ts';
import { seedTemplateContent } from './internship-contracts.seed-content.ts';

export const seedContractTemplateId = (tenant: string) =>
  uuidV5(`${tenant}:contract-template`, SEED_NAMESPACE);

/**
 * Names the read models cannot give yet (seeds run before any event is delivered): the student's from
 * identity's published event, the school's from organizations', as kit's demoUserId reads them.
 */
async function seededNames(ctx: TCtx, studentId: string, schoolId: string) {
  const has = async (t: string) =>
    !!(await sql<{ t: string | null }>`select to_regclass(${t})::text as t`.execute(ctx.db)).rows[0]?.t;
  const known: Record<string, string | null> = {};
  if (await has('identity.outbox')) {
    const { rows } = await sql<{ first: string | null; last: string | null; email: string }>`
      select envelope->'data'->>'first_name' as first, envelope->'data'->>'last_name' as last,
        envelope->'data'->>'email' as email
      from identity.outbox where type = 'identity.user.created' and envelope->'data'->>'user_id' = ${studentId}
      order by seq limit 1`.execute(ctx.db);
    const u = rows[0];
    if (u) {
      known['student.first_name'] = u.first;
      known['student.last_name'] = u.last;
      known['student.name'] = [u.first, u.last].filter(Boolean).join(' ') || null;
      known['student.email'] = u.email;
    }
  }
  if (await has('organizations.outbox')) {
    const { rows } = await sql<{ name: string }>`
      select envelope->'data'->>'name' as name from organizations.outbox
      where type = 'organizations.organization.created' and envelope->'data'->>'organization_id' = ${schoolId}
      order by seq limit 1`.execute(ctx.db);
    if (rows[0]) known['school.name'] = rows[0].name;
  }
  return known;
}

/**
 * Every traineeship tenant's School gets a published "Praktijkovereenkomst" (docs/decisions/
 * internship-contracts.md "Seeds") and the demo student's internships contracts in draft,
 * company_fields (where the tenant has company fields; else signing), signing and voided. The
 * internship at index 1 (applied) keeps none, to generate one by hand. Idempotent: a seeded template
 * (name-based id) means the tenant is seeded.
 */
export async function seedInternshipContracts(ctx: TCtx, tenant: TTenant): Promise<void> {
  if (!contractsAvailable(tenant.features)) return;
  const schoolId = seedOrganizationId(tenant.id, 'school');
  const templateId = seedContractTemplateId(tenant.id);
  if (await findTemplate(ctx.db, templateId)) return;

  const content = seedTemplateContent(tenant.features);
  const issues = validateContractTemplate(content, tenant.features, true);
  if (issues.length > 0)
    throw new Error(
      `placements: the seeded contract template of ${tenant.id} is invalid: ${JSON.stringify(issues)}`,
    );
  const { template, draft } = await createTemplate(
    ctx,
    SYSTEM,
    schoolId,
    'Praktijkovereenkomst',
    content,
    templateId,
  );
  await publishTemplateVersionOf(ctx, SYSTEM, { template, version: draft! });

  const internship = async (n: number) =>
    ctx.db
      .selectFrom('placements.internships')
      .select(['id', 'student_id'])
      .where('id', '=', seedInternshipId(tenant.id, n))
      .executeTakeFirst();
  const generate = async (n: number, birthDate: string) => {
    const i = await internship(n);
    if (!i) return undefined;
    const known = await seededNames(ctx, i.student_id, schoolId);
    return generateContract(ctx, SYSTEM, {
      internshipId: i.id,
      studentBirthDate: birthDate,
      source: 'manual',
      known,
    });
  };

  // Running internship, a minor: out for signing (the parent or guardian signs too).
  const running = await generate(0, '2010-03-01');
  if (running) {
    const released = await releaseContract(ctx, SYSTEM, running);
    if (released.status === 'company_fields')
      await fillCompanyFields(ctx, SYSTEM, released, { werktijden: 'ma-do 8:30-17:00', vergoeding: '250' });
  }
  // Accepted internship, an adult: waiting for the company's fields (or for signing where there are none).
  const accepted = await generate(2, '2007-01-15');
  if (accepted) await releaseContract(ctx, SYSTEM, accepted);
  // Completed internship: one voided, and a new draft after it.
  const first = await generate(3, '2009-06-30');
  if (first) {
    await voidContract(
      ctx,
      SYSTEM,
      first,
      'De data van de stage zijn gewijzigd; er komt een nieuw contract.',
    );
    await generate(3, '2009-06-30');
  }
}
