import { linkRequest } from '../../api/link-request.ts';
import type { TApiClient } from '@stageplein/contracts/client/api-client';
import type { TFormDefinition, TLocalizedText } from '@stageplein/contracts/forms/form-definition';
import type { TAnswers } from '@stageplein/contracts/forms/submission-schema';
import type {
  TAssignmentAction,
  TAssignmentStatus,
  TAssignmentTaskStatus,
} from '@stageplein/contracts/placements/assignment-policy';

/**
 * The portal's calls to the supervisors' assignments (placements, contracts/src/placements/
 * assignments.ts). Read `raw`: answers and form definitions are data whose keys (field ids) must not be
 * camel-cased, so the whole feature speaks the wire's snake_case.
 */
export const ASSIGNMENTS = '/api/v1/assignments';

interface TRawResource<A> {
  id: string;
  type: string;
  attributes: A;
}
interface TRawDoc<D> {
  data: D;
  included?: TRawResource<TTask>[];
  meta?: Record<string, unknown>;
}

export interface TSelection {
  internship_period_ids: string[];
  group_ids: string[];
  internship_ids: string[];
}

export interface TAssignment {
  id: string;
  title: TLocalizedText;
  instructions: TLocalizedText;
  form_id: string;
  form_version: number;
  form_title: TLocalizedText | null;
  due_on: string;
  selection: TSelection;
  status: TAssignmentStatus;
  published_at: string | null;
  task_count: number;
  completed_count: number;
  open_count: number;
  percent: number | null;
  actions: TAssignmentAction[];
}

export interface TTask {
  id: string;
  internship_id: string;
  student_name: string;
  organization_name: string | null;
  internship_period_name: string | null;
  supervisor_name: string | null;
  supervisor_email: string;
  status: TAssignmentTaskStatus;
  overdue: boolean;
  completed_at: string | null;
  answers: TAnswers | null;
  link_sent_at: string | null;
}

export interface TOptions {
  forms: { form_id: string; version: number; title: TLocalizedText }[];
  internship_periods: { id: string; name: string }[];
  groups: { id: string; name: string }[];
  internships: {
    id: string;
    student_name: string;
    organization_name: string | null;
    internship_period_id: string | null;
    group_id: string | null;
    supervisor_name: string | null;
    has_supervisor: boolean;
  }[];
}

export interface TAssignmentInput {
  title: TLocalizedText;
  instructions: TLocalizedText;
  form_id: string;
  form_version: number;
  due_on: string;
  selection: TSelection;
}

const flat = <A>(r: TRawResource<A>): A & { id: string } => ({ ...r.attributes, id: r.id });
const withTasks = (doc: TRawDoc<TRawResource<Omit<TAssignment, 'id'>>>) => ({
  assignment: flat(doc.data),
  tasks: (doc.included ?? []).map(flat),
  form: (doc.meta?.form_definition as TFormDefinition | undefined) ?? null,
});
export type TAssignmentDetail = ReturnType<typeof withTasks>;

export async function listAssignments(client: TApiClient, signal?: AbortSignal): Promise<TAssignment[]> {
  const doc = await client.get<TRawDoc<TRawResource<Omit<TAssignment, 'id'>>[]>>(
    `${ASSIGNMENTS}?page[size]=100`,
    { signal, raw: true },
  );
  return doc.data.map(flat);
}

export async function fetchOptions(client: TApiClient, signal?: AbortSignal): Promise<TOptions> {
  const doc = await client.get<TRawDoc<TRawResource<TOptions>>>(`${ASSIGNMENTS}/options`, {
    signal,
    raw: true,
  });
  return doc.data.attributes;
}

export async function fetchAssignment(client: TApiClient, id: string, signal?: AbortSignal) {
  return withTasks(await client.get(`${ASSIGNMENTS}/${encodeURIComponent(id)}`, { signal, raw: true }));
}

export async function createAssignment(client: TApiClient, input: TAssignmentInput) {
  return withTasks(
    await client.post(ASSIGNMENTS, { data: { type: 'assignment', attributes: input } }, { raw: true }),
  );
}

/**
 * Changes an assignment: a draft takes any field, a published one only its texts and due date (the
 * server refuses the rest with 409 `assignment_published`).
 */
export async function updateAssignment(client: TApiClient, id: string, changes: Partial<TAssignmentInput>) {
  return withTasks(
    await client.patch(
      `${ASSIGNMENTS}/${encodeURIComponent(id)}`,
      { data: { type: 'assignment', id, attributes: changes } },
      { raw: true },
    ),
  );
}

export async function publishAssignment(client: TApiClient, id: string) {
  return withTasks(
    await client.post(`${ASSIGNMENTS}/${encodeURIComponent(id)}/publish`, undefined, { raw: true }),
  );
}

/** Mails a fresh link to the supervisors of all open tasks, or of one task. */
export async function remind(
  client: TApiClient,
  id: string,
  taskId?: string,
): Promise<{ supervisors: number }> {
  const path = taskId ? `/tasks/${encodeURIComponent(taskId)}/remind` : '/remind';
  const doc = await client.post<TRawDoc<TRawResource<{ supervisors: number; tasks: number }>>>(
    `${ASSIGNMENTS}/${encodeURIComponent(id)}${path}`,
    undefined,
    { raw: true },
  );
  return doc.data.attributes;
}

// --- The supervisor, by the link in the fragment ------------------------------------------------------

export interface TSupervisorTask {
  id: string;
  assignment_id: string;
  title: TLocalizedText;
  instructions: TLocalizedText;
  due_on: string;
  student_name: string;
  organization_name: string | null;
  status: TAssignmentTaskStatus;
  completed_at: string | null;
  form: string;
}

export interface TSupervisorAssignments {
  supervisor_name: string | null;
  expires_at: string;
  tasks: TSupervisorTask[];
  forms: Record<string, TFormDefinition>;
}

export async function fetchSupervisorAssignments(
  client: TApiClient,
  token: string,
  signal?: AbortSignal,
): Promise<TSupervisorAssignments> {
  const doc = await client.get<TRawDoc<TRawResource<TSupervisorAssignments>>>(
    `${ASSIGNMENTS}/supervisor`,
    linkRequest(token, { raw: true, signal }),
  );
  return doc.data.attributes;
}

export async function completeTask(
  client: TApiClient,
  token: string,
  taskId: string,
  answers: TAnswers,
): Promise<TSupervisorAssignments> {
  const doc = await client.post<TRawDoc<TRawResource<TSupervisorAssignments>>>(
    `${ASSIGNMENTS}/supervisor/tasks/${encodeURIComponent(taskId)}`,
    { data: { type: 'assignment_answers', attributes: { answers } } },
    linkRequest(token, { raw: true }),
  );
  return doc.data.attributes;
}
