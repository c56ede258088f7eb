import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '@stageplein/contracts/client/api-client';
import { INTERNSHIP_TRANSITIONS, type TInternshipAction } from '@stageplein/contracts/placements/internships';
import { Modal } from '@stageplein/design-system/components/modal.tsx';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { rules } from '@stageplein/design-system/forms/field-rules.ts';
import {
  FormAlert,
  SelectField,
  SubmitButton,
  TextAreaField,
} from '@stageplein/design-system/forms/fields.tsx';
import type { TPeriodRef } from '@stageplein/contracts/organizations/internship-periods';
import { PERIOD_CHOSEN_AT } from '@stageplein/contracts/placements/internship-period-rule';
import { periodChoiceFor, useSchoolPeriods } from './internship-periods.ts';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';
import { HOURS_RUNNING_STATUSES } from '@stageplein/contracts/placements/hours-policy';
import { mayReportDiscrimination } from '@stageplein/contracts/placements/discrimination-reports';
import { useApi } from '../../api/api-context.ts';
import { useSession } from '../../session/session-context.ts';
import { currentOrganizationFacts } from '../../session/organization-facts.ts';
import { HoursSection } from '../hours/hours-section.tsx';
import { InternshipPhases } from './internship-phases.tsx';
import { EvaluationSection } from '../evaluations/evaluation-section.tsx';
import { InternshipContractSection } from '../contracts/internship-contract-section.tsx';
import { EVALUATION_STATUSES } from '@stageplein/contracts/placements/evaluation-policy';
import { StatusErrorScreen } from '../../shell/error-screen.tsx';
import { useTenant } from '../../tenant/tenant-context.ts';
import { errorMessage, useRouteTitle } from '../page-kit.tsx';
import {
  actionsOf,
  editableFieldsOf,
  fetchInternship,
  personName,
  statusHistoryOf,
  takeAction,
  type TInternship,
  type TPerson,
} from './internship-api.ts';
import {
  formatDate,
  StatusBadge,
  useDateRange,
  useInternshipTexts,
  useInternshipViewer,
} from './internship-texts.tsx';

/** One internship for its screens; a 404 or 403 is "not found" (no hint whether it exists). */
/**
 * One internship as the current organization sees it: asked only once the session knows that
 * organization (a deep link or reload would otherwise ask without it and get a 404).
 */
export function useInternship(id: string) {
  const api = useApi();
  const { ready, viewer } = useInternshipViewer();
  return useQuery({
    queryKey: ['internship', id, viewer.current?.id ?? null],
    enabled: ready,
    queryFn: ({ signal }) => fetchInternship(api.client, id, signal),
    retry: (count, error) =>
      !(isApiRequestError(error) && [403, 404].includes(error.status ?? 0)) && count < 2,
  });
}

export function InternshipMissing({ error }: { error: unknown }) {
  const t = useInternshipTexts();
  const status = isApiRequestError(error) ? error.status : undefined;
  if (status !== 404 && status !== 403) return <StatusErrorScreen status={status ?? 500} />;
  return (
    <div className="container page" data-testid="internship-not-found">
      <h1 data-testid="page-title">{t('notFound')}</h1>
      <p>
        <Link to="/internships">{t('backToList')}</Link>
      </p>
    </div>
  );
}

export function Loading() {
  const t = useInternshipTexts();
  return (
    <div className="container page">
      <p role="status">{t('loading')}</p>
    </div>
  );
}

/**
 * `/internships/{id}`: everything about one internship — parties, dates, status and its history, the
 * steps the policy allows the caller now (the server's `meta.actions`), its phases with the current one
 * and its open tasks, and where the tenant has them its hours and evaluations. Only what is there: no
 * block promises something to come.
 */
export function InternshipPage() {
  const { id = '' } = useParams();
  const internship = useInternship(id);
  if (internship.isError) return <InternshipMissing error={internship.error} />;
  if (!internship.data) return <Loading />;
  return <InternshipView internship={internship.data} />;
}

