import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  readCollectionDocument,
  readResourceDocument,
  type TRawDocument,
} from '@stageplein/contracts/client/jsonapi-document';
import { nlWriteBack } from '@stageplein/contracts/i18n/nl-write-back';
import type { TPeriodRef } from '@stageplein/contracts/organizations/internship-periods';
import { formatHours } from '@stageplein/contracts/placements/hours-policy';
import {
  mayWriteBackResults,
  type TWriteBackItemState,
  type TWriteBackRefusal,
  type TWriteBackStatus,
  type TWriteBackTarget,
} from '@stageplein/contracts/placements/write-back-policy';
import { FormAlert, RadioGroup, SelectField, SubmitButton } from '@stageplein/design-system/forms/fields.tsx';
import type { TFieldBinding } from '@stageplein/design-system/forms/use-form.ts';
import { useApi } from '../../api/api-context.ts';
import { usePortalTexts } from '../../i18n/portal-texts.ts';
import { useSession } from '../../session/session-context.ts';
import { StatusErrorScreen } from '../../shell/error-screen.tsx';
import { currentOrganizationFacts } from '../dev/gallery-gate.tsx';
import { ProgressBar } from '../imports/progress-bar.tsx';
import { errorMessage, Page, useRouteTitle } from '../page-kit.tsx';
import { saveBlob } from '../../api/save-file.ts';

const WRITE_BACKS = '/api/v1/write_backs';
const RUN_PARAM = 'run';
const PREVIEW_KEY = ['write-back-preview'];

/** A completed internship as the preview gives it (keys camelCased by the client). */
interface TRow {
  id: string;
  studentName: string;
  organizationName: string | null;
  hoursDone: number;
  hoursRequired: number | null;
  grade: number | null;
  sentAt: string | null;
}

interface TRun {
  id: string;
  target: TWriteBackTarget;
  status: TWriteBackStatus;
  error: string | null;
  total: number;
  done: number;
  sent: number;
  alreadySent: number;
  refused: number;
  exported: number;
  items: {
    internshipId: string;
    studentName: string;
    organizationName: string | null;
    state: TWriteBackItemState;
    reason: TWriteBackRefusal | null;
  }[];
}

const KNOWN_FAILURES = ['roster_not_configured', 'unauthorized', 'forbidden', 'host_not_allowed'];

/**
 * `/terugschrijven` (issue #36 item 4, docs/decisions/write-back.md): a school admin chooses a period,
 * previews its completed internships (hours done against required, the grade, what was sent before),
 * sends them to the School's Magister or makes its import file, and follows the run to its report
 * (`?run=` in the address). Contracts' mayWriteBackResults decides, as the API does: anyone else gets 403.
 */
export function WriteBackPage() {
  usePortalTexts('writeBack', nlWriteBack);
  const { t } = useTranslation();
  const title = useRouteTitle();
  const session = useSession();
  const { user, permissions, currentOrganization, organizationsState } = session;
  const [params, setParams] = useSearchParams();
  const runId = params.get(RUN_PARAM) ?? undefined;
  if (!user || (!currentOrganization && organizationsState !== 'success' && organizationsState !== 'error'))
    return (
      <Page title={title}>
        <p role="status">{t('shell.loading')}</p>
      </Page>
    );
  if (!currentOrganization || !mayWriteBackResults(permissions, currentOrganizationFacts(session)))
    return <StatusErrorScreen status={403} />;
  return (
    <Page title={title} lead={t('portal.writeBack.intro')} testId="write-back-page">
      <div className="import-layout import-layout--stacked">
        <WriteBackForm schoolId={currentOrganization.id} onStarted={(id) => setParams({ [RUN_PARAM]: id })} />
        {runId && <WriteBackRun id={runId} />}
      </div>
    </Page>
  );
}

