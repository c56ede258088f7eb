import { useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  readCollectionDocument,
  readResourceDocument,
  type TRawDocument,
} from '@stageplein/contracts/client/jsonapi-document';
import { nlImports } from '@stageplein/contracts/i18n/nl-imports';
import { usePortalTexts } from '../../i18n/portal-texts.ts';
import { mayImportStudents } from '@stageplein/contracts/organizations/organizations-policy';
import { useApi } from '../../api/api-context.ts';
import { currentOrganizationFacts } from '../dev/gallery-gate.tsx';
import { CheckboxField, FormAlert, SubmitButton } from '@stageplein/design-system/forms/fields.tsx';
import type { TFieldBinding } from '@stageplein/design-system/forms/use-form.ts';
import { useSession } from '../../session/session-context.ts';
import { StatusErrorScreen } from '../../shell/error-screen.tsx';
import { Icon } from '@stageplein/design-system/components/icons.tsx';
import { useOrganizationLabels } from '../../shell/organization-select.tsx';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { errorMessage, Page, useRouteTitle } from '../page-kit.tsx';
import {
  canCancel,
  fileProblem,
  isActive,
  MAX_FILE_MB,
  pollInterval,
  PROBLEM_ROWS_SHOWN,
  PROBLEM_STATUSES,
  progressPercent,
  reportFileName,
  uploadForm,
  type TImportRow,
  type TStudentImport,
} from './import-model.ts';

const IMPORTS = '/api/v1/imports';
/** The import on screen is in the address, so a reload (or a link) shows it again. */
const IMPORT_PARAM = 'import';
const COUNT_KEYS = ['valid', 'invalid', 'created', 'updated', 'unchanged', 'failed'] as const;

/**
 * `/importeren/csv`: a school admin uploads a CSV of students for the selected School (spec §2),
 * then follows the import (a Temporal workflow): status, counts and progress, polled until it has
 * finished; the rows the import refused with their localized messages; the full report as a
 * download; cancel while it runs. Anyone else gets the 403 screen (the API refuses them too).
 */
export function ImportCsvPage() {
  usePortalTexts('imports', nlImports);
  const { t } = useTranslation();
  const title = useRouteTitle();
  const session = useSession();
  const { user, permissions, currentOrganization, organizationsState } = session;
  const [params, setParams] = useSearchParams();
  const importId = params.get(IMPORT_PARAM) ?? undefined;
  // Who may import depends on the selected organization: no verdict before it is known.
  const organizationPending =
    !currentOrganization && organizationsState !== 'success' && organizationsState !== 'error';
  if (!user || organizationPending) {
    return (
      <Page title={title}>
        <p role="status">{t('shell.loading')}</p>
      </Page>
    );
  }
  // The organizations service's own rule (contracts): an admin of the current, approved School.
  if (!currentOrganization || !mayImportStudents(permissions, currentOrganizationFacts(session))) {
    return <StatusErrorScreen status={403} />;
  }
  return (
    <Page title={title} lead={t('portal.imports.intro')} testId="import-csv-page">
      <div className="import-layout">
        <UploadForm schoolId={currentOrganization.id} onStarted={(id) => setParams({ [IMPORT_PARAM]: id })} />
        {importId && <ImportStatus id={importId} />}
      </div>
    </Page>
  );
}

