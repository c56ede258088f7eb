import { currentOrganizationFacts } from '../dev/gallery-gate.tsx';
import {
  evaluationsAvailable,
  mayManageEvaluationTemplates,
} from '@stageplein/contracts/placements/evaluation-policy';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { readCollectionDocument, type TRawDocument } from '@stageplein/contracts/client/jsonapi-document';
import type { TPeriodRef } from '@stageplein/contracts/organizations/internship-periods';
import { formatHours, HOURS_RUNNING_STATUSES } from '@stageplein/contracts/placements/hours-policy';
import type { TInternshipStatus } from '@stageplein/contracts/placements/internships';
import type {
  TProgressAttributes,
  TProgressQuery,
  TProgressResource,
} from '@stageplein/contracts/placements/progress';
import {
  PROGRESS_DEFAULT_PAGE_SIZE,
  PROGRESS_MAX_PAGE_SIZE,
  PROGRESS_SORTS,
  studentNextStep,
  progressViewerOf,
  type TProgressViewer,
} from '@stageplein/contracts/placements/progress-policy';
import {
  BEHIND_TOLERANCE,
  elapsedShare,
  expectedHours,
} from '@stageplein/contracts/placements/progress-rule';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { ListPaging } from '@stageplein/design-system/components/per-page-select.tsx';
import { useApi } from '../../api/api-context.ts';
import { errorMessage, Page, useRouteTitle } from '../page-kit.tsx';
import { useActingOrganization } from '../hours/hours-texts.ts';
import { useInternshipTexts } from '../internships/internship-texts.tsx';
import { listInternships, type TInternship } from '../internships/internship-api.ts';
import { PeriodlessInternships } from './periodless-internships.tsx';
import { downloadProgressCsv, fetchProgress, fetchTimeline } from './progress-api.ts';
import { EvaluationTemplateSection } from '../evaluations/evaluation-template-section.tsx';
import { useSession } from '../../session/session-context.ts';
import { useTenant } from '../../tenant/tenant-context.ts';
import { PROGRESS_NAMESPACE, registerProgressMessages } from './progress-messages.ts';
import './progress.css';

/** `t` of the `progress` namespace, the language, and hours and dates written for it. */
function useProgressTexts() {
  const { t, i18n } = useTranslation(PROGRESS_NAMESPACE);
  registerProgressMessages(i18n);
  const lang: 'nl' | 'en' = (i18n.resolvedLanguage ?? i18n.language).startsWith('en') ? 'en' : 'nl';
  return {
    t,
    hours: (h: number | null) => (h === null ? '—' : formatHours(h, lang)),
    date: (iso: string) =>
      new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso).toLocaleDateString(
        lang === 'en' ? 'en-GB' : 'nl-NL',
        { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/Amsterdam' },
      ),
  };
}

function Loading({ error }: { error: unknown }) {
  const { t } = useProgressTexts();
  const { t: tc } = useTranslation();
  if (error) return <FormAlert tone="error">{errorMessage(error, tc)}</FormAlert>;
  return <p role="status">{t('loading')}</p>;
}

/**
 * `/stagevoortgang`: the in-scope periods (the server applies spec §4's rule), earliest first; the
 * sort is written here so the periods' zod schemas stay out of this chunk.
 */