function InternshipView({ internship: i }: { internship: TInternship }) {
  const t = useInternshipTexts();
  const route = useRouteTitle(i.title);
  const dates = useDateRange();
  const { i18n } = useTranslation();
  const tenant = useTenant();
  const editable = editableFieldsOf(i).length > 0;
  return (
    <article className="container page internship" data-testid="internship">
      <p>
        <Link to="/internships">{t('backToList')}</Link>
      </p>
      <h1 data-testid="page-title">{route}</h1>
      <p>
        <StatusBadge status={i.status} />
        {i.selfFound && <span className="badge badge--inline">{t('selfFound')}</span>}
      </p>
      {i.statusReason && (
        <p data-testid="internship-status-reason">{t('statusReason', { reason: i.statusReason })}</p>
      )}
      <DiscriminationLink internship={i} />
      <div className="internship-layout">
        <div>
          <section className="card" aria-labelledby="internship-details">
            <h2 id="internship-details">{t('details')}</h2>
            <dl className="details">
              <Fact label={t('dates')}>{dates(i.startDate, i.endDate)}</Fact>
              {i.internshipPeriod && <Fact label={t('period')}>{i.internshipPeriod.name}</Fact>}
              {i.vacancy && (
                <Fact label={t('vacancy')}>
                  <Link to={`/vacancies/${i.vacancy.id}`}>{i.vacancy.title ?? t('vacancy')}</Link>
                </Fact>
              )}
              <Fact label={t('contractType')}>{t(`contractTypes.${i.contractType}`)}</Fact>
              {i.hours !== null && <Fact label={t('hours')}>{String(i.hours)}</Fact>}
              {i.hoursSupervisor !== null && (
                <Fact label={t('hoursSupervisor')}>{String(i.hoursSupervisor)}</Fact>
              )}
            </dl>
            {i.description && (
              <>
                <h3>{t('description')}</h3>
                <p className="internship-text">{i.description}</p>
              </>
            )}
            {/* Only where the tenant asks for one (spec §1 "Motivation field enabled"). */}
            {tenant.features.motivationField && i.motivation && (
              <>
                <h3>{t('motivation')}</h3>
                <p className="internship-text" data-testid="internship-motivation">
                  {i.motivation}
                </p>
              </>
            )}
          </section>
          {/* The contract (issue #34), on tenants with contracts only (pages/contracts). */}
          {tenant.features.traineeship && i.contractType === 'contract' && (
            <InternshipContractSection internshipId={i.id} />
          )}
          {/* Phases (issue #33): the run of the school's workflow, its current phase and open tasks. */}
          <InternshipPhases internshipId={i.id} active={PHASES_RUN_STATUSES.includes(i.status)} />
          {/* Hours (issue #17): the sheet, its entries and the steps of the caller (pages/hours). */}
          {i.contractType === 'hours' &&
            tenant.features.usesHours &&
            HOURS_RUNNING_STATUSES.includes(i.status) && <HoursSection internshipId={i.id} />}
          {/* Evaluations (issue #18 item 4), where the tenant's switch is on (pages/evaluations). */}
          {tenant.features.evaluationForms && EVALUATION_STATUSES.includes(i.status) && (
            <EvaluationSection internshipId={i.id} />
          )}
        </div>
        <div>
          <Actions internship={i} editable={editable} />
          <section className="card" aria-labelledby="internship-parties" data-testid="internship-parties">
            <h2 id="internship-parties">{t('parties')}</h2>
            <dl className="details">
              <Fact label={t('student')}>{personName(i.student) || t('none')}</Fact>
              <Fact label={t('organization')}>
                {i.organization?.name ?? i.organizationName ?? t('none')}
                {i.organization?.city ? `, ${i.organization.city}` : ''}
              </Fact>
              <Fact label={t('contact')}>
                <PersonOrContact person={i.contactPerson} internship={i} />
              </Fact>
              <Fact label={t('supervisor')}>
                <PersonOrContact
                  person={i.supervisor}
                  internship={{ ...i, contactName: i.supervisorName, contactEmail: i.supervisorEmail }}
                />
                {(i.supervisor || i.supervisorEmail) && !i.supervisorApproved && (
                  <>
                    <br />
                    <span data-testid="supervisor-unapproved">{t('supervisorUnapproved')}</span>
                  </>
                )}
              </Fact>
            </dl>
          </section>
          <section className="card" aria-labelledby="internship-history" data-testid="internship-history">
            <h2 id="internship-history">{t('history')}</h2>
            <History internship={i} language={i18n.language} />
          </section>
        </div>
      </div>
    </article>
  );
}

