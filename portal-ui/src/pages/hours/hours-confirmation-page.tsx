import { useState } from 'react';
import { useLocation } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { hoursLinkTokens } from '@stageplein/contracts/placements/hours-policy';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/api-context.ts';
import { errorMessage, useRouteTitle } from '../page-kit.tsx';
import {
  fetchConfirmation,
  requestSupervisorLink,
  sendDecisions,
  type THoursConfirmation,
} from './hours-api.ts';
import { useHoursTexts } from './hours-texts.ts';
import { SupervisorAccountRequest } from '../supervisor-accounts/supervisor-account-request.tsx';
import './hours.css';

type TDecision = 'confirm' | 'reject';

/**
 * `/urenbevestiging` (public, empty layout): the workplace supervisor confirms or rejects a student's
 * hours without an account, by the mailed link `/urenbevestiging#<token>`. The token stays in the
 * fragment (never sent in a URL) and goes to the API as the `X-Action-Link` header. Opened from a
 * paper sheet's QR code (`?stage=<internship>`), the page offers to mail the link to the supervisor.
 * The daily reminder's link carries one token per internship (`#a.b`): one section per internship.
 */
export function HoursConfirmationPage() {
  const { t } = useHoursTexts();
  const title = useRouteTitle(t('confirmTitle'));
  const location = useLocation();
  const tokens = hoursLinkTokens(location.hash);
  const internshipId = new URLSearchParams(location.search).get('stage');
  return (
    <div className="container page hours-confirm" data-testid="hours-confirmation-page">
      <h1 data-testid="page-title">{title}</h1>
      {tokens.length === 1 ? (
        <Confirmation token={tokens[0]!} />
      ) : tokens.length > 1 ? (
        tokens.map((token) => (
          <section key={token} className="hours-confirm__internship" data-testid="hours-confirm-internship">
            <Confirmation token={token} heading />
          </section>
        ))
      ) : internshipId ? (
        <RequestLink internshipId={internshipId} />
      ) : (
        <p>{t('confirmNoLink')}</p>
      )}
      {/* A supervisor without an account may ask for one (issue #30 item 6): one request per organization. */}
      {tokens[0] && <SupervisorAccountRequest token={tokens[0]} />}
    </div>
  );
}

function RequestLink({ internshipId }: { internshipId: string }) {
  const { t } = useHoursTexts();
  const { t: tc } = useTranslation();
  const api = useApi();
  const request = useMutation({ mutationFn: () => requestSupervisorLink(api.client, internshipId) });
  return (
    <>
      <p>{t('confirmNoLink')}</p>
      {request.isSuccess ? (
        <FormAlert tone="success">{t('requestedLink')}</FormAlert>
      ) : (
        <>
          {request.isError && <FormAlert tone="error">{errorMessage(request.error, tc)}</FormAlert>}
          <button
            type="button"
            className="btn btn--primary btn--block-phone"
            aria-disabled={request.isPending || undefined}
            onClick={() => !request.isPending && request.mutate()}
          >
            {t('requestLink')}
          </button>
        </>
      )}
    </>
  );
}

function Confirmation({ token, heading = false }: { token: string; heading?: boolean }) {
  const { t } = useHoursTexts();
  const { t: tc } = useTranslation();
  const api = useApi();
  const [latest, setLatest] = useState<THoursConfirmation | null>(null);
  const query = useQuery({
    queryKey: ['hours-confirmation', token],
    queryFn: ({ signal }) => fetchConfirmation(api.client, token, signal),
    retry: false,
  });
  if (query.isError) return <FormAlert tone="error">{errorMessage(query.error, tc)}</FormAlert>;
  const data = latest ?? query.data;
  if (!data) return <p role="status">{t('loading')}</p>;
  return (
    <>
      {heading && <h2>{data.studentName}</h2>}
      <ConfirmationForm token={token} data={data} decided={!!latest} onDecided={setLatest} />
    </>
  );
}

