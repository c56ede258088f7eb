import { sql } from 'kysely';
import { ZFormDefinition } from '@stageplein/contracts/forms/form-definition';
import { LEGACY_EVALUATION_FORM_VERSION } from '@stageplein/contracts/forms/legacy-evaluation-form';
import {
  evaluationsAvailable,
  evaluationScore,
  partScore,
  usesLegacyEvaluationForm,
  type TEvaluationRole,
} from '@stageplein/contracts/placements/evaluation-policy';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { demoUserId, seedInternshipId, approveSupervisorAddress } from '../internships/index.ts';
import { record } from '../shared/events.ts';
import { SYSTEM, type TCtx } from '../shared/request.ts';
import { partForm } from './evaluations.policy.ts';
import type { TStoredRoles } from './evaluations.table.ts';

/** Content's seeded evaluation forms by title (services/content/src/seeds/seed-evaluation-forms.ts). */
const SEED_FORM_TITLES: Record<TEvaluationRole, string> = {
  student: 'Evaluatie stage (student)',
  supervisor: 'Evaluatie stage (praktijkbegeleider)',
  mentor: 'Evaluatie stage (mentor)',
};

/** The mentor's seeded part (answers to the seeded mentor form or the legacy mentor form). */
const MENTOR_ANSWERS = {
  configured: {
    progress: 4,
    reflection: 3,
    verdict: 'good',
    remarks: 'Goed tussengesprek gehad; de student reflecteert eerlijk.',
  },
  legacy: {
    report_received: true,
    reflection_quality: 3,
    completed: 'completed',
    remarks: 'Verslag besproken in de mentorles.',
  },
};

/**
 * Content's published evaluation forms of this tenant into placements' read model. Seeds run before
 * any event is delivered, so this reads content's published `content.form.version_published` from its
 * outbox (as `demoUserId` reads identity's); the consumer later inserts the same frozen rows (no-op).
 */
async function formVersionsFromContent(ctx: TCtx): Promise<void> {
  const db = ctx.db;
  const { rows: exists } = await sql<{
    t: string | null;
  }>`select to_regclass('content.outbox')::text as t`.execute(db);
  if (!exists[0]?.t) return;
  const { rows } = await sql<{
    data: { form_id: string; version: number; purpose: string; definition: unknown; published_at: string };
  }>`
    select envelope->'data' as data from content.outbox
    where tenant_id = ${ctx.tenant.id} and type = 'content.form.version_published'
      and envelope->'data'->>'purpose' = 'evaluation'`.execute(db);
  for (const { data } of rows) {
    const definition = ZFormDefinition.parse(data.definition);
    await sql`insert into placements.form_versions (tenant_id, form_id, version, purpose, definition, published_at)
      values (${ctx.tenant.id}, ${data.form_id}, ${data.version}, 'evaluation', ${JSON.stringify(definition)}::jsonb,
        ${new Date(data.published_at)})
      on conflict do nothing`.execute(db);
  }
}

/** The newest version of the seeded form of each role, by its Dutch title. */
async function seededForms(
  ctx: TCtx,
): Promise<Partial<Record<TEvaluationRole, { form_id: string; version: number }>>> {
  const rows = await ctx.db
    .selectFrom('placements.form_versions')
    .select(['form_id', 'version', 'definition'])
    // Seeds run as the owner: the tenant is named, not left to RLS.
    .where('tenant_id', '=', ctx.tenant.id)
    .where('purpose', '=', 'evaluation')
    .orderBy('version', 'desc')
    .execute();
  const forms: Partial<Record<TEvaluationRole, { form_id: string; version: number }>> = {};
  for (const [role, title] of Object.entries(SEED_FORM_TITLES) as [TEvaluationRole, string][]) {
    const row = rows.find((r) => r.definition.title.nl === title);
    if (row) forms[role] = { form_id: row.form_id, version: row.version };
  }
  return forms;
}

/**
 * Where the tenant's "Evaluation forms" switch is on (docs/decisions/evaluations.md): a template on the
 * demo School's period of the demo student's running internship (the seeded forms per role, the
 * supervisor's part weighing double; the legacy form on legacy tenants), and that internship's
 * evaluation opened with the mentor's part sent — so the internship page and progress show a partly
 * filled evaluation and the student and supervisor parts are open. The running internship gets the demo
 * company's admin (`bedrijf@`) as supervisor where it has none, so "send link" lands in the dev mailbox.
 * Idempotent: a period with a template and an internship with an evaluation are left alone.
 */