/** The report's section and its texts load only on a declined application (their own chunk). */
const DiscriminationReportSection = lazy(() =>
  import('../discrimination-reports/report-page.tsx').then((m) => ({
    default: m.DiscriminationReportSection,
  })),
);

/**
 * A declined application of the signed-in student: the way to report a suspected discriminatory refusal
 * (contracts' `mayReportDiscrimination`; docs/decisions/discrimination-reports.md).
 */
function DiscriminationLink({ internship: i }: { internship: TInternship }) {
  const session = useSession();
  const current = currentOrganizationFacts(session);
  const may =
    !!current &&
    !!i.student &&
    mayReportDiscrimination(session.permissions, current, session.user?.id, {
      student_id: i.student.id,
      school_id: current.id,
      organization_id: i.organization?.id ?? null,
      status: i.status,
    });
  if (!may) return null;
  return (
    <Suspense fallback={null}>
      <DiscriminationReportSection internship={i} />
    </Suspense>
  );
}

/** Statuses in which an internship runs its phases (the run starts when it becomes active). */
const PHASES_RUN_STATUSES: readonly TInternship['status'][] = ['active', 'completed'];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The contact person (a user), else the contact a self-found internship names. */
function PersonOrContact({
  person,
  internship: i,
}: {
  person: TPerson | null | undefined;
  internship: TInternship;
}) {
  const t = useInternshipTexts();
  const name = personName(person) || i.contactName;
  const email = person?.email ?? i.contactEmail;
  if (!name && !email) return <>{t('none')}</>;
  return (
    <>
      {name}
      {email && (
        <>
          {name ? <br /> : null}
          <a href={`mailto:${email}`}>{email}</a>
        </>
      )}
      {i.contactPhoneNumber && !person && (
        <>
          <br />
          <a href={`tel:${i.contactPhoneNumber}`}>{i.contactPhoneNumber}</a>
        </>
      )}
    </>
  );
}

function History({ internship, language }: { internship: TInternship; language: string }) {
  const t = useInternshipTexts();
  const rows = statusHistoryOf(internship);
  if (rows.length === 0) {
    return (
      <p>
        {t('historyRow', {
          status: t(`statuses.${internship.status}`),
          date: formatDate(internship.updatedAt, language),
        })}
      </p>
    );
  }
  return (
    <ol className="internship-history" data-testid="internship-history-rows">
      {rows.map((row, n) => (
        <li key={`${row.at}-${n}`}>
          {t('historyRow', { status: t(`statuses.${row.toStatus}`), date: formatDate(row.at, language) })}
          {row.reason && (
            <>
              <br />
              <span className="muted">{t('statusReason', { reason: row.reason })}</span>
            </>
          )}
        </li>
      ))}
    </ol>
  );
}

/** The steps the caller may take now: the server's answer (`meta.actions`, the contracts policy). */
function Actions({ internship: i, editable }: { internship: TInternship; editable: boolean }) {
  const t = useInternshipTexts();
  const actions = actionsOf(i);
  const [asking, setAsking] = useState<TInternshipAction | null>(null);
  return (
    <section className="card" aria-labelledby="internship-actions" data-testid="internship-actions">
      <h2 id="internship-actions">{t('actionsTitle')}</h2>
      {actions.length === 0 && !editable && <p>{t('noActions')}</p>}
      <div className="actions">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={`btn${INTERNSHIP_TRANSITIONS[action].to === 'approved' || action === 'accept' ? ' btn--primary' : ''}`}
            onClick={() => setAsking(action)}
            data-testid={`internship-${action}`}
          >
            {t(`actions.${action}`)}
          </button>
        ))}
        {editable && (
          <Link className="btn" to={`/internships/${i.id}/edit`} data-testid="internship-edit">
            {t('edit')}
          </Link>
        )}
      </div>
      {asking && <ActionDialog internship={i} action={asking} onClose={() => setAsking(null)} />}
    </section>
  );
}