function UploadForm({ schoolId, onStarted }: { schoolId: string; onStarted: (id: string) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const labels = useOrganizationLabels();
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  const [createMissing, setCreateMissing] = useState(false);
  const upload = useMutation({
    mutationFn: async (chosen: File) =>
      readResourceDocument<TStudentImport>(
        await api.client.post<TRawDocument>(IMPORTS, undefined, {
          formData: uploadForm(chosen, schoolId, createMissing),
        }),
      ).data!,
    onSuccess: (imp) => onStarted(imp.id),
  });

  const check = (chosen: File | undefined): boolean => {
    const problem = fileProblem(chosen);
    setFileError(
      problem === 'required'
        ? t('validation.required')
        : problem === 'size'
          ? t('portal.imports.tooLarge', { max: MAX_FILE_MB })
          : undefined,
    );
    return !problem;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (upload.isPending) return;
    if (!check(file)) {
      input.current?.focus();
      return;
    }
    upload.mutate(file!);
  };

  const createMissingField: TFieldBinding = {
    name: 'createMissingGroups',
    value: createMissing,
    error: undefined,
    onChange: (value) => setCreateMissing(value === true),
    onBlur: () => undefined,
  };
  // The server's word on the file itself (type, size, contents) shows under the file field.
  const serverFileError =
    upload.error && 'fieldError' in upload.error
      ? (upload.error as { fieldError(f: string): { detail?: string } | undefined }).fieldError('file')
          ?.detail
      : undefined;
  const shownFileError = fileError ?? serverFileError;

  return (
    <form className="card import-form" onSubmit={submit} noValidate data-testid="import-form">
      <h2>{t('portal.imports.uploadTitle')}</h2>
      <p>
        {t('portal.imports.school')}: <strong data-testid="import-school">{labels.get(schoolId)}</strong>
      </p>
      <div className={`field${shownFileError ? ' field--invalid' : ''}`}>
        <label htmlFor={fileId} className="field__label">
          {t('portal.imports.file')}
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <p id={`${fileId}-hint`} className="field__hint">
          {t('portal.imports.fileHint', { max: MAX_FILE_MB })}
        </p>
        <input
          ref={input}
          id={fileId}
          name="file"
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          className="field__input field__input--file"
          aria-required
          aria-invalid={shownFileError ? true : undefined}
          aria-describedby={`${fileId}-hint${shownFileError ? ` ${fileId}-error` : ''}`}
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            setFile(chosen);
            upload.reset();
            if (fileError) check(chosen);
          }}
        />
        {shownFileError && (
          <p id={`${fileId}-error`} className="field__error" data-testid="field-error">
            <Icon name="error" size={16} />
            {shownFileError}
          </p>
        )}
      </div>
      <CheckboxField
        label={t('portal.imports.createMissing')}
        hint={t('portal.imports.createMissingHint')}
        field={createMissingField}
      />
      {/* Say what will happen before it does: the import invites every new student at once. */}
      <FormAlert tone="info" title={t('portal.imports.mailNoticeTitle')} testId="import-mail-notice">
        {t('portal.imports.mailNotice')}
      </FormAlert>
      {upload.error && !serverFileError && (
        <FormAlert tone="error" title={t('portal.imports.uploadFailed')} testId="import-upload-error">
          {errorMessage(upload.error, t)}
        </FormAlert>
      )}
      <SubmitButton pending={upload.isPending} testId="import-submit">
        {t('portal.imports.submit')}
      </SubmitButton>
    </form>
  );
}