function WriteBackForm({ schoolId, onStarted }: { schoolId: string; onStarted: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const lang = i18n.language.startsWith('en') ? 'en' : 'nl';
  const [periodId, setPeriodId] = useState('');
  const [missing, setMissing] = useState(false);
  const [target, setTarget] = useState<TWriteBackTarget>('magister');
  const periods = useQuery({
    queryKey: ['write-back-periods', schoolId],
    queryFn: async ({ signal }) =>
      readCollectionDocument<Omit<TPeriodRef, 'id'>>(
        await api.client.get<TRawDocument>('/api/v1/internship_periods', { signal }),
      ).data.sort((a, b) => a.startDate.localeCompare(b.startDate)),
  });
  // `data: null` while the school has no Magister connection: then the file is the only way.
  const connected = useQuery({
    queryKey: ['magister-connection', schoolId, 'exists'],
    queryFn: async () =>
      readResourceDocument(await api.client.get<TRawDocument>('/api/v1/imports/magister/connection')).data !==
      null,
  });
  // The period whose preview is shown (set by "Bekijken"); a finished run refreshes it (sent_at).
  const [shown, setShown] = useState('');
  const preview = useQuery({
    queryKey: [...PREVIEW_KEY, shown],
    enabled: shown !== '',
    queryFn: async ({ signal }) =>
      readCollectionDocument<Omit<TRow, 'id'>>(
        await api.client.get<TRawDocument>(`${WRITE_BACKS}/preview?period_id=${encodeURIComponent(shown)}`, {
          signal,
        }),
      ).data,
  });
  const start = useMutation({
    mutationFn: async () =>
      readResourceDocument<TRun>(
        await api.client.post<TRawDocument>(WRITE_BACKS, {
          data: { type: 'write_back', attributes: { period_id: shown, target: chosenTarget } },
        }),
      ).data!,
    onSuccess: (run) => onStarted(run.id),
  });
  const chosenTarget: TWriteBackTarget = connected.data ? target : 'file';
  const periodField: TFieldBinding = {
    name: 'period_id',
    value: periodId,
    error: missing ? t('portal.writeBack.periodRequired') : undefined,
    onChange: (v) => {
      setPeriodId(String(v));
      setMissing(false);
      setShown('');
      start.reset();
    },
    onBlur: () => undefined,
  };
  const targetField: TFieldBinding = {
    name: 'target',
    value: chosenTarget,
    error: undefined,
    onChange: (v) => setTarget(v as TWriteBackTarget),
    onBlur: () => undefined,
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMissing(!periodId);
    if (periodId) {
      setShown(periodId);
      if (periodId === shown) void preview.refetch();
    }
  };
  const rows = shown ? preview.data : undefined;
  return (
    <div className="import-form">
      <form className="card import-form" onSubmit={submit} noValidate data-testid="write-back-form">
        {periods.error ? (
          <FormAlert tone="error">{errorMessage(periods.error, t)}</FormAlert>
        ) : (
          <SelectField
            label={t('portal.writeBack.period')}
            required
            field={periodField}
            options={[
              { value: '', label: t('portal.writeBack.choosePeriod') },
              ...(periods.data ?? []).map((p) => ({ value: p.id, label: p.name ?? p.id })),
            ]}
          />
        )}
        {connected.data === false && (
          // Said before anything is chosen: without a connection the file is the only way.
          <FormAlert tone="info" testId="write-back-no-magister">
            {t('portal.writeBack.noMagister')}
          </FormAlert>
        )}
        {connected.error && <FormAlert tone="error">{errorMessage(connected.error, t)}</FormAlert>}
        {shown && preview.error && <FormAlert tone="error">{errorMessage(preview.error, t)}</FormAlert>}
        <SubmitButton pending={shown !== '' && preview.isFetching} testId="write-back-preview">
          {t('portal.writeBack.preview')}
        </SubmitButton>
      </form>
      {rows && (
        // Not a landmark of its own: the table's scrolling region is the one named by the heading.
        <section className="card import-form" data-testid="write-back-preview-result">
          <h2 id="write-back-preview-title">{t('portal.writeBack.previewTitle')}</h2>
          {rows.length === 0 ? (
            <p>{t('portal.writeBack.none')}</p>
          ) : (
            <>
              <p>
                {t('portal.writeBack.summary', {
                  count: rows.length,
                  sent: rows.filter((r) => r.sentAt).length,
                })}
              </p>
              <div
                className="table-wrap"
                role="region"
                aria-labelledby="write-back-preview-title"
                tabIndex={0}
              >
                <table className="table" data-testid="write-back-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('portal.writeBack.student')}</th>
                      <th scope="col">{t('portal.writeBack.company')}</th>
                      <th scope="col">{t('portal.writeBack.hours')}</th>
                      <th scope="col">{t('portal.writeBack.grade')}</th>
                      <th scope="col">{t('portal.writeBack.sentAt')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((r) => (
                      <tr key={r.id} data-internship={r.id}>
                        <td>{r.studentName}</td>
                        <td>{r.organizationName ?? '—'}</td>
                        <td>
                          {formatHours(r.hoursDone, lang)} /{' '}
                          {r.hoursRequired === null ? '—' : formatHours(r.hoursRequired, lang)}
                        </td>
                        <td>
                          {r.grade === null ? '—' : r.grade.toLocaleString(lang === 'en' ? 'en-GB' : 'nl-NL')}
                        </td>
                        <td>
                          {r.sentAt
                            ? new Date(r.sentAt).toLocaleDateString(lang === 'en' ? 'en-GB' : 'nl-NL')
                            : t('portal.writeBack.notSent')}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  if (!start.isPending) start.mutate();
                }}
                data-testid="write-back-send-form"
              >
                {connected.data && (
                  <RadioGroup
                    legend={t('portal.writeBack.target')}
                    field={targetField}
                    options={[
                      { value: 'magister', label: t('portal.writeBack.toMagister') },
                      { value: 'file', label: t('portal.writeBack.toFile') },
                    ]}
                  />
                )}
                {start.error && <FormAlert tone="error">{errorMessage(start.error, t)}</FormAlert>}
                <SubmitButton pending={start.isPending} testId="write-back-send">
                  {t(chosenTarget === 'magister' ? 'portal.writeBack.send' : 'portal.writeBack.makeFile')}
                </SubmitButton>
              </form>
            </>
          )}
        </section>
      )}
    </div>
  );
}

const active = (s: TWriteBackStatus | undefined) => s === undefined || s === 'queued' || s === 'running';

/** A run as it goes and its report: polled every second while it runs. */
function WriteBackRun({ id }: { id: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const run = useQuery({
    queryKey: ['write-back', id],
    queryFn: async ({ signal }) => {
      const next = readResourceDocument<TRun>(
        await api.client.get<TRawDocument>(`${WRITE_BACKS}/${encodeURIComponent(id)}`, { signal }),
      ).data!;
      // The preview's "sent" column changes with the run's end.
      if (!active(next.status)) void queryClient.invalidateQueries({ queryKey: PREVIEW_KEY });
      return next;
    },
    refetchInterval: (q) => (active(q.state.data?.status) ? 1000 : false),
  });
  const download = useMutation({
    // As a Blob: the file's byte order mark (Excel's cue for UTF-8) survives, which text decoding drops.
    mutationFn: async () =>
      saveBlob(
        (await api.client.request<Blob>(`${WRITE_BACKS}/${encodeURIComponent(id)}/file`, { blob: true }))
          .data,
        `terugschrijven-${id}.csv`,
      ),
  });
  if (run.error) return <FormAlert tone="error">{errorMessage(run.error, t)}</FormAlert>;
  const r = run.data;
  if (!r)
    return (
      <section className="card import-status" aria-busy="true">
        <p role="status">{t('shell.loading')}</p>
      </section>
    );
  const percent = r.total ? Math.round((100 * r.done) / r.total) : 100;
  const reason = t(`portal.writeBack.failures.${KNOWN_FAILURES.includes(r.error ?? '') ? r.error : 'other'}`);
  return (
    <section className="card import-status" data-testid="write-back-run" data-run={id} data-status={r.status}>
      <h2 id="write-back-run-title">{t('portal.writeBack.runTitle')}</h2>
      <p role="status" data-testid="write-back-status">
        {t(`portal.writeBack.statuses.${r.status}`, { reason })}{' '}
        {t('portal.writeBack.progress', { done: r.done, total: r.total })}
      </p>
      <ProgressBar label={t('portal.writeBack.progressLabel')} percent={percent} />
      <dl className="import-counts" data-testid="write-back-counts">
        {(['sent', 'already_sent', 'refused', 'exported'] as const).map((k) => (
          <div key={k}>
            <dt>{t(`portal.writeBack.counts.${k}`)}</dt>
            <dd data-count={k}>{k === 'already_sent' ? r.alreadySent : r[k]}</dd>
          </div>
        ))}
      </dl>
      {!active(r.status) && r.items.length > 0 && (
        <div className="table-wrap" role="region" aria-labelledby="write-back-run-title" tabIndex={0}>
          <table className="table" data-testid="write-back-report">
            <thead>
              <tr>
                <th scope="col">{t('portal.writeBack.student')}</th>
                <th scope="col">{t('portal.writeBack.company')}</th>
                <th scope="col">{t('portal.writeBack.state')}</th>
              </tr>
            </thead>
            <tbody>
              {r.items.map((i) => (
                <tr key={i.internshipId} data-internship={i.internshipId} data-state={i.state}>
                  <td>{i.studentName}</td>
                  <td>{i.organizationName ?? '—'}</td>
                  <td>
                    {t(`portal.writeBack.states.${i.state}`)}
                    {i.reason && ` (${t(`portal.writeBack.reasons.${i.reason}`)})`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {r.status === 'done' && r.target === 'file' && (
        <div className="import-actions">
          <button
            type="button"
            className="btn btn--primary btn--block-phone"
            data-testid="write-back-download"
            aria-disabled={download.isPending || undefined}
            onClick={() => !download.isPending && download.mutate()}
          >
            {t('portal.writeBack.download')}
          </button>
          {download.error && <FormAlert tone="error">{errorMessage(download.error, t)}</FormAlert>}
        </div>
      )}
    </section>
  );
}