/**
 * Confirms a step; asks the reason where the life cycle wants one (required or optional). The
 * approval also confirms or chooses the internship's period (issue #30 item 1): its own, else the
 * rule's suggestion preselected among the School's active periods in scope.
 */
function ActionDialog(props: { internship: TInternship; action: TInternshipAction; onClose: () => void }) {
  const t = useInternshipTexts();
  const choosesPeriod = props.action === PERIOD_CHOSEN_AT;
  const periods = useSchoolPeriods(choosesPeriod);
  if (choosesPeriod && !periods.data && !periods.error)
    return (
      <Modal
        open
        title={t('loading')}
        closeLabel={t('close')}
        onClose={props.onClose}
        testId="internship-action-dialog"
      >
        <p role="status">{t('loading')}</p>
      </Modal>
    );
  return <ActionForm {...props} periods={choosesPeriod ? (periods.data ?? []) : null} />;
}

function ActionForm({
  internship: i,
  action,
  onClose,
  periods,
}: {
  internship: TInternship;
  action: TInternshipAction;
  onClose: () => void;
  /** The School's periods when the step chooses one; null otherwise. */
  periods: readonly TPeriodRef[] | null;
}) {
  const t = useInternshipTexts();
  const dates = useDateRange();
  const { t: tShared } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const reason = INTERNSHIP_TRANSITIONS[action].reason;
  const choice = periods ? periodChoiceFor(periods, i.startDate) : null;
  const own = i.internshipPeriod?.id ? periods?.find((p) => p.id === i.internshipPeriod!.id) : undefined;
  const periodOptions = choice
    ? [...(own && !choice.choices.includes(own) ? [own] : []), ...choice.choices]
    : [];
  const form = useForm(
    { reason: '', period: own?.id ?? choice?.suggested?.id ?? '' },
    { reason: reason === 'required' ? [rules.required(), rules.maxLength(1000)] : [rules.maxLength(1000)] },
  );
  const step = useMutation({
    mutationFn: (values: { reason: string; period: string }) =>
      takeAction(api.client, i.id, action, values.reason.trim() || undefined, values.period || undefined),
  });
  const onValid = async (values: { reason: string; period: string }) => {
    await step.mutateAsync(values);
    toast.success(t(`done.${action}`));
    await queryClient.invalidateQueries({ queryKey: ['internship', i.id] });
    await queryClient.invalidateQueries({ queryKey: ['internships'] });
    onClose();
  };
  return (
    <Modal
      open
      title={t('confirmTitle', { action: t(`actions.${action}`), title: i.title })}
      closeLabel={t('close')}
      onClose={onClose}
      testId="internship-action-dialog"
      // A period's option names it and its dates: at the default width its text was cut off.
      wide={!!periods}
    >
      <form className="form" noValidate onSubmit={form.handleSubmit(onValid)}>
        {form.formError !== undefined && (
          <FormAlert tone="error">{errorMessage(form.formError, tShared)}</FormAlert>
        )}
        {periods &&
          (periodOptions.length ? (
            <SelectField
              label={t('periodChoice')}
              hint={t('periodChoiceHint')}
              required
              field={form.bind('period')}
              options={periodOptions.map((p) => ({
                value: p.id,
                label: t('periodOption', { name: p.name ?? '', dates: dates(p.startDate, p.endDate) }),
              }))}
            />
          ) : (
            <p className="muted" data-testid="internship-period-none">
              {t('periodNone')}
            </p>
          ))}
        {reason !== 'none' && (
          <TextAreaField
            label={reason === 'required' ? t('reason') : t('reasonOptional')}
            required={reason === 'required'}
            rows={3}
            field={form.bind('reason')}
            data-testid="internship-reason"
          />
        )}
        <div className="actions">
          <SubmitButton pending={form.submitting} testId="internship-confirm">
            {t(`actions.${action}`)}
          </SubmitButton>
          <button type="button" className="btn" onClick={onClose}>
            {t('cancelEdit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