export async function seedEvaluations(ctx: TCtx, tenant: TTenant, today: Date): Promise<void> {
  if (!evaluationsAvailable(tenant.features)) return;
  const legacy = usesLegacyEvaluationForm(tenant.features);
  const internshipId = seedInternshipId(tenant.id, 0);
  const internship = await ctx.db
    .selectFrom('placements.internships')
    .select(['id', 'internship_period_id', 'supervisor_id', 'school_id'])
    .where('id', '=', internshipId)
    .executeTakeFirst();
  if (!internship?.internship_period_id) return;

  const supervisorId = await demoUserId(ctx, 'bedrijf');
  if (!internship.supervisor_id && supervisorId) {
    await ctx.db
      .updateTable('placements.internships')
      .set({ supervisor_id: supervisorId })
      .where('id', '=', internshipId)
      .execute();
    // The seeded school has approved the seeded supervisor (issue #31).
    await approveSupervisorAddress(ctx.db, internshipId, SYSTEM, ctx.now, `bedrijf@${tenant.id}.test`);
  }

  let template = await ctx.db
    .selectFrom('placements.evaluation_templates')
    .select(['id', 'roles'])
    .where('scope_kind', '=', 'internship_period')
    .where('scope_id', '=', internship.internship_period_id)
    .executeTakeFirst();
  if (!template) {
    if (!legacy) await formVersionsFromContent(ctx);
    const forms = legacy ? {} : await seededForms(ctx);
    const roles: TStoredRoles = {};
    for (const role of ['student', 'supervisor', 'mentor'] as const) {
      const form = legacy ? { form_id: null, version: LEGACY_EVALUATION_FORM_VERSION } : forms[role];
      if (form) roles[role] = { ...form, weight: role === 'supervisor' ? 2 : 1, weights: {} };
    }
    if (!roles.student && !roles.supervisor && !roles.mentor) return;
    const row = {
      tenant_id: tenant.id,
      school_id: seedOrganizationId(tenant.id, 'school'),
      scope_kind: 'internship_period' as const,
      scope_id: internship.internship_period_id,
      name: 'Eindevaluatie stage',
      roles,
      created_by: null,
      created_at: today,
      updated_at: today,
    };
    const { id } = await ctx.db
      .insertInto('placements.evaluation_templates')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    template = { id, roles };
    await record(
      ctx,
      SYSTEM,
      'placements.evaluation_template.created',
      { type: 'evaluation_template', id },
      {
        template_id: id,
        school_id: row.school_id,
        scope_kind: row.scope_kind,
        internship_period_id: row.scope_id,
        phase_id: null,
        name: row.name,
        roles: {
          student: roles.student ?? null,
          supervisor: roles.supervisor ?? null,
          mentor: roles.mentor ?? null,
        },
      },
    );
  }

  const opened = await ctx.db
    .selectFrom('placements.evaluations')
    .select('id')
    .where('internship_id', '=', internshipId)
    .executeTakeFirst();
  if (opened) return;
  const evaluation = await ctx.db
    .insertInto('placements.evaluations')
    .values({
      tenant_id: tenant.id,
      internship_id: internshipId,
      template_id: template.id,
      opened_by: null,
      opened_at: today,
      link_sent_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const mentorId = await demoUserId(ctx, 'mentor');
  const states: Partial<Record<TEvaluationRole, 'open' | 'submitted'>> = {};
  let mentorScore: { score: number | null; weight: number } | null = null;
  for (const role of ['student', 'supervisor', 'mentor'] as const) {
    const config = template.roles[role];
    if (!config) continue;
    const form = await partForm(ctx, role, config.form_id, config.version);
    const answers =
      role === 'mentor' && form ? (legacy ? MENTOR_ANSWERS.legacy : MENTOR_ANSWERS.configured) : null;
    const score = answers && form ? partScore(form.definition, answers, config.weights) : null;
    if (answers) mentorScore = { score, weight: config.weight };
    states[role] = answers ? 'submitted' : 'open';
    await ctx.db
      .insertInto('placements.evaluation_responses')
      .values({
        tenant_id: tenant.id,
        evaluation_id: evaluation.id,
        role,
        form_id: config.form_id,
        form_version: config.version,
        weight: config.weight,
        weights: config.weights,
        state: answers ? 'submitted' : 'open',
        answers,
        score,
        submitted_by: answers ? (mentorId ?? null) : null,
        submitted_at: answers ? today : null,
        updated_at: today,
      })
      .execute();
  }
  await record(
    ctx,
    SYSTEM,
    'placements.evaluation.opened',
    { type: 'internship', id: internshipId },
    {
      evaluation_id: evaluation.id,
      internship_id: internshipId,
      template_id: template.id,
      states,
      score: evaluationScore(mentorScore ? [mentorScore] : []),
    },
  );
}
