import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QUARTER_HOURS_MESSAGE, quartersOf } from '@stageplein/contracts/placements/hours-policy';
import { parseDecimal } from '@stageplein/contracts/validation/field-rules';
import { Modal } from '@stageplein/design-system/components/modal.tsx';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { DateField } from '@stageplein/design-system/forms/date-field.tsx';
import { rules, type TRule } from '@stageplein/design-system/forms/field-rules.ts';
import {
  FormAlert,
  SubmitButton,
  TextAreaField,
  TextField,
} from '@stageplein/design-system/forms/fields.tsx';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/api-context.ts';
import { errorMessage } from '../page-kit.tsx';
import {
  correctHours,
  deleteHours,
  fetchHoursSheet,
  hoursStep,
  logHours,
  recordPaperTotal,
  uploadScan,
  type THoursEntry,
  type THoursSheet,
  type THoursStep,
} from './hours-api.ts';
import { useActingOrganization, useHoursTexts } from './hours-texts.ts';
import './hours.css';

/** A paper total: 0 or whole quarter hours. */
const paperRule = (): TRule => (v) => {
  const hours = parseDecimal(v);
  return hours === 0 || quartersOf(hours) !== null ? undefined : { key: QUARTER_HOURS_MESSAGE };
};

const sheetKey = (internshipId: string, organizationId: string | undefined) => [
  'hours-sheet',
  internshipId,
  organizationId,
];
/** 0.25 … 24 in quarter hours (the API's rule), with a comma as Dutch writes it; the message says so. */
const quarterRule = (): TRule => (v) => {
  const hours = parseDecimal(v);
  return quartersOf(hours) === null || hours > 24 ? { key: QUARTER_HOURS_MESSAGE } : undefined;
};

/**
 * The hours of one internship (issue #17): totals, the entries, and what the caller may do now (the
 * server's `actions`): a student logs and sends the supervisor's link, the school locks, corrects, signs
 * off and records a paper total. Mounted in the internship's page (`/internships/{id}`).
 */
export function HoursSection({ internshipId }: { internshipId: string }) {
  const api = useApi();
  const { t } = useHoursTexts();
  const acting = useActingOrganization();
  const sheet = useQuery({
    queryKey: sheetKey(internshipId, acting.organizationId),
    queryFn: ({ signal }) => fetchHoursSheet(api.client, internshipId, signal),
    enabled: acting.ready,
  });
  return (
    <section className="card hours" aria-labelledby="hours-title" data-testid="hours-section">
      <h2 id="hours-title">{t('title')}</h2>
      {sheet.isError ? (
        <FormAlert tone="error">{t('loadError')}</FormAlert>
      ) : !sheet.data ? (
        <p role="status">{t('loading')}</p>
      ) : (
        <HoursSheetView sheet={sheet.data} />
      )}
    </section>
  );
}

function useSheetUpdate(internshipId: string) {
  const client = useQueryClient();
  const { organizationId } = useActingOrganization();
  return (next: THoursSheet) => client.setQueryData(sheetKey(internshipId, organizationId), next);
}

function HoursSheetView({ sheet }: { sheet: THoursSheet }) {
  const { t, hours, date } = useHoursTexts();
  const can = (a: THoursSheet['actions'][number]) => sheet.actions.includes(a);
  return (
    <>
      <HoursFigures sheet={sheet} />
      {sheet.signedOffAt ? (
        <FormAlert tone="success" testId="hours-signed-off">
          {t('signedOff', { date: date(sheet.signedOffAt) })}
        </FormAlert>
      ) : !sheet.updatingHoursAllowed ? (
        <FormAlert tone="info" testId="hours-locked">
          {t('locked')}
        </FormAlert>
      ) : null}
      {sheet.paperHours !== null && (
        <FormAlert tone="info" testId="hours-paper">
          {t('paperRecorded', { hours: hours(sheet.paperHours) })}{' '}
          {sheet.paperScanUrl && <a href={sheet.paperScanUrl}>{t('paperScan')}</a>}
        </FormAlert>
      )}
      {can('log') && <LogForm internshipId={sheet.internshipId} />}
      <EntryList sheet={sheet} />
      {(can('send_link') || can('approve_supervisor') || can('log')) && <SupervisorLink sheet={sheet} />}
      <SchoolSteps sheet={sheet} />
    </>
  );
}