export function ProgressIndexPage() {
  const { t, date } = useProgressTexts();
  const viewer = useProgressViewer();
  const title = useRouteTitle(viewer === 'student' ? t('mine.title') : t('indexTitle'));
  const api = useApi();
  const acting = useActingOrganization();
  const periods = useQuery({
    queryKey: ['progress-periods', acting.organizationId],
    enabled: acting.ready && viewer !== 'student',
    queryFn: async ({ signal }) =>
      readCollectionDocument<Omit<TPeriodRef, 'id'>>(
        await api.client.get<TRawDocument>('/api/v1/internship_periods', { signal }),
      ).data.sort(
        (a, b) => a.startDate.localeCompare(b.startDate) || (a.name ?? '').localeCompare(b.name ?? '', 'nl'),
      ),
  });
  if (viewer === 'student') return <StudentProgress />;
  return (
    <Page title={title} testId="progress-index" lead={<p>{t('indexLead')}</p>}>
      {(viewer === 'school' || viewer === 'mentor') && <PeriodlessInternships />}
      <p>
        <Link to="/stagevoortgang/uitleg">{t('explanationLink')}</Link>
      </p>
      {!periods.data ? (
        <Loading error={periods.error} />
      ) : periods.data.length === 0 ? (
        <p>{t('noPeriods')}</p>
      ) : (
        <ul className="progress-periods">
          {periods.data.map((p) => (
            <li key={p.id}>
              <Link to={`/stagevoortgang/${encodeURIComponent(p.id)}`}>{p.name ?? p.id}</Link>{' '}
              <span className="progress-muted">
                {t('dates', { start: date(p.startDate), end: date(p.endDate) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

type TOption = { id: string; name: string };

/** The per-page choices (the design system's selector); the API's default is 50 and it caps at 100. */
const PAGE_SIZES = [25, 50, 100] as const;

/**
 * `/stagevoortgang/{period}`: a page of the period's internships as cards (one column on a phone),
 * filters and sort (applied by the server before paging), the per-page selector and pager, the CSV
 * (always every row of the filters).
 */
export function ProgressPeriodPage() {
  const { t, hours, date } = useProgressTexts();
  const ti = useInternshipTexts();
  const { internshipPeriodId = '' } = useParams();
  const api = useApi();
  const acting = useActingOrganization();
  const session = useSession();
  // The server's rule (a School admin acting for an approved School), not a copy of it.
  const manageEvaluations =
    evaluationsAvailable(useTenant().features) &&
    mayManageEvaluationTemplates(session.permissions, currentOrganizationFacts(session));
  const viewer = useProgressViewer();
  const [query, setQuery] = useState<TProgressQuery>({});
  const pageNumber = query['page[number]'] ?? 1;
  const perPage = query['page[size]'] ?? PROGRESS_DEFAULT_PAGE_SIZE;
  const list = useQuery({
    queryKey: ['progress', internshipPeriodId, acting.organizationId, query],
    queryFn: ({ signal }) =>
      fetchProgress(api.client, internshipPeriodId, { ...query, 'page[size]': perPage }, signal),
    enabled: acting.ready && viewer !== 'student',
    retry: false,
    placeholderData: keepPreviousData,
  });
  const period = list.data?.meta.period;
  const title = useRouteTitle(
    viewer === 'student' ? t('mine.title') : period ? `${t('indexTitle')}: ${period.name}` : t('indexTitle'),
  );
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const options = list.data?.meta.options;
  // A changed filter, sort or page size starts again at page 1.
  const change = (key: keyof TProgressQuery, value: string | number | undefined) =>
    setQuery((q) => ({
      ...q,
      [key]: value,
      ...(key === 'page[number]' ? {} : { 'page[number]': undefined }),
    }));
  const { 'page[number]': _page, 'page[size]': _size, ...exportQuery } = query;
  if (viewer === 'student') return <StudentProgress periodId={internshipPeriodId} />;
  const select = (key: keyof TProgressQuery, label: string, choices: TOption[], all = true) => (
    <label className="progress-filter">
      <span>{label}</span>
      <select value={query[key] ?? ''} onChange={(e) => change(key, e.target.value || undefined)}>
        {all && <option value="">{t('all')}</option>}
        {choices.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <Page title={title} testId="progress-period">
      {!list.data || !period || !options ? (
        <Loading error={list.error} />
      ) : (
        <>
          <p className="progress-muted">
            {t('dates', { start: date(period.start_date), end: date(period.end_date) })} ·{' '}
            {t('elapsed', { percent: Math.round(period.elapsed_share * 100) })}{' '}
            <Link to="/stagevoortgang/uitleg">{t('explanationLink')}</Link>
          </p>
          <fieldset className="progress-filters">
            <legend>{t('filters')}</legend>
            {select('group_id', t('group'), options.groups)}
            {select('level_id', t('level'), options.levels)}
            {select('mentor_id', t('mentor'), options.mentors)}
            {select('behind', t('behind'), [
              { id: 'true', name: t('onlyBehind') },
              { id: 'false', name: t('notBehind') },
            ])}
            {select(
              'sort',
              t('sort'),
              PROGRESS_SORTS.map((s) => ({ id: s, name: t(`sorts.${s}`) })),
              false,
            )}
          </fieldset>
          <p>
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => void downloadProgressCsv(api.client, internshipPeriodId, exportQuery)}
            >
              {t('download')}
            </button>{' '}
            <span role="status" data-testid="progress-count">
              {t('count', { count: total })}
            </span>
          </p>
          {rows.length === 0 ? (
            <p>{t('none')}</p>
          ) : (
            <ul className="progress-cards" data-testid="progress-rows">
              {rows.map((r) => (
                <ProgressCard key={r.id} periodId={internshipPeriodId} row={r} hours={hours} ti={ti} />
              ))}
            </ul>
          )}
          <ListPaging
            perPage={perPage}
            perPageOptions={PAGE_SIZES}
            page={pageNumber}
            pages={pages}
            onChange={(c) =>
              c.perPage !== undefined ? change('page[size]', c.perPage) : change('page[number]', c.page)
            }
            texts={{
              perPage: t('perPage'),
              pagination: t('pagination'),
              previous: t('previous'),
              next: t('next'),
              pageOf: t('pageOf', { page: pageNumber, pages }),
            }}
            testId="progress-pagination"
          />
          {/* Evaluations (issue #18 item 4): the school sets up and opens the period's evaluation. */}
          {manageEvaluations && <EvaluationTemplateSection periodId={internshipPeriodId} />}
        </>
      )}
    </Page>
  );
}

function ProgressCard({
  periodId,
  row: { id, attributes: a },
  hours,
  ti,
}: {
  periodId: string;
  row: TProgressResource;
  hours: (h: number | null) => string;
  ti: ReturnType<typeof useInternshipTexts>;
}) {
  const { t } = useProgressTexts();
  return (
    <li className="progress-card" data-testid="progress-row">
      <h2 className="progress-card__name">
        <Link to={`/stagevoortgang/${encodeURIComponent(periodId)}/${encodeURIComponent(id)}`}>
          {a.student_name}
        </Link>
      </h2>
      <dl className="progress-card__facts">
        <div>
          <dt>{t('organization')}</dt>
          <dd>{a.organization_name ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('status')}</dt>
          <dd>{ti(`statuses.${a.status}`)}</dd>
        </div>
        <div>
          <dt>{t('group')}</dt>
          <dd>{[a.group?.name, a.level?.name].filter(Boolean).join(' · ') || '—'}</dd>
        </div>
        <div>
          <dt>{t('mentor')}</dt>
          <dd>{a.mentors.map((m) => m.name).join(', ') || '—'}</dd>
        </div>
        <div>
          <dt>{t('hours')}</dt>
          <dd data-testid="progress-hours">
            {t('hoursOf', { confirmed: hours(a.hours_confirmed), required: hours(a.hours_required) })}
            {a.percent !== null && (
              <progress max={100} value={a.percent} aria-label={`${a.percent}%`} className="progress-bar" />
            )}
            <span className="progress-muted">{t('logged', { hours: hours(a.hours_logged) })}</span>
          </dd>
        </div>
        {a.evaluation && (
          <div>
            <dt>{t('evaluation')}</dt>
            <dd data-testid="progress-evaluation" data-state={a.evaluation.state}>
              {t(`evaluationStates.${a.evaluation.state}`)}
              {a.evaluation.score !== null && ` · ${t('evaluationScore', { score: a.evaluation.score })}`}
            </dd>
          </div>
        )}
      </dl>
      <ScheduleBadge judged={a.schedule_judged} behind={a.behind_schedule} />
    </li>
  );
}

/**
 * On schedule or behind only where the rule judges (the server's `schedule_judged`): a refused
 * application, a cancelled internship, one without a requirement or signed off is neither (issue #30
 * item 7: a finished internship short of its hours was "Op schema").
 */
function ScheduleBadge({ judged, behind }: { judged: boolean; behind: boolean }) {
  const { t } = useProgressTexts();
  if (!judged) return <p className="progress-badge progress-badge--muted">{t('notJudged')}</p>;
  return (
    <p className={behind ? 'progress-badge progress-badge--behind' : 'progress-badge'}>
      {behind ? t('behindBadge') : t('onTrack')}
    </p>
  );
}

/**
 * Whose progress pages these are: a student (not also staff) gets their own view, a School's admin
 * or mentor the period table and the internships still needing a period (admins link them).
 */
function useProgressViewer(): TProgressViewer {
  const { permissions, currentOrganization } = useSession();
  return progressViewerOf(permissions, currentOrganization);
}

/** The statuses in the order a student cares about them: running first, then waiting, then done. */
const STUDENT_ORDER: readonly TInternshipStatus[] = [
  'active',
  'approved',
  'accepted',
  'submitted',
  'applied',
  'completed',
  'declined',
  'rejected',
  'withdrawn',
  'cancelled',
];

/**
 * A student's own `/stagevoortgang` (issue #30 item 7): each of their internships (of one period when
 * `periodId`) with its period, hours confirmed of required, the evaluation and what comes next. The
 * figures are progress's own rows (`GET /progress/periods/{id}` answers a student their own), one call
 * per period they have an internship in.
 */
function StudentProgress({ periodId }: { periodId?: string }) {
  const { t } = useProgressTexts();
  // The page's title is set by the route's page (`useRouteTitle`), which renders this view.
  const title = t('mine.title');
  const api = useApi();
  const acting = useActingOrganization();
  const own = useQuery({
    queryKey: ['internships', 'own-progress', acting.organizationId],
    enabled: acting.ready,
    queryFn: ({ signal }) =>
      listInternships(
        api.client,
        new URLSearchParams({ include: 'organization,internship_period', 'page[size]': '100' }),
        signal,
      ),
  });
  const internships = (own.data?.internships ?? [])
    .filter((i) => !periodId || i.internshipPeriod?.id === periodId)
    .sort((a, b) => STUDENT_ORDER.indexOf(a.status) - STUDENT_ORDER.indexOf(b.status));
  const periodIds = [
    ...new Set(internships.flatMap((i) => (i.internshipPeriod ? [i.internshipPeriod.id] : []))),
  ];
  const figures = useQueries({
    queries: periodIds.map((id) => ({
      queryKey: ['progress', id, acting.organizationId, 'own'],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        fetchProgress(api.client, id, { 'page[size]': PROGRESS_MAX_PAGE_SIZE }, signal),
      retry: false,
    })),
  });
  const rows = new Map(
    figures.flatMap((f) => (f.data?.data ?? []).map((r) => [r.id, r.attributes] as const)),
  );
  const loading = !own.data || figures.some((f) => f.isPending);
  return (
    <Page title={title} testId="progress-mine" lead={<p>{t('mine.lead')}</p>}>
      {periodId && (
        <p>
          <Link to="/stagevoortgang">{t('mine.allPeriods')}</Link>
        </p>
      )}
      {loading ? (
        <Loading error={own.error ?? figures.find((f) => f.error)?.error} />
      ) : internships.length === 0 ? (
        <p>{periodId ? t('mine.noneInPeriod') : t('mine.none')}</p>
      ) : (
        <ul className="progress-cards" data-testid="progress-mine-rows">
          {internships.map((i) => (
            <StudentCard key={i.id} internship={i} figures={rows.get(i.id)} />
          ))}
        </ul>
      )}
      <p>
        <Link to="/stagevoortgang/uitleg">{t('explanationLink')}</Link>
      </p>
    </Page>
  );
}

function StudentCard({
  internship: i,
  figures: a,
}: {
  internship: TInternship;
  figures?: TProgressAttributes;
}) {
  const { t, hours, date } = useProgressTexts();
  const ti = useInternshipTexts();
  const step = studentNextStep({
    status: i.status,
    hasPeriod: !!i.internshipPeriod,
    required: a?.hours_required ?? null,
    logged: a?.hours_logged ?? 0,
    evaluation: a?.evaluation ?? null,
  });
  const period = i.internshipPeriod;
  const running = HOURS_RUNNING_STATUSES.includes(i.status);
  return (
    <li className="progress-card" data-testid="progress-mine-row" data-status={i.status}>
      <h2 className="progress-card__name">
        <Link to={`/internships/${encodeURIComponent(i.id)}`}>{i.title}</Link>
      </h2>
      <dl className="progress-card__facts">
        <div>
          <dt>{t('organization')}</dt>
          <dd>{i.organization?.name ?? i.organizationName ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('status')}</dt>
          <dd>{ti(`statuses.${i.status}`)}</dd>
        </div>
        <div>
          <dt>{t('mine.period')}</dt>
          <dd data-testid="progress-mine-period">
            {period
              ? `${period.name ?? ''}${period.startDate && period.endDate ? ` (${t('dates', { start: date(period.startDate), end: date(period.endDate) })})` : ''}`
              : t('mine.noPeriod')}
          </dd>
        </div>
        {running && a && (
          <div>
            <dt>{t('hours')}</dt>
            <dd data-testid="progress-mine-hours">
              {a.hours_required !== null
                ? t('mine.hoursDone', {
                    confirmed: hours(a.hours_confirmed),
                    required: hours(a.hours_required),
                  })
                : t('mine.hoursDoneNoTarget', { confirmed: hours(a.hours_confirmed) })}
              {a.percent !== null && (
                <progress max={100} value={a.percent} aria-label={`${a.percent}%`} className="progress-bar" />
              )}
              <span className="progress-muted">
                {t('mine.loggedPending', { logged: hours(a.hours_logged), pending: hours(a.hours_pending) })}
              </span>
            </dd>
          </div>
        )}
        {running && a?.evaluation && (
          <div>
            <dt>{t('evaluation')}</dt>
            <dd data-testid="progress-mine-evaluation" data-state={a.evaluation.state}>
              {t(`evaluationStates.${a.evaluation.state}`)}
              {a.evaluation.score !== null && ` · ${t('evaluationScore', { score: a.evaluation.score })}`}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('mine.next')}</dt>
          <dd data-testid="progress-mine-next" data-step={step}>
            {t(`mine.steps.${step}`)}{' '}
            {!['closed', 'completed'].includes(step) && (
              <Link to={`/internships/${encodeURIComponent(i.id)}`}>{t('mine.open')}</Link>
            )}
          </dd>
        </div>
      </dl>
      {running && a && <ScheduleBadge judged={a.schedule_judged} behind={a.behind_schedule} />}
    </li>
  );
}

/** `/stagevoortgang/{period}/{internship}`: one student's figures and timeline. */
export function ProgressInternshipPage() {
  const { t, hours, date } = useProgressTexts();
  const ti = useInternshipTexts();
  const { internshipPeriodId = '', internshipId = '' } = useParams();
  const api = useApi();
  const acting = useActingOrganization();
  const doc = useQuery({
    queryKey: ['progress-timeline', internshipPeriodId, internshipId, acting.organizationId],
    queryFn: ({ signal }) => fetchTimeline(api.client, internshipPeriodId, internshipId, signal),
    enabled: acting.ready,
    retry: false,
  });
  const a = doc.data?.data.attributes;
  const title = useRouteTitle(a ? `${t('timeline')}: ${a.student_name}` : t('timeline'));
  return (
    <Page title={title} testId="progress-internship">
      <p>
        <Link to={`/stagevoortgang/${encodeURIComponent(internshipPeriodId)}`}>{t('back')}</Link>
      </p>
      {!doc.data || !a ? (
        <Loading error={doc.error} />
      ) : (
        <>
          <ul className="progress-cards">
            <ProgressCard
              periodId={internshipPeriodId}
              row={{ ...doc.data.data, type: 'internship_progress' }}
              hours={hours}
              ti={ti}
            />
          </ul>
          <h2>{t('timeline')}</h2>
          {a.events.length === 0 ? (
            <p>{t('noEvents')}</p>
          ) : (
            <ol className="progress-timeline" data-testid="progress-timeline">
              {a.events.map((e, i) => (
                <li key={i}>
                  <time dateTime={e.at}>{date(e.at)}</time>{' '}
                  {e.kind === 'status'
                    ? t('statusChange', { status: ti(`statuses.${e.to_status}`) })
                    : t('hoursEntry', {
                        hours: hours(e.hours),
                        status: t(`entryStatuses.${e.status}`),
                        description: e.description,
                      })}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </Page>
  );
}

/** The explanation's worked example, computed by the rule itself so text and code cannot differ. */
const EXAMPLE = { start: '2026-11-01', end: '2026-11-30', today: '2026-11-21', required: 60 };

/** `/stagevoortgang/uitleg`: the page and its rules for students, mentors and admins. */
export function ProgressExplanationPage() {
  const { t, hours, date } = useProgressTexts();
  const title = useRouteTitle(t('explanationTitle'));
  const paragraphs = t('explanation', { returnObjects: true }) as string[];
  const tolerance = Math.round(BEHIND_TOLERANCE * 100);
  const rule = t('behindRule', { returnObjects: true, tolerance }) as string[];
  const expected = expectedHours(
    {
      status: 'active',
      required: EXAMPLE.required,
      logged: 0,
      updatingAllowed: true,
      signedOff: false,
      start_date: EXAMPLE.start,
      end_date: EXAMPLE.end,
      period: null,
    },
    EXAMPLE.today,
  )!;
  return (
    <Page title={title} testId="progress-explanation">
      {paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
      <h2>{t('behindTitle')}</h2>
      {rule.map((p) => (
        <p key={p}>{p}</p>
      ))}
      <p data-testid="progress-behind-example">
        {t('behindExample', {
          start: date(EXAMPLE.start),
          end: date(EXAMPLE.end),
          today: date(EXAMPLE.today),
          days: Math.round(elapsedShare(EXAMPLE.start, EXAMPLE.end, EXAMPLE.today) * 30),
          required: hours(EXAMPLE.required),
          expected: hours(expected),
          threshold: hours(expected * BEHIND_TOLERANCE),
        })}
      </p>
      <p>
        <Link to="/stagevoortgang">{t('indexTitle')}</Link>
      </p>
    </Page>
  );
}
