import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  readCollectionDocument,
  readResourceDocument,
  type TRawDocument,
} from '@stageplein/contracts/client/jsonapi-document';
import { nlImports } from '@stageplein/contracts/i18n/nl-imports';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { Icon } from '@stageplein/design-system/components/icons.tsx';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { useApi } from '../../api/api-context.ts';
import { usePortalTexts } from '../../i18n/portal-texts.ts';
import { errorMessage } from '../page-kit.tsx';
import { ProgressBar } from './progress-bar.tsx';
import {
  canCancel,
  CHANGE_STATUSES,
  isActive,
  pollInterval,
  PROBLEM_ROWS_SHOWN,
  PROBLEM_STATUSES,
  progressPercent,
  reportFileName,
  type TImportRow,
  type TStudentImport,
} from './import-model.ts';
import { saveCsv } from '../../api/save-file.ts';

export const IMPORTS = '/api/v1/imports';
/** The import on screen is in the address, so a reload (or a link) shows it again. */
export const IMPORT_PARAM = 'import';
const COUNT_KEYS = ['valid', 'invalid', 'created', 'updated', 'unchanged', 'failed'] as const;
/** A sync's mentor counts: the import's key (camelCased by the client) and its text's. */
const MENTOR_COUNTS = [
  ['named', 'named'],
  ['created', 'created'],
  ['linksAdded', 'links_added'],
  ['linksRemoved', 'links_removed'],
] as const;

/** The import pages' Dutch texts come with them, not with the first download (portal-texts.ts). */
export const useImportTexts = () => usePortalTexts('imports', nlImports);