function ConfirmationForm({
  token,
  data,
  decided,
  onDecided,
}: {
  token: string;
  data: THoursConfirmation;
  decided: boolean;
  onDecided: (next: THoursConfirmation) => void;
}) {
  const { t, hours, date } = useHoursTexts();
  const { t: tc } = useTranslation();
  const api = useApi();
  const [choices, setChoices] = useState<Record<string, TDecision>>({});
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState(false);
  const send = useMutation({
    mutationFn: () =>
      sendDecisions(
        api.client,
        token,
        Object.entries(choices).map(([entryId, decision]) => ({
          entryId,
          decision,
          ...(notes[entryId]?.trim() ? { note: notes[entryId]!.trim() } : {}),
        })),
      ),
    onSuccess: (next) => {
      setChoices({});
      setNotes({});
      onDecided(next);
    },
  });
  const pending = data.entries.filter((e) => e.status === 'pending');
  const decidedEntries = data.entries.filter((e) => e.status !== 'pending');
  return (
    <>
      <p className="page__lead">
        {t('confirmIntro', { student: data.studentName, organization: data.organizationName ?? '—' })}
      </p>
      <p>{t('confirmExpires', { date: date(data.expiresAt) })}</p>
      {decided && (
        <FormAlert tone="success" testId="hours-decided">
          {t('decided')}
        </FormAlert>
      )}
      <p data-testid="hours-confirmed-total">{t('confirmedTotal', { hours: hours(data.hoursSupervisor) })}</p>
      {pending.length === 0 ? (
        <p>{t('confirmNothing')}</p>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (Object.keys(choices).length === 0) return setMissing(true);
            setMissing(false);
            if (!send.isPending) send.mutate();
          }}
        >
          {missing && <FormAlert tone="error">{t('undecided')}</FormAlert>}
          {send.isError && <FormAlert tone="error">{errorMessage(send.error, tc)}</FormAlert>}
          <ul className="hours__entries">
            {pending.map((e) => (
              <li key={e.id} className="hours__entry" data-testid="hours-confirm-entry">
                <fieldset className="hours__decision">
                  <legend>
                    <span className="hours__entry-date">{date(e.date)}</span>{' '}
                    <span className="hours__entry-hours">{t('hoursValue', { hours: hours(e.hours) })}</span>
                    <span className="visually-hidden">
                      {' '}
                      {t('decisionFor', { date: date(e.date), hours: hours(e.hours) })}
                    </span>
                  </legend>
                  <p className="hours__entry-text">{e.description}</p>
                  <div className="hours__choices">
                    {(['confirm', 'reject'] as const).map((d) => (
                      <label key={d} className={`hours__choice hours__choice--${d}`}>
                        <input
                          type="radio"
                          name={`decision-${e.id}`}
                          value={d}
                          checked={choices[e.id] === d}
                          onChange={() => setChoices((c) => ({ ...c, [e.id]: d }))}
                        />{' '}
                        {t(d)}
                      </label>
                    ))}
                  </div>
                  <label className="field__label" htmlFor={`note-${e.id}`}>
                    {t('noteFor', { date: date(e.date) })}
                  </label>
                  <input
                    id={`note-${e.id}`}
                    className="field__input"
                    maxLength={500}
                    value={notes[e.id] ?? ''}
                    onChange={(ev) => setNotes((n) => ({ ...n, [e.id]: ev.target.value }))}
                  />
                </fieldset>
              </li>
            ))}
          </ul>
          <button
            type="submit"
            className="btn btn--primary btn--block-phone"
            aria-disabled={send.isPending || undefined}
            data-testid="hours-decide"
          >
            {t('decide')}
          </button>
        </form>
      )}
      {decidedEntries.length > 0 && (
        <ul className="hours__entries hours__entries--decided">
          {decidedEntries.map((e) => (
            <li key={e.id} className="hours__entry" data-status={e.status}>
              <div className="hours__entry-head">
                <span className="hours__entry-date">{date(e.date)}</span>
                <span className="hours__entry-hours">{t('hoursValue', { hours: hours(e.hours) })}</span>
                <span className={`hours__badge hours__badge--${e.status}`}>{t(`statuses.${e.status}`)}</span>
              </div>
              <p className="hours__entry-text">{e.description}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
