import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { validateWorkflowDefinition } from '@stageplein/contracts/phases/workflow-rules';
import { evaluationsAvailable } from '@stageplein/contracts/placements/evaluation-policy';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import { record } from '../shared/events.ts';
import { SYSTEM, type TCtx } from '../shared/request.ts';
import { insertDefinition, workflowVersions } from './definitions/definitions.repository.ts';
import { publishVersionOf } from './definitions/definitions.service.ts';
import { seedEvaluationPhaseId, seedWorkflowContent, seedWorkflowId } from './phases.seed-content.ts';

/**
 * The evaluation phase's template (scope kind `phase`): the roles of the School's period template the
 * evaluations seed made, so the phase asks the same forms. None where the tenant has no evaluation forms
 * or no period template exists.
 */
async function seedPhaseTemplate(
  ctx: TCtx,
  tenant: TTenant,
  schoolId: string,
  today: Date,
): Promise<string | null> {
  if (!evaluationsAvailable(tenant.features)) return null;
  const scopeId = seedEvaluationPhaseId(tenant);
  const existing = await ctx.db
    .selectFrom('placements.evaluation_templates')
    .select('id')
    .where('tenant_id', '=', tenant.id)
    .where('scope_kind', '=', 'phase')
    .where('scope_id', '=', scopeId)
    .executeTakeFirst();
  if (existing) return existing.id;
  const period = await ctx.db
    .selectFrom('placements.evaluation_templates')
    .select('roles')
    .where('tenant_id', '=', tenant.id)
    .where('school_id', '=', schoolId)
    .where('scope_kind', '=', 'internship_period')
    .orderBy('created_at')
    .executeTakeFirst();
  if (!period) return null;
  const { id } = await ctx.db
    .insertInto('placements.evaluation_templates')
    .values({
      tenant_id: tenant.id,
      school_id: schoolId,
      scope_kind: 'phase',
      scope_id: scopeId,
      name: 'Evaluatie (workflow)',
      roles: period.roles,
      created_by: null,
      created_at: today,
      updated_at: today,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const roles = period.roles;
  await record(
    ctx,
    SYSTEM,
    'placements.evaluation_template.created',
    { type: 'evaluation_template', id },
    {
      template_id: id,
      school_id: schoolId,
      scope_kind: 'phase',
      internship_period_id: null,
      phase_id: scopeId,
      name: 'Evaluatie (workflow)',
      roles: {
        student: roles.student ?? null,
        supervisor: roles.supervisor ?? null,
        mentor: roles.mentor ?? null,
      },
    },
  );
  return id;
}

/**
 * Every tenant's School gets a published default workflow for the tenant's kind of internship
 * (docs/decisions/phases.md "Seeds"). Idempotent: a seeded definition (name-based id) is left alone.
 */
export async function seedPhases(ctx: TCtx, tenant: TTenant, today: Date): Promise<void> {
  const schoolId = seedOrganizationId(tenant.id, 'school');
  const definitionId = seedWorkflowId(tenant.id, 'definition');
  const exists = await ctx.db
    .selectFrom('placements.workflow_definitions')
    .select('id')
    .where('id', '=', definitionId)
    .executeTakeFirst();
  if (exists) return;

  const templateId = await seedPhaseTemplate(ctx, tenant, schoolId, today);
  const content = seedWorkflowContent(tenant, templateId);
  const issues = validateWorkflowDefinition(content, tenant.features);
  if (issues.length > 0)
    throw new Error(`placements: the seeded workflow of ${tenant.id} is invalid: ${JSON.stringify(issues)}`);

  const definition = await insertDefinition(ctx.db, {
    id: definitionId,
    tenant_id: tenant.id,
    school_id: schoolId,
    contract_type: content.contract_type,
    name: content.contract_type === 'hours' ? 'Maatschappelijke stage' : 'Beroepspraktijkvorming',
    created_by: null,
    created_at: today,
    updated_at: today,
  });
  const draft = await workflowVersions.insertDraft(
    ctx.db,
    { tenantId: tenant.id, parentId: definition.id, version: 1, by: null, now: today },
    { phases: content.phases },
  );
  await record(
    ctx,
    SYSTEM,
    'placements.workflow_definition.created',
    { type: 'workflow_definition', id: definition.id },
    {
      definition_id: definition.id,
      school_id: schoolId,
      contract_type: definition.contract_type,
      name: definition.name,
      version_id: draft.id,
    },
  );
  await publishVersionOf(ctx, SYSTEM, definition, draft);
}
