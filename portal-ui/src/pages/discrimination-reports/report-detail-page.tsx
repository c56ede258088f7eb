import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DISCRIMINATION_NOTE_MAX,
  DISCRIMINATION_REPORT_OUTCOMES,
  mayHandleDiscriminationReports,
  type TDiscriminationReportOutcome,
  type TDiscriminationReportResource,
} from '@stageplein/contracts/placements/discrimination-reports';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import {
  FormAlert,
  SelectField,
  SubmitButton,
  TextAreaField,
} from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { useSession } from '../../session/session-context.ts';
import { currentOrganizationFacts } from '../../session/organization-facts.ts';
import { useActingOrganization } from '../hours/hours-texts.ts';
import { errorMessage } from '../page-kit.tsx';
import { closeReport, fetchReport, recordContact, setPause } from './discrimination-api.ts';
import { bind, useDiscriminationTexts } from './discrimination-texts.ts';
import './discrimination-reports.css';

/**
 * One report in `/analytics` (`?melding=<id>`) for the school's admins: the reporter, what they reported,
 * what the school did, and its actions: record contact, pause or lift the pause, close with an outcome.
 */
export function DiscriminationReportDetail({ id }: { id: string }) {
  const { t } = useDiscriminationTexts();
  const { t: tc } = useTranslation();
  const api = useApi();
  const session = useSession();
  const acting = useActingOrganization();
  const allowed = mayHandleDiscriminationReports(session.permissions, currentOrganizationFacts(session));
  const report = useQuery({
    queryKey: ['discrimination-report-detail', acting.organizationId, id],
    queryFn: () => fetchReport(api.client, id),
    enabled: acting.ready && allowed,
    retry: false,
  });
  const a = report.data?.data.attributes;
  return (
    <section aria-labelledby="discrimination-report-title" data-testid="discrimination-report-detail">
      <h3 id="discrimination-report-title">
        {a ? t('reportTitle', { name: a.organization_name }) : t('loading')}
      </h3>
      {acting.ready && !allowed ? (
        <p>{t('notForYou')}</p>
      ) : report.isError ? (
        <FormAlert tone="error">{errorMessage(report.error, tc)}</FormAlert>
      ) : report.data ? (
        <ReportDetail report={report.data.data} />
      ) : null}
    </section>
  );
}