/** Reads up to PROBLEM_ROWS_SHOWN rows of each status, in row order, with the total. */
function useRowsOf(id: string, statuses: readonly string[], enabled: boolean) {
  const { i18n } = useTranslation();
  const api = useApi();
  return useQuery({
    queryKey: ['imports', id, 'rows', statuses.join(','), i18n.language],
    enabled,
    queryFn: async () => {
      const pages = await Promise.all(
        statuses.map(async (status) =>
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
}

/**
 * An import as it runs and once it has finished (any source): status, counts and progress, polled
 * until it has finished; cancel while it runs; the report as a download; the rows with problems; and,
 * for a source that holds the whole school (`changes`), what changed: new, changed, left the school.
 */
export function ImportStatus({ id, changes = false }: { id: string; changes?: boolean }) {
  const { t } = useTranslation();
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
  const rows = useRowsOf(id, PROBLEM_STATUSES, finished);
  const changed = useRowsOf(id, CHANGE_STATUSES, finished && changes);
  const cancel = useMutation({
    mutationFn: async () =>
      readResourceDocument<TStudentImport>(await api.client.post<TRawDocument>(`${IMPORTS}/${id}/cancel`))
        .data!,
    onSuccess: (next) => queryClient.setQueryData(key, next),
  });
  const download = useMutation({
    mutationFn: async (fileName: string) => {
      const res = await api.client.request<string>(`${IMPORTS}/${id}/report`, { raw: true });
      saveCsv(res.data, reportFileName(fileName));
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
      <ProgressBar label={t('portal.imports.progressLabel')} percent={percent} testId="import-progress" />
      <dl className="import-counts" data-testid="import-counts">
        <div>
          <dt>{t('portal.imports.counts.total')}</dt>
          <dd data-count="total">{imp.totalRows}</dd>
        </div>
        {[...COUNT_KEYS, ...(changes ? (['left'] as const) : [])].map((k) => (
          <div key={k}>
            <dt>{t(`portal.imports.counts.${k}`)}</dt>
            <dd data-count={k}>{imp.counts[k]}</dd>
          </div>
        ))}
        {changes &&
          MENTOR_COUNTS.map(([k, text]) => (
            <div key={k}>
              <dt>{t(`portal.imports.mentorCounts.${text}`)}</dt>
              <dd data-count={`mentors-${text}`}>{imp.mentors?.[k] ?? 0}</dd>
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
      {finished && changes && (
        <ImportRowsTable
          table={CHANGED_ROWS}
          rows={changed.data?.rows}
          total={changed.data?.total}
          error={changed.error}
        />
      )}
      {finished && (
        <ImportRowsTable
          table={PROBLEM_ROWS}
          rows={rows.data?.rows}
          total={rows.data?.total}
          error={rows.error}
        />
      )}
    </section>
  );
}

/** Reuses the import badges' colours (no CSS of its own in the first download): new green, left red. */
const CHANGE_BADGE: Record<string, string> = {
  created: 'import-badge--completed',
  left: 'import-badge--cancelled',
};

/** The student's name (or `fallback`) with their e-mail address below it. */
const studentCell = (fallback: (r: TImportRow) => string) => (r: TImportRow) => (
  <>
    {[r.firstName, r.lastName].filter(Boolean).join(' ') || fallback(r)}
    {r.email && <span className="import-problems__email">{r.email}</span>}
  </>
);

/** One of an import's row tables: its test ids (the table's names its title too), texts, columns. */
interface TRowsTable {
  testIds: { table: string; none: string; error: string };
  texts: { title: string; more: string; none: string };
  columns: readonly { heading: string; cell: (r: TImportRow, t: TFunction) => ReactNode }[];
  rowData?: (r: TImportRow) => Record<`data-${string}`, string>;
}

/** The rows with problems: their number, the student, the messages. */
const PROBLEM_ROWS: TRowsTable = {
  testIds: { table: 'import-problems', none: 'import-no-problems', error: 'import-rows-error' },
  texts: {
    title: 'portal.imports.problemsTitle',
    more: 'portal.imports.moreProblems',
    none: 'portal.imports.noProblems',
  },
  columns: [
    { heading: 'portal.imports.row', cell: (r) => r.row },
    { heading: 'portal.imports.student', cell: studentCell(() => '—') },
    {
      heading: 'portal.imports.messages',
      cell: (r) => (
        <ul className="import-problems__messages">
          {r.messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ),
    },
  ],
};

/** What a sync changed, highlighted per row: new, changed, left the school. */
const CHANGED_ROWS: TRowsTable = {
  testIds: { table: 'import-changes', none: 'import-no-changes', error: 'import-changes-error' },
  texts: {
    title: 'portal.imports.changesTitle',
    more: 'portal.imports.moreChanges',
    none: 'portal.imports.noChanges',
  },
  columns: [
    { heading: 'portal.imports.student', cell: studentCell((r) => r.studentNumber) },
    { heading: 'portal.imports.group', cell: (r) => r.group || '—' },
    {
      heading: 'portal.imports.change',
      cell: (r, t) => (
        <span className={`badge ${CHANGE_BADGE[r.status] ?? ''}`}>
          {t(`portal.imports.changes.${r.status}`)}
        </span>
      ),
    },
  ],
  rowData: (r) => ({ 'data-change': r.status }),
};

/** Some of an import's rows (`shown` of `total`) as a table, or why not: an error, loading, none. */
function ImportRowsTable({
  table,
  rows,
  total,
  error,
}: {
  table: TRowsTable;
  rows: TImportRow[] | undefined;
  total: number | undefined;
  error: unknown;
}) {
  const { t } = useTranslation();
  const titleId = `${table.testIds.table}-title`;
  if (error) {
    return (
      <FormAlert tone="error" testId={table.testIds.error}>
        {errorMessage(error, t)}
      </FormAlert>
    );
  }
  if (!rows) return <p role="status">{t('shell.loading')}</p>;
  if (rows.length === 0) {
    return (
      <p className="import-problems__none" data-testid={table.testIds.none}>
        {t(table.texts.none)}
      </p>
    );
  }
  return (
    <div className="import-problems">
      <h3 id={titleId}>{t(table.texts.title)}</h3>
      {total !== undefined && total > rows.length && (
        <p className="muted">{t(table.texts.more, { shown: rows.length, total })}</p>
      )}
      <div className="table-wrap" role="region" aria-labelledby={titleId} tabIndex={0}>
        <table className="table" data-testid={table.testIds.table}>
          <thead>
            <tr>
              {table.columns.map((c) => (
                <th key={c.heading} scope="col">
                  {t(c.heading)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-row={r.row} {...table.rowData?.(r)}>
                {table.columns.map((c) => (
                  <td key={c.heading}>{c.cell(r, t)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
