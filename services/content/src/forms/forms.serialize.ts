import { csvLine } from '@stageplein/contracts/csv/csv';
import { formFields, isAnswerField, type TFormDefinition } from '@stageplein/contracts/forms/form-definition';
import type {
  TFormResource,
  TFormSubmissionResource,
  TPublicFormResource,
} from '@stageplein/contracts/forms/forms-api';
import type { TSubmissionFile } from '@stageplein/contracts/forms/form-files';
import type { TFormRow, TFormSubmissionRow, TFormVersionRow } from './forms.repository.ts';

export const formResource = (f: TFormRow, submissionCount: number): TFormResource => ({
  type: 'form',
  id: f.id,
  attributes: {
    title: f.definition.title,
    status: f.status,
    purpose: f.purpose,
    definition: f.definition,
    published_version: f.published_version,
    published_at: f.published_at?.toISOString() ?? null,
    has_unpublished_changes: f.published_at === null || f.definition_updated_at > f.published_at,
    public_token: f.public_token,
    submission_count: submissionCount,
    notify_email: f.notify_email,
    created_at: f.created_at.toISOString(),
    updated_at: f.updated_at.toISOString(),
  },
});

export const versionResource = (v: TFormVersionRow) => ({
  type: 'form_version' as const,
  id: `${v.form_id}:${v.version}`,
  attributes: {
    form_id: v.form_id,
    version: v.version,
    definition: v.definition,
    published_at: v.published_at.toISOString(),
  },
});

export const versionSummaryResource = (v: TFormVersionRow, submissionCount: number) => ({
  type: 'form_version' as const,
  id: `${v.form_id}:${v.version}`,
  attributes: {
    form_id: v.form_id,
    version: v.version,
    published_at: v.published_at.toISOString(),
    submission_count: submissionCount,
  },
});

export const submissionResource = (
  s: TFormSubmissionRow,
  files: Record<string, TSubmissionFile> = {},
): TFormSubmissionResource => ({
  type: 'form_submission',
  id: s.id,
  attributes: {
    form_id: s.form_id,
    form_version: s.form_version,
    answers: s.answers,
    locale: s.locale,
    files,
    created_at: s.created_at.toISOString(),
  },
});

export const publicFormResource = (
  token: string,
  form: Pick<TFormRow, 'purpose'>,
  version: number,
  definition: TFormDefinition,
  renderToken: string,
): TPublicFormResource => ({
  type: 'public_form',
  id: token,
  attributes: { purpose: form.purpose, version, definition, render_token: renderToken },
});

const cellOf = (value: unknown): string | number | null => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'ja' : 'nee';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
};

/**
 * The submissions as a CSV file (`;`, UTF-8 with BOM for spreadsheets): one column per question of
 * any version, in the order of the newest version that has it, labelled in Dutch; every cell through
 * `csvLine`, which neutralises formula prefixes (contracts/src/csv/csv.ts).
 */
export function submissionsCsv(versions: TFormVersionRow[], submissions: TFormSubmissionRow[]): string {
  const columns = new Map<string, string>();
  for (const version of [...versions].sort((a, b) => b.version - a.version)) {
    for (const { field } of formFields(version.definition)) {
      if (isAnswerField(field) && !columns.has(field.id)) columns.set(field.id, field.label.nl);
    }
  }
  const ids = [...columns.keys()];
  const header = ['id', 'ingediend', 'versie', 'taal', ...columns.values()];
  const lines = submissions.map((s) =>
    csvLine([
      s.id,
      s.created_at.toISOString(),
      s.form_version,
      s.locale,
      ...ids.map((id) => cellOf(s.answers[id])),
    ]),
  );
  return `\uFEFF${[csvLine(header), ...lines].join('\r\n')}\r\n`;
}