function ReportDetail({ report }: { report: TDiscriminationReportResource }) {
  const { t, date } = useDiscriminationTexts();
  const a = report.attributes;
  return (
    <div className="internship-layout">
      <div>
        <section className="card" aria-labelledby="report-facts">
          <h4 id="report-facts">{t('yourGrounds')}</h4>
          <dl className="details" data-testid="discrimination-facts">
            <dt>{t('reporter')}</dt>
            <dd data-testid="discrimination-reporter">
              {a.reporter?.name} ({a.reporter?.email})
            </dd>
            <dt>{t('organization')}</dt>
            <dd>{a.organization_name}</dd>
            <dt>{t('application')}</dt>
            <dd>
              <Link to={`/internships/${a.internship_id}`}>{a.internship_title}</Link>
            </dd>
            <dt>{t('reportedOn')}</dt>
            <dd>{date(a.created_at)}</dd>
            <dt>{t('status')}</dt>
            <dd data-testid="discrimination-status">
              {t(`statuses.${a.status}`)}
              {a.outcome && `: ${t(`outcomes.${a.outcome}`)}`}
            </dd>
          </dl>
          <ul>
            {a.grounds.map((g) => (
              <li key={g}>{t(`grounds.${g}`)}</li>
            ))}
          </ul>
          {a.description && <p className="discrimination-text">{a.description}</p>}
        </section>
        <section className="card" aria-labelledby="report-history">
          <h4 id="report-history">{t('history')}</h4>
          {a.actions.length === 0 ? (
            <p>{t('noHistory')}</p>
          ) : (
            <ol data-testid="discrimination-history">
              {a.actions.map((x, n) => (
                <li key={n}>
                  <strong>{t(`actions.${x.action}`)}</strong>, {date(x.at)}
                  {x.actor_name && ` (${x.actor_name})`}
                  {x.outcome && `: ${t(`outcomes.${x.outcome}`)}`}
                  {x.note && <p className="discrimination-text">{x.note}</p>}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
      {a.status === 'open' && (
        <div>
          <PauseCard report={report} />
          <ContactForm id={report.id} />
          <CloseForm id={report.id} />
        </div>
      )}
    </div>
  );
}

function useReportUpdate(id: string) {
  const queryClient = useQueryClient();
  return (doc?: { data: TDiscriminationReportResource }) => {
    if (doc)
      queryClient.setQueriesData({ queryKey: ['discrimination-report-detail'] }, (old: unknown) =>
        (old as { data?: { id: string } } | undefined)?.data?.id === id ? doc : old,
      );
    void queryClient.invalidateQueries({ queryKey: ['discrimination-report-detail'] });
    void queryClient.invalidateQueries({ queryKey: ['discrimination-organizations'] });
    void queryClient.invalidateQueries({ queryKey: ['discrimination-reports'] });
  };
}

function PauseCard({ report }: { report: TDiscriminationReportResource }) {
  const { t } = useDiscriminationTexts();
  const { t: tc } = useTranslation();
  const api = useApi();
  const updated = useReportUpdate(report.id);
  const a = report.attributes;
  const paused = a.organization_paused === true;
  const pause = useMutation({
    mutationFn: () => setPause(api.client, a.organization_id, !paused),
    onSuccess: (row) => {
      toast.success(
        t(row.attributes.paused ? 'pausedToast' : 'unpausedToast', { name: row.attributes.name }),
      );
      updated();
    },
  });
  return (
    <section className="card" aria-labelledby="report-pause">
      <h4 id="report-pause">{t('vacancies')}</h4>
      {pause.isError && <FormAlert tone="error">{errorMessage(pause.error, tc)}</FormAlert>}
      <p data-testid="discrimination-pause-state">{paused ? t('paused') : t('shown')}</p>
      <button
        type="button"
        className={`btn btn--${paused ? 'neutral' : 'primary'} btn--block-phone`}
        aria-disabled={pause.isPending || undefined}
        data-testid="discrimination-pause"
        onClick={() => !pause.isPending && pause.mutate()}
      >
        {paused ? t('unpause') : t('pause')}
      </button>
    </section>
  );
}

function ContactForm({ id }: { id: string }) {
  const { t } = useDiscriminationTexts();
  const { t: tc } = useTranslation();
  const api = useApi();
  const updated = useReportUpdate(id);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const save = useMutation({
    mutationFn: () => recordContact(api.client, id, note.trim()),
    onSuccess: (doc) => {
      setNote('');
      toast.success(t('contactSaved'));
      updated(doc);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    if (!note.trim()) return setMissing(true);
    save.mutate();
  };
  return (
    <form
      className="card"
      onSubmit={submit}
      noValidate
      aria-labelledby="report-contact"
      data-testid="discrimination-contact"
    >
      <h4 id="report-contact">{t('contactLegend')}</h4>
      {save.isError && <FormAlert tone="error">{errorMessage(save.error, tc)}</FormAlert>}
      <TextAreaField
        label={t('contactNote')}
        required
        maxLength={DISCRIMINATION_NOTE_MAX}
        field={bind(
          'note',
          note,
          (v) => (setMissing(false), setNote(v)),
          missing ? t('noteRequired') : undefined,
        )}
      />
      <SubmitButton pending={save.isPending} variant="neutral" testId="discrimination-contact-submit">
        {t('contactSubmit')}
      </SubmitButton>
    </form>
  );
}

function CloseForm({ id }: { id: string }) {
  const { t } = useDiscriminationTexts();
  const { t: tc } = useTranslation();
  const api = useApi();
  const updated = useReportUpdate(id);
  const [outcome, setOutcome] = useState<TDiscriminationReportOutcome>('settled');
  const [note, setNote] = useState('');
  const close = useMutation({
    mutationFn: () => closeReport(api.client, id, { outcome, ...(note.trim() ? { note: note.trim() } : {}) }),
    onSuccess: (doc) => {
      toast.success(t('closedToast'));
      updated(doc);
    },
  });
  return (
    <form
      className="card"
      onSubmit={(e) => {
        e.preventDefault();
        if (!close.isPending) close.mutate();
      }}
      noValidate
      aria-labelledby="report-close"
      data-testid="discrimination-close"
    >
      <h4 id="report-close">{t('closeLegend')}</h4>
      {close.isError && <FormAlert tone="error">{errorMessage(close.error, tc)}</FormAlert>}
      <SelectField
        label={t('outcome')}
        field={bind('outcome', outcome, (v) => setOutcome(v as TDiscriminationReportOutcome))}
        options={DISCRIMINATION_REPORT_OUTCOMES.map((o) => ({ value: o, label: t(`outcomes.${o}`) }))}
      />
      <TextAreaField
        label={t('closeNote')}
        maxLength={DISCRIMINATION_NOTE_MAX}
        field={bind('close-note', note, setNote)}
      />
      <SubmitButton pending={close.isPending} variant="neutral" testId="discrimination-close-submit">
        {t('closeSubmit')}
      </SubmitButton>
    </form>
  );
}
