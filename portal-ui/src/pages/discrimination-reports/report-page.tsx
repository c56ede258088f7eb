import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DISCRIMINATION_GROUNDS,
  DISCRIMINATION_NOTE_MAX,
  type TDiscriminationGround,
  type TDiscriminationReportResource,
} from '@stageplein/contracts/placements/discrimination-reports';
import { FormAlert, SubmitButton, TextAreaField } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import type { TInternship } from '../internships/internship-api.ts';
import { errorMessage } from '../page-kit.tsx';
import { fetchReportsOf, fileReport } from './discrimination-api.ts';
import { bind, useDiscriminationTexts } from './discrimination-texts.ts';
import './discrimination-reports.css';

/**
 * On a declined application of the signed-in student (`/internships/:id`, loaded with it lazily): the report
 * of a suspected discriminatory refusal (docs/decisions/discrimination-reports.md); once sent, shown as sent.
 */
export function DiscriminationReportSection({ internship: i }: { internship: TInternship }) {
  const { t } = useDiscriminationTexts();
  const api = useApi();
  const [open, setOpen] = useState(false);
  const organization = i.organization?.name ?? i.organizationName ?? '';
  const existing = useQuery({
    queryKey: ['discrimination-report', i.id],
    queryFn: () => fetchReportsOf(api.client, { internship_id: i.id }),
    retry: false,
  });
  const report = existing.data?.data[0];
  return (
    <section
      className="card"
      aria-labelledby="internship-discrimination"
      data-testid="internship-discrimination"
    >
      <h2 id="internship-discrimination">{t('reportLink')}</h2>
      {report ? (
        <Sent report={report} />
      ) : !existing.data ? (
        <p role="status">{t('loading')}</p>
      ) : open ? (
        <>
          <p>{t('lead', { organization })}</p>
          <ReportForm internshipId={i.id} />
        </>
      ) : (
        <>
          <p>{t('reportLinkHint')}</p>
          <button
            type="button"
            className="btn btn--neutral btn--block-phone"
            data-testid="discrimination-open"
            onClick={() => setOpen(true)}
          >
            {t('reportLink')}
          </button>
        </>
      )}
    </section>
  );
}

function Sent({ report }: { report: TDiscriminationReportResource }) {
  const { t, date } = useDiscriminationTexts();
  const a = report.attributes;
  return (
    <div className="discrimination-sent" data-testid="discrimination-sent">
      <FormAlert tone="success" title={t('sentTitle')}>
        <p>{t('sentOn', { date: date(a.created_at) })}</p>
        {a.closed_at && <p>{t('closedOn', { date: date(a.closed_at) })}</p>}
      </FormAlert>
      <h3>{t('yourGrounds')}</h3>
      <ul>
        {a.grounds.map((g) => (
          <li key={g}>{t(`grounds.${g}`)}</li>
        ))}
      </ul>
      {a.description && <p className="discrimination-text">{a.description}</p>}
    </div>
  );
}

function ReportForm({ internshipId }: { internshipId: string }) {
  const { t } = useDiscriminationTexts();
  const { t: tc } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const [grounds, setGrounds] = useState<TDiscriminationGround[]>([]);
  const [description, setDescription] = useState('');
  const [missing, setMissing] = useState(false);
  const send = useMutation({
    mutationFn: () =>
      fileReport(api.client, {
        internship_id: internshipId,
        grounds,
        ...(description.trim() ? { description: description.trim() } : {}),
      }),
    onSuccess: (doc) =>
      queryClient.setQueryData(['discrimination-report', internshipId], { data: [doc.data] }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending) return;
    if (!grounds.length) return setMissing(true);
    send.mutate();
  };
  const toggle = (g: TDiscriminationGround, on: boolean) => {
    setMissing(false);
    setGrounds((all) => (on ? [...all, g] : all.filter((x) => x !== g)));
  };
  return (
    <form className="discrimination-form" onSubmit={submit} noValidate data-testid="discrimination-form">
      {send.isError && <FormAlert tone="error">{errorMessage(send.error, tc)}</FormAlert>}
      <fieldset className="field discrimination-grounds" aria-describedby="grounds-hint">
        <legend className="field__label">{t('groundsLegend')}</legend>
        <p id="grounds-hint" className="field__hint">
          {t('groundsHint')}
        </p>
        {DISCRIMINATION_GROUNDS.map((g) => (
          <label key={g} className="discrimination-ground">
            <input
              type="checkbox"
              name="grounds"
              value={g}
              checked={grounds.includes(g)}
              onChange={(e) => toggle(g, e.target.checked)}
            />
            <span>{t(`grounds.${g}`)}</span>
          </label>
        ))}
        {missing && (
          <p className="field__error" role="alert" data-testid="grounds-error">
            {t('groundsRequired')}
          </p>
        )}
      </fieldset>
      <TextAreaField
        label={t('description')}
        hint={t('descriptionHint')}
        maxLength={DISCRIMINATION_NOTE_MAX}
        field={bind('description', description, setDescription)}
      />
      <SubmitButton pending={send.isPending} testId="discrimination-submit">
        {t('submit')}
      </SubmitButton>
    </form>
  );
}
