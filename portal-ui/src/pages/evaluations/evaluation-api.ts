import { linkRequest } from '../../api/link-request.ts';
import type { TApiClient } from '@stageplein/contracts/client/api-client';
import type { TFormDefinition, TLocalizedText } from '@stageplein/contracts/forms/form-definition';
import type { TAnswers } from '@stageplein/contracts/forms/submission-schema';
import type { TEvaluationRole } from '@stageplein/contracts/placements/evaluation-policy';
import type {
  TEvaluationAttributes,
  TEvaluationByLinkAttributes,
  TEvaluationPart as TWirePart,
} from '@stageplein/contracts/placements/evaluations';

/**
 * The portal's calls to evaluations (placements service, contracts/src/placements/evaluations.ts).
 * Read with `raw`: answers and form definitions are data whose keys must stay as sent (like forms).
 */

export type TEvaluationPart = Omit<TWirePart, 'definition' | 'answers'> & {
  definition: TFormDefinition;
  answers: TAnswers | null;
};
export type TEvaluation = Omit<TEvaluationAttributes, 'parts'> & { parts: TEvaluationPart[] };
export type TSupervisorEvaluation = Omit<TEvaluationByLinkAttributes, 'definition' | 'answers'> & {
  definition: TFormDefinition;
  answers: TAnswers | null;
};

interface TRawDoc<A> {
  data: { id: string; type: string; attributes: A };
}

const at = (internshipId: string, rest = '') =>
  `/api/v1/internships/${encodeURIComponent(internshipId)}/evaluation${rest}`;
const answersBody = (answers: TAnswers) => ({
  data: { type: 'evaluation_response', attributes: { answers } },
});

export async function fetchEvaluation(client: TApiClient, internshipId: string, signal?: AbortSignal) {
  return (await client.get<TRawDoc<TEvaluation>>(at(internshipId), { signal, raw: true })).data.attributes;
}

export async function openEvaluation(client: TApiClient, internshipId: string) {
  return (await client.post<TRawDoc<TEvaluation>>(at(internshipId), undefined, { raw: true })).data
    .attributes;
}

export async function sendEvaluationLink(client: TApiClient, internshipId: string) {
  return (
    await client.post<TRawDoc<TEvaluation>>(at(internshipId, '/supervisor_link'), undefined, { raw: true })
  ).data.attributes;
}

export async function sendOwnPart(client: TApiClient, internshipId: string, answers: TAnswers) {
  return (
    await client.put<TRawDoc<TEvaluation>>(at(internshipId, '/answers'), answersBody(answers), { raw: true })
  ).data.attributes;
}

// --- The supervisor's page (no account: the link's token in the header) ----------------------------

const SUPERVISOR = '/api/v1/evaluations/supervisor';

export async function fetchSupervisorEvaluation(client: TApiClient, token: string, signal?: AbortSignal) {
  return (
    await client.get<TRawDoc<TSupervisorEvaluation>>(SUPERVISOR, linkRequest(token, { raw: true, signal }))
  ).data.attributes;
}

export async function sendSupervisorPart(client: TApiClient, token: string, answers: TAnswers) {
  return (
    await client.put<TRawDoc<TSupervisorEvaluation>>(
      SUPERVISOR,
      answersBody(answers),
      linkRequest(token, { raw: true }),
    )
  ).data.attributes;
}

// --- Templates (a School admin) ---------------------------------------------------------------------

export interface TTemplateRole {
  form_id: string | null;
  version: number;
  form_title: string;
  legacy: boolean;
  weight: number;
  weights: Record<string, number>;
}
export interface TEvaluationTemplate {
  id: string;
  name: string;
  internship_period_id: string;
  roles: Record<TEvaluationRole, TTemplateRole | null>;
  opened_count: number;
}
export interface TFormOption {
  form_id: string;
  version: number;
  title: string;
  /** The form's scored (scale) questions, found by the contracts' `scoredFields`. */
  scored: { id: string; label: TLocalizedText }[];
}
export type TTemplateRolesInput = Partial<
  Record<
    TEvaluationRole,
    { form_id?: string; version?: number; weight?: number; weights?: Record<string, number> }
  >
>;

interface TRawCollection<A> {
  data: { id: string; type: string; attributes: A }[];
}

const TEMPLATES = '/api/v1/evaluation_templates';

export async function fetchPeriodTemplates(client: TApiClient, periodId: string, signal?: AbortSignal) {
  const doc = await client.get<TRawCollection<Omit<TEvaluationTemplate, 'id'>>>(
    `${TEMPLATES}?internship_period_id=${encodeURIComponent(periodId)}`,
    { signal, raw: true },
  );
  return doc.data.map((r) => ({ ...r.attributes, id: r.id }));
}

export async function fetchFormOptions(client: TApiClient, signal?: AbortSignal): Promise<TFormOption[]> {
  const doc = await client.get<TRawCollection<TFormOption>>(`${TEMPLATES}/forms`, { signal, raw: true });
  return doc.data.map((r) => r.attributes);
}

export async function createTemplate(
  client: TApiClient,
  input: { name: string; internship_period_id: string; roles: TTemplateRolesInput },
) {
  await client.post(TEMPLATES, { data: { type: 'evaluation_template', attributes: input } }, { raw: true });
}

export async function openTemplateEvaluations(client: TApiClient, templateId: string) {
  const doc = await client.post<{ meta: { opened: number; links_sent: number } }>(
    `${TEMPLATES}/${encodeURIComponent(templateId)}/open`,
    undefined,
    { raw: true },
  );
  return doc.meta;
}