function ImportStatus({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const key = ['imports', id];
  const query = useQuery({
    queryKey: key,
    queryFn: async () =>
      readResourceDocument<TStudentImport>(await api.client.get<TRawDocument>(`${IMPORTS}/${id}`)).data!,
    refetchInterval: (q) => pollInterval(q.state.data?.status),
    staleTime: 0,
  });
  const imp = query.data;
  const finished = imp !== undefined && !isActive(imp.status);
  // Problem rows are read once the import has finished (and again in another language).
  const rows = useQuery({
    queryKey: [...key, 'rows', i18n.language],
    enabled: finished,
    queryFn: async () => {
      const pages = await Promise.all(
        PROBLEM_STATUSES.map(async (status) =>
          readCollectionDocument<TImportRow>(
            await api.client.get<TRawDocument>(`${IMPORTS}/${id}/rows`, {
              query: { 'filter[status_eq]': status, 'page[size]': PROBLEM_ROWS_SHOWN },
            }),
          ),
        ),
      );
      const all = pages.flatMap((p) => p.data).sort((a, b) => a.row - b.row);
      const total = pages.reduce((n, p) => n + Number(p.meta?.total ?? p.data.length), 0);
      return { rows: all.slice(0, PROBLEM_ROWS_SHOWN), total };
    },
  });
  const cancel = useMutation({
    mutationFn: async () =>
      readResourceDocument<TStudentImport>(await api.client.post<TRawDocument>(`${IMPORTS}/${id}/cancel`))
        .data!,
    onSuccess: (next) => queryClient.setQueryData(key, next),
  });
  const download = useMutation({
    mutationFn: async (fileName: string) => {
      const res = await api.client.request<string>(`${IMPORTS}/${id}/report`, { raw: true });
      const url = URL.createObjectURL(new Blob([res.data], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = reportFileName(fileName);
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });

  if (query.isError) {
    return (
      <section className="card import-status" aria-labelledby="import-status-title">
        <h2 id="import-status-title">{t('portal.imports.statusTitle')}</h2>
        <FormAlert tone="error" testId="import-load-error">
          {errorMessage(query.error, t)}
        </FormAlert>
      </section>
    );
  }
  if (!imp) {
    return (
      <section className="card import-status" aria-busy="true">
        <p role="status">{t('shell.loading')}</p>
      </section>
    );
  }
  const percent = progressPercent(imp);
  return (
    <section
      className="card import-status"
      aria-labelledby="import-status-title"
      data-testid="import-status"
      data-status={imp.status}
    >
      <div className="import-status__head">
        <h2 id="import-status-title">{t('portal.imports.statusTitle')}</h2>
        <span className={`badge import-badge import-badge--${imp.status}`} data-testid="import-state">
          {t(`portal.imports.statuses.${imp.status}`)}
        </span>
      </div>
      <p className="import-status__file">
        <Icon name="file" size={18} /> <span data-testid="import-file">{imp.fileName}</span>
      </p>
      {/* Announced politely as it changes; the bar itself is for the eye. */}
      <p role="status" className="import-status__progress-text" data-testid="import-progress-text">
        {isActive(imp.status)
          ? t('portal.imports.progress', { processed: imp.processedRows, total: imp.totalRows, percent })
          : t(`portal.imports.done.${imp.status}`, { total: imp.totalRows })}
      </p>
      <div
        className="import-progress"
        role="progressbar"
        aria-label={t('portal.imports.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-testid="import-progress"
      >
        <div className="import-progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <dl className="import-counts" data-testid="import-counts">
        <div>
          <dt>{t('portal.imports.counts.total')}</dt>
          <dd data-count="total">{imp.totalRows}</dd>
        </div>
        {COUNT_KEYS.map((k) => (
          <div key={k}>
            <dt>{t(`portal.imports.counts.${k}`)}</dt>
            <dd data-count={k}>{imp.counts[k]}</dd>
          </div>
        ))}
      </dl>
      {imp.status === 'failed' && imp.failure && (
        <FormAlert tone="error" testId="import-failure">
          {t('portal.imports.failed')}
        </FormAlert>
      )}
      {cancel.error && (
        <FormAlert tone="error" testId="import-cancel-error">
          {errorMessage(cancel.error, t)}
        </FormAlert>
      )}
      <div className="import-actions">
        {canCancel(imp.status) && (
          <button
            type="button"
            className="btn btn--neutral btn--block-phone"
            data-testid="import-cancel"
            aria-disabled={cancel.isPending || undefined}
            onClick={() => !cancel.isPending && cancel.mutate()}
          >
            {t('portal.imports.cancel')}
          </button>
        )}
        {finished && (
          <button
            type="button"
            className="btn btn--primary btn--block-phone"
            data-testid="import-report"
            aria-disabled={download.isPending || undefined}
            onClick={() => !download.isPending && download.mutate(imp.fileName)}
          >
            <Icon name="download" size={18} />
            {t('portal.imports.downloadReport')}
          </button>
        )}
      </div>
      {finished && <ProblemRows rows={rows.data?.rows} total={rows.data?.total} error={rows.error} />}
    </section>
  );
}

function ProblemRows({
  rows,
  total,
  error,
}: {
  rows: TImportRow[] | undefined;
  total: number | undefined;
  error: unknown;
}) {
  const { t } = useTranslation();
  const title = t('portal.imports.problemsTitle');
  if (error) {
    return (
      <FormAlert tone="error" testId="import-rows-error">
        {errorMessage(error, t)}
      </FormAlert>
    );
  }
  if (!rows) return <p role="status">{t('shell.loading')}</p>;
  if (rows.length === 0) {
    return (
      <p className="import-problems__none" data-testid="import-no-problems">
        {t('portal.imports.noProblems')}
      </p>
    );
  }
  return (
    <div className="import-problems">
      <h3 id="import-problems-title">{title}</h3>
      {total !== undefined && total > rows.length && (
        <p className="muted">{t('portal.imports.moreProblems', { shown: rows.length, total })}</p>
      )}
      <div className="table-wrap" role="region" aria-labelledby="import-problems-title" tabIndex={0}>
        <table className="table" data-testid="import-problems">
          <thead>
            <tr>
              <th scope="col">{t('portal.imports.row')}</th>
              <th scope="col">{t('portal.imports.student')}</th>
              <th scope="col">{t('portal.imports.messages')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-row={r.row}>
                <td>{r.row}</td>
                <td>
                  {[r.firstName, r.lastName].filter(Boolean).join(' ') || '—'}
                  {r.email && <span className="import-problems__email">{r.email}</span>}
                </td>
                <td>
                  <ul className="import-problems__messages">
                    {r.messages.map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
