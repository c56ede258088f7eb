import type { TApiClient } from '@stageplein/contracts/client/api-client';
import type { TInternshipContractType } from '@stageplein/contracts/placements/internships';
import type { TWorkflowPhase } from '@stageplein/contracts/phases/workflow-rules';
import type {
  TWorkflowDefinitionAttributes,
  TWorkflowDesignerResource,
  TWorkflowVersionAttributes,
} from '@stageplein/contracts/phases/workflow-definitions';
import type { TRoleRef } from '@stageplein/contracts/identity/roles';
import type {
  TPhaseMigrationCollection,
  TPhaseMigrationResource,
  TPhaseRunAttributes,
  TPhaseRunsDocument,
  TPublishedPhaseVersion,
} from '@stageplein/contracts/placements/phase-runs';

/**
 * The designer's calls to placements' workflow definitions (contracts/src/phases/workflow-definitions.ts).
 * Read `raw`: phases and tasks are data in the wire's snake_case, sent back as they came.
 */
const DEFINITIONS = '/api/v1/workflow_definitions';
const VERSIONS = '/api/v1/workflow_versions';

interface TRaw<A> {
  id: string;
  type: string;
  attributes: A;
}

export type TWorkflowDefinition = TWorkflowDefinitionAttributes & { id: string };
export type TWorkflowVersion = TWorkflowVersionAttributes & { id: string };

const flat = <A>(r: TRaw<A>): A & { id: string } => ({ ...r.attributes, id: r.id });

export interface TDefinitionList {
  definitions: TWorkflowDefinition[];
  /** The server's answer whether the caller may design (a school admin, or a mentor granted it). */
  canDesign: boolean;
}

export async function listDefinitions(client: TApiClient, signal?: AbortSignal): Promise<TDefinitionList> {
  const doc = await client.get<{
    data: TRaw<TWorkflowDefinitionAttributes>[];
    meta?: { can_design?: boolean };
  }>(DEFINITIONS, { signal, raw: true });
  return { definitions: doc.data.map(flat), canDesign: doc.meta?.can_design === true };
}

/** One definition with its published version and its draft (either may be missing). */
export interface TDefinitionView {
  definition: TWorkflowDefinition;
  published: TWorkflowVersion | undefined;
  draft: TWorkflowVersion | undefined;
}