export function HoursFigures({
  sheet,
}: {
  sheet: Pick<
    THoursSheet,
    'requiredHours' | 'hoursSupervisor' | 'hoursPending' | 'hoursRemaining' | 'percent'
  >;
}) {
  const { t, hours } = useHoursTexts();
  return (
    <div className="hours__figures">
      {sheet.requiredHours !== null && sheet.percent !== null ? (
        <div className="hours__progress">
          <progress
            max={100}
            value={sheet.percent}
            aria-label={t('progressLabel', {
              confirmed: hours(sheet.hoursSupervisor),
              required: hours(sheet.requiredHours),
            })}
          />
          <span>{sheet.percent}%</span>
        </div>
      ) : (
        <p>{t('noRequirement')}</p>
      )}
      <dl className="hours__totals">
        <div>
          <dt>{t('confirmed')}</dt>
          <dd data-testid="hours-confirmed">{hours(sheet.hoursSupervisor)}</dd>
        </div>
        <div>
          <dt>{t('pending')}</dt>
          <dd data-testid="hours-pending">{hours(sheet.hoursPending)}</dd>
        </div>
        {sheet.requiredHours !== null && (
          <div>
            <dt>{t('required')}</dt>
            <dd data-testid="hours-required">{hours(sheet.requiredHours)}</dd>
          </div>
        )}
        {sheet.hoursRemaining !== null && (
          <div>
            <dt>{t('remaining')}</dt>
            <dd>{hours(sheet.hoursRemaining)}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}

function LogForm({ internshipId }: { internshipId: string }) {
  const { t } = useHoursTexts();
  const api = useApi();
  const update = useSheetUpdate(internshipId);
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' });
  const form = useForm(
    { date: today, hours: '', description: '' },
    {
      date: [rules.required()],
      hours: [rules.required(), quarterRule()],
      description: [rules.required(), rules.maxLength(500)],
    },
  );
  const { t: tc } = useTranslation();
  return (
    <form
      className="card hours__form"
      noValidate
      data-testid="hours-log-form"
      onSubmit={form.handleSubmit(async (v) => {
        update(
          await logHours(api.client, internshipId, {
            date: String(v.date),
            hours: parseDecimal(v.hours),
            description: String(v.description).trim(),
          }),
        );
        form.setValues({ date: v.date, hours: '', description: '' });
        toast.success(t('added'));
      })}
    >
      <h3>{t('addTitle')}</h3>
      {form.formError !== undefined && <FormAlert tone="error">{errorMessage(form.formError, tc)}</FormAlert>}
      <div className="hours__form-row">
        <DateField label={t('date')} required field={form.bind('date')} max={today} />
        <TextField
          label={t('hours')}
          hint={t('hoursHint')}
          required
          inputMode="decimal"
          field={form.bind('hours')}
        />
      </div>
      <TextAreaField label={t('description')} required rows={3} field={form.bind('description')} />
      <SubmitButton pending={form.submitting} testId="hours-log-submit">
        {t('add')}
      </SubmitButton>
    </form>
  );
}

function EntryList({ sheet }: { sheet: THoursSheet }) {
  const { t, hours, date } = useHoursTexts();
  const api = useApi();
  const update = useSheetUpdate(sheet.internshipId);
  const { t: tc } = useTranslation();
  const [correcting, setCorrecting] = useState<THoursEntry | null>(null);
  const remove = useMutation({
    mutationFn: (entryId: string) => deleteHours(api.client, sheet.internshipId, entryId),
    onSuccess: (next) => {
      update(next);
      toast.success(t('removed'));
    },
    onError: (error) => toast.error(errorMessage(error, tc)),
  });
  const student = sheet.actions.includes('log');
  const school = sheet.actions.includes('correct');
  return (
    <>
      <h3>{t('entries')}</h3>
      {sheet.entries.length === 0 ? (
        <p>{t('noEntries')}</p>
      ) : (
        <ul className="hours__entries" data-testid="hours-entries">
          {sheet.entries.map((e) => (
            <li key={e.id} className="hours__entry" data-testid="hours-entry" data-status={e.status}>
              <div className="hours__entry-head">
                <span className="hours__entry-date">{date(e.date)}</span>
                <span className="hours__entry-hours">{t('hoursValue', { hours: hours(e.hours) })}</span>
                <span className={`hours__badge hours__badge--${e.status}`}>{t(`statuses.${e.status}`)}</span>
              </div>
              <p className="hours__entry-text">{e.description}</p>
              {e.supervisorNote && (
                <p className="hours__note">{t('supervisorNote', { note: e.supervisorNote })}</p>
              )}
              {e.correctionReason && (
                <p className="hours__note">{t('correction', { reason: e.correctionReason })}</p>
              )}
              {e.decidedBy && (
                <p className="hours__note" data-testid="hours-decided-by">
                  {t('decidedBy', { by: e.decidedBy, from: e.decidedFrom ?? '—' })}
                </p>
              )}
              {(student && e.status === 'pending') || school ? (
                <div className="hours__entry-actions">
                  {student && e.status === 'pending' && (
                    <button
                      type="button"
                      className="btn btn--neutral btn--sm"
                      aria-label={t('removeEntry', { date: date(e.date) })}
                      onClick={() => remove.mutate(e.id)}
                    >
                      {t('remove')}
                    </button>
                  )}
                  {school && (
                    <button
                      type="button"
                      className="btn btn--neutral btn--sm"
                      aria-label={t('correctEntry', { date: date(e.date) })}
                      data-testid="hours-correct"
                      onClick={() => setCorrecting(e)}
                    >
                      {t('correct')}
                    </button>
                  )}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {correcting && (
        <CorrectDialog
          internshipId={sheet.internshipId}
          entry={correcting}
          onDone={() => setCorrecting(null)}
        />
      )}
    </>
  );
}

function CorrectDialog({
  internshipId,
  entry,
  onDone,
}: {
  internshipId: string;
  entry: THoursEntry;
  onDone: () => void;
}) {
  const { t, hours } = useHoursTexts();
  const { t: tc } = useTranslation();
  const api = useApi();
  const update = useSheetUpdate(internshipId);
  const form = useForm(
    { hours: hours(entry.hours), status: entry.status, reason: '' },
    {
      hours: [rules.required(), quarterRule()],
      reason: [rules.required(), rules.maxLength(500)],
    },
  );
  return (
    <Modal
      open
      title={t('correctTitle')}
      closeLabel={t('cancel')}
      onClose={onDone}
      testId="hours-correct-dialog"
    >
      <form
        noValidate
        onSubmit={form.handleSubmit(async (v) => {
          update(
            await correctHours(api.client, internshipId, entry.id, {
              hours: parseDecimal(v.hours),
              status: v.status as THoursEntry['status'],
              reason: String(v.reason).trim(),
            }),
          );
          toast.success(t('corrected'));
          onDone();
        })}
      >
        {form.formError !== undefined && (
          <FormAlert tone="error">{errorMessage(form.formError, tc)}</FormAlert>
        )}
        <TextField label={t('hours')} required inputMode="decimal" field={form.bind('hours')} />
        <div className="field">
          <label className="field__label" htmlFor="hours-correct-status">
            {t('status')}
          </label>
          <select
            id="hours-correct-status"
            className="field__input"
            value={String(form.values.status)}
            onChange={(e) => form.setValue('status', e.target.value)}
          >
            {(['pending', 'confirmed', 'rejected'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <TextAreaField label={t('reason')} required rows={3} field={form.bind('reason')} />
        <SubmitButton pending={form.submitting} testId="hours-correct-submit">
          {t('save')}
        </SubmitButton>
      </form>
    </Modal>
  );
}

function StepButton({
  sheet,
  step,
  label,
  done,
  testId,
}: {
  sheet: THoursSheet;
  step: THoursStep;
  label: string;
  done: string;
  testId: string;
}) {
  const api = useApi();
  const { t: tc } = useTranslation();
  const update = useSheetUpdate(sheet.internshipId);
  const run = useMutation({
    mutationFn: () => hoursStep(api.client, sheet.internshipId, step),
    onSuccess: (next) => {
      update(next);
      toast.success(done);
    },
    onError: (error) => toast.error(errorMessage(error, tc)),
  });
  return (
    <button
      type="button"
      className="btn btn--neutral btn--block-phone"
      aria-disabled={run.isPending || undefined}
      data-testid={testId}
      onClick={() => !run.isPending && run.mutate()}
    >
      {label}
    </button>
  );
}

function SupervisorLink({ sheet }: { sheet: THoursSheet }) {
  const { t, date } = useHoursTexts();
  const email = sheet.supervisorEmail;
  const can = (a: THoursSheet['actions'][number]) => sheet.actions.includes(a);
  return (
    <div className="card hours__panel" data-testid="hours-supervisor">
      <h3>{t('supervisorTitle')}</h3>
      {email ? (
        <p>{t('supervisorWho', { name: sheet.supervisorName ?? '—', email })}</p>
      ) : (
        <p>{t('noSupervisorEmail')}</p>
      )}
      {email && !sheet.supervisorApproved && (
        <p data-testid="hours-supervisor-unapproved">{t('supervisorUnapproved')}</p>
      )}
      {email && sheet.supervisorApproved && !can('send_link') && sheet.hoursPending === 0 && (
        <p>{t('noPendingHours')}</p>
      )}
      {sheet.supervisorLinkSentAt && <p>{t('linkSentAt', { date: date(sheet.supervisorLinkSentAt) })}</p>}
      {can('approve_supervisor') && (
        <StepButton
          sheet={sheet}
          step="approve_supervisor"
          label={t('approveSupervisor')}
          done={t('supervisorApprovedToast')}
          testId="hours-approve-supervisor"
        />
      )}
      {can('send_link') && (
        <StepButton
          sheet={sheet}
          step="supervisor_link"
          label={t('sendLink')}
          done={t('linkSent')}
          testId="hours-send-link"
        />
      )}
    </div>
  );
}

function SchoolSteps({ sheet }: { sheet: THoursSheet }) {
  const { t } = useHoursTexts();
  const can = (a: THoursSheet['actions'][number]) => sheet.actions.includes(a);
  const school = can('lock') || can('unlock') || can('sign_off') || can('record_paper');
  if (!school && !sheet.paperTimesheets) return null;
  return (
    <div className="card hours__panel">
      {school && (
        <>
          <h3>{t('schoolTitle')}</h3>
          <div className="hours__buttons">
            {can('lock') && (
              <StepButton
                sheet={sheet}
                step="lock"
                label={t('lock')}
                done={t('lockedToast')}
                testId="hours-lock"
              />
            )}
            {can('unlock') && (
              <StepButton
                sheet={sheet}
                step="unlock"
                label={t('unlock')}
                done={t('unlockedToast')}
                testId="hours-unlock"
              />
            )}
            {can('sign_off') && (
              <StepButton
                sheet={sheet}
                step="sign_off"
                label={t('signOff')}
                done={t('signedOffToast')}
                testId="hours-sign-off"
              />
            )}
          </div>
        </>
      )}
      {sheet.paperTimesheets && (
        <>
          <h3>{t('paperTitle')}</h3>
          <p>
            <Link
              to={`/urenbriefje/${encodeURIComponent(sheet.internshipId)}`}
              data-testid="hours-print-link"
            >
              {t('printSheet')}
            </Link>
          </p>
          {can('record_paper') && <PaperForm sheet={sheet} />}
        </>
      )}
    </div>
  );
}

function PaperForm({ sheet }: { sheet: THoursSheet }) {
  const { t, hours } = useHoursTexts();
  const { t: tc } = useTranslation();
  const api = useApi();
  const update = useSheetUpdate(sheet.internshipId);
  const [file, setFile] = useState<File | null>(null);
  const form = useForm(
    { hours: sheet.paperHours === null ? '' : hours(sheet.paperHours) },
    { hours: [rules.required(), paperRule()] },
  );
  return (
    <form
      noValidate
      data-testid="hours-paper-form"
      onSubmit={form.handleSubmit(async (v) => {
        const scanUrl = file ? await uploadScan(api.client, file) : sheet.paperScanUrl;
        update(
          await recordPaperTotal(api.client, sheet.internshipId, { hours: parseDecimal(v.hours), scanUrl }),
        );
        toast.success(t('paperSaved'));
      })}
    >
      {form.formError !== undefined && <FormAlert tone="error">{errorMessage(form.formError, tc)}</FormAlert>}
      <TextField label={t('paperHours')} required inputMode="decimal" field={form.bind('hours')} />
      <div className="field">
        <label className="field__label" htmlFor="hours-paper-scan">
          {t('paperScan')} <span className="field__optional">({tc('portal.forms.optional')})</span>
        </label>
        <p className="field__hint" id="hours-paper-scan-hint">
          {t('paperScanHint')}
        </p>
        <input
          id="hours-paper-scan"
          type="file"
          accept="application/pdf,image/jpeg,image/png,image/webp"
          className="field__input field__input--file"
          aria-describedby="hours-paper-scan-hint"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </div>
      <SubmitButton pending={form.submitting} variant="neutral" testId="hours-paper-submit">
        {t('paperSave')}
      </SubmitButton>
    </form>
  );
}