export async function fetchDefinition(
  client: TApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<TDefinitionView> {
  const doc = await client.get<{
    data: TRaw<TWorkflowDefinitionAttributes>;
    included?: TRaw<TWorkflowVersionAttributes>[];
  }>(`${DEFINITIONS}/${encodeURIComponent(id)}`, { signal, raw: true });
  const definition = flat(doc.data);
  const versions = (doc.included ?? []).filter((r) => r.type === 'workflow_version').map(flat);
  const byId = async (versionId: string | null) => {
    if (!versionId) return undefined;
    return versions.find((v) => v.id === versionId) ?? (await fetchVersion(client, versionId, signal));
  };
  return {
    definition,
    published: await byId(definition.published_version_id),
    draft: await byId(definition.draft_version_id),
  };
}

export async function fetchVersion(
  client: TApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<TWorkflowVersion> {
  const doc = await client.get<{ data: TRaw<TWorkflowVersionAttributes> }>(
    `${VERSIONS}/${encodeURIComponent(id)}`,
    { signal, raw: true },
  );
  return flat(doc.data);
}

export async function createDefinition(
  client: TApiClient,
  input: { name: string; contract_type: TInternshipContractType },
): Promise<TWorkflowDefinition> {
  const doc = await client.post<{ data: TRaw<TWorkflowDefinitionAttributes> }>(
    DEFINITIONS,
    { data: { type: 'workflow_definition', attributes: input } },
    { raw: true },
  );
  return flat(doc.data);
}

export async function makeDefault(client: TApiClient, id: string): Promise<void> {
  await client.patch(
    `${DEFINITIONS}/${encodeURIComponent(id)}`,
    { data: { type: 'workflow_definition', id, attributes: { is_default: true } } },
    { raw: true },
  );
}

/** A new draft from the published version. */
export async function createDraft(client: TApiClient, definitionId: string): Promise<void> {
  await client.post(`${DEFINITIONS}/${encodeURIComponent(definitionId)}/drafts`, undefined, { raw: true });
}

/** The draft's phases, all of them (a published version refuses: `workflow_version_published`). */
export async function savePhases(
  client: TApiClient,
  versionId: string,
  phases: readonly TWorkflowPhase[],
): Promise<TWorkflowVersion> {
  const doc = await client.patch<{ data: TRaw<TWorkflowVersionAttributes> }>(
    `${VERSIONS}/${encodeURIComponent(versionId)}`,
    { data: { type: 'workflow_version', id: versionId, attributes: { phases } } },
    { raw: true },
  );
  return flat(doc.data);
}

export async function publishVersion(client: TApiClient, versionId: string): Promise<TWorkflowVersion> {
  const doc = await client.post<{ data: TRaw<TWorkflowVersionAttributes> }>(
    `${VERSIONS}/${encodeURIComponent(versionId)}/publish`,
    undefined,
    { raw: true },
  );
  return flat(doc.data);
}

/** What a task of kind `evaluation` or `assignment` may name: the phase's evaluation templates, the school's assignments. */
export interface TChoice {
  id: string;
  label: string;
  /** An assignment not published yet (publishing the workflow refuses it). */
  draft?: boolean;
}

/** The evaluation templates scoped to the phase (a period's template is refused at publishing). */
export async function evaluationTemplateChoices(
  client: TApiClient,
  phaseId: string,
  signal?: AbortSignal,
): Promise<TChoice[]> {
  const doc = await client.get<{ data: TRaw<{ name: string }>[] }>(
    `/api/v1/evaluation_templates?phase_id=${encodeURIComponent(phaseId)}`,
    { signal, raw: true },
  );
  return doc.data.map((r) => ({ id: r.id, label: r.attributes.name }));
}

export async function assignmentChoices(
  client: TApiClient,
  lang: 'nl' | 'en',
  signal?: AbortSignal,
): Promise<TChoice[]> {
  const doc = await client.get<{ data: TRaw<{ title: { nl: string; en: string }; status: string }>[] }>(
    '/api/v1/assignments?page[size]=200',
    { signal, raw: true },
  );
  return doc.data.map((r) => ({
    id: r.id,
    label: r.attributes.title[lang] || r.attributes.title.nl,
    draft: r.attributes.status !== 'published',
  }));
}

// --- Who designs (school admins grant mentors) ------------------------------------------------------

const DESIGNERS = '/api/v1/workflow_designers';

/** A mentor of the school: their roles at the school decide, by contracts' rule, what a grant does. */
export interface TStaffMember {
  id: string;
  name: string;
  email: string;
  roles: TRoleRef[];
}

/** The school's mentors (identity's users of the current organization with the role), with their roles. */
export async function schoolMentors(client: TApiClient, signal?: AbortSignal): Promise<TStaffMember[]> {
  const doc = await client.get<{
    data: (TRaw<{ first_name: string | null; last_name: string | null; email: string }> & {
      relationships?: { roles?: { data?: { id: string }[] } };
    })[];
    included?: TRaw<{ name: string; resource_type: string; resource_id: string }>[];
  }>('/api/v1/users?filter[with_role]=mentor&include=roles&sort=last_name,first_name&page[size]=500', {
    signal,
    raw: true,
  });
  const roles = new Map(
    (doc.included ?? []).filter((r) => r.type === 'role').map((r) => [r.id, r.attributes]),
  );
  return doc.data.map((u) => ({
    id: u.id,
    name: [u.attributes.first_name, u.attributes.last_name].filter(Boolean).join(' ') || u.attributes.email,
    email: u.attributes.email,
    roles: (u.relationships?.roles?.data ?? []).flatMap((ref) => {
      const role = roles.get(ref.id);
      return role
        ? [{ name: role.name, resourceType: role.resource_type, resourceId: role.resource_id } as TRoleRef]
        : [];
    }),
  }));
}

export type TDesigner = TWorkflowDesignerResource['attributes'] & { id: string };

export async function listDesigners(client: TApiClient, signal?: AbortSignal): Promise<TDesigner[]> {
  const doc = await client.get<{ data: TWorkflowDesignerResource[] }>(DESIGNERS, { signal, raw: true });
  return doc.data.map(flat);
}

export async function grantDesigner(client: TApiClient, userId: string): Promise<void> {
  await client.post(
    DESIGNERS,
    { data: { type: 'workflow_designer', attributes: { user_id: userId } } },
    { raw: true },
  );
}

export async function revokeDesigner(client: TApiClient, userId: string): Promise<void> {
  await client.delete(`${DESIGNERS}/${encodeURIComponent(userId)}`, { raw: true });
}

// --- Running internships and their migration ------------------------------------------------------

export type TPhaseRun = TPhaseRunAttributes & { id: string };

export interface TRunsView {
  runs: TPhaseRun[];
  /** The definition's published versions, newest first, with their phases (the migration targets). */
  versions: TPublishedPhaseVersion[];
}

/** The school's internships that run the definition (any version), running first, and its published versions. */
export async function listRuns(
  client: TApiClient,
  definitionId: string,
  signal?: AbortSignal,
): Promise<TRunsView> {
  const doc = await client.get<TPhaseRunsDocument>(
    `/api/v1/phase_runs?filter[definition_id]=${encodeURIComponent(definitionId)}`,
    { signal, raw: true },
  );
  return { runs: doc.data.map(flat), versions: doc.meta.versions };
}

export type TMigrationOutcome = TPhaseMigrationResource['attributes'];

/** Moves the internships to the version; per internship: migrated, or the error code why not. */
export async function migrateRuns(
  client: TApiClient,
  toVersionId: string,
  internshipIds: readonly string[],
): Promise<TMigrationOutcome[]> {
  const doc = await client.post<TPhaseMigrationCollection>(
    '/api/v1/phase_migrations',
    {
      data: {
        type: 'phase_migration',
        attributes: { to_version_id: toVersionId, internship_ids: [...internshipIds] },
      },
    },
    { raw: true },
  );
  return doc.data.map((r) => r.attributes);
}
