import { useSearchParams, Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ANALYTICS_ACTION_METRICS,
  maySeeOrganizationAnalytics,
  maySeeSchoolAnalytics,
  type TAnalyticsMetric,
} from '@stageplein/contracts/placements/analytics-policy';
import type {
  TAnalyticsRowsQuery,
  TSchoolAnalyticsAttributes,
} from '@stageplein/contracts/placements/analytics';
import type { TInternshipStatus } from '@stageplein/contracts/placements/internships';
import { formatHours } from '@stageplein/contracts/placements/hours-policy';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { errorMessage, Page, useRouteTitle } from '../page-kit.tsx';
import { useActingOrganization } from '../hours/hours-texts.ts';
import { useInternshipTexts } from '../internships/internship-texts.tsx';
import { useSession } from '../../session/session-context.ts';
import { currentOrganizationFacts } from '../../session/organization-facts.ts';
import {
  downloadAnalyticsCsv,
  fetchAnalyticsRows,
  fetchOrganizationAnalytics,
  fetchSchoolAnalytics,
} from './analytics-api.ts';
import { ChartFigure, TableFrame, type TChartRow } from './analytics-chart.tsx';
import { ANALYTICS_NAMESPACE, registerAnalyticsMessages } from './analytics-messages.ts';
import { DiscriminationReportsSection } from '../discrimination-reports/school-reports.tsx';
import './analytics.css';

const PAGE_SIZE = 25;

/** `t` of the `analytics` namespace and hours written for the language. */
function useAnalyticsTexts() {
  const { t, i18n } = useTranslation(ANALYTICS_NAMESPACE);
  registerAnalyticsMessages(i18n);
  const lang: 'nl' | 'en' = (i18n.resolvedLanguage ?? i18n.language).startsWith('en') ? 'en' : 'nl';
  return {
    t,
    lang,
    hours: (h: number | null) => (h === null ? '—' : formatHours(h, lang)),
    date: (iso: string) =>
      new Date(`${iso}T12:00:00Z`).toLocaleDateString(lang === 'en' ? 'en-GB' : 'nl-NL', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'Europe/Amsterdam',
      }),
  };
}

/** The tenant's approved organizations per region (a row), one series per type that occurs. */
function OrganizationsChart({
  organizations,
  label,
}: {
  organizations: TSchoolAnalyticsAttributes['organizations'];
  label: (type: string) => string;
}) {
  const { t } = useAnalyticsTexts();
  const types = [...new Set(organizations.map((o) => o.type))];
  const regions = [...new Set(organizations.map((o) => o.region))];
  return (
    <ChartFigure
      title={t('charts.organizations')}
      testId="analytics-chart-organizations"
      series={types.map((type) => ({ key: type, label: label(type) }))}
      rows={regions.map((region): TChartRow => ({
        id: region ?? 'none',
        label: region ?? t('noRegion'),
        values: Object.fromEntries(
          organizations.filter((o) => o.region === region).map((o) => [o.type, o.count]),
        ),
      }))}
    />
  );
}

function Loading({ error }: { error: unknown }) {
  const { t } = useAnalyticsTexts();
  const { t: tc } = useTranslation();
  if (error) return <FormAlert tone="error">{errorMessage(error, tc)}</FormAlert>;
  return <p role="status">{t('loading')}</p>;
}

/** The filters and drill-down of `/analytics` live in the address (a reload or a shared link shows the same). */
type TKey =
  'period_id' | 'group_id' | 'level_id' | 'metric' | 'status' | 'organization_id' | 'self_found' | 'page';

function useAnalyticsQuery() {
  const [params, setParams] = useSearchParams();
  const get = (k: TKey) => params.get(k) ?? undefined;
  const set = (changes: Partial<Record<TKey, string | undefined>>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: false },
    );
  return { get, set };
}

/**
 * `/analytics`, the school's view (issue #37): the numbers that ask for action first, then the key
 * figures and charts (each with its table), filters by period, group and level, and the rows behind
 * any number with their CSV. For admins of an approved School (contracts' `maySeeSchoolAnalytics`).
 */
export function SchoolAnalyticsPage() {
  const { t, hours, date } = useAnalyticsTexts();
  const { t: tc } = useTranslation();
  const ti = useInternshipTexts();
  const title = useRouteTitle();
  const api = useApi();
  const session = useSession();
  const acting = useActingOrganization();
  const allowed = maySeeSchoolAnalytics(session.permissions, currentOrganizationFacts(session));
  const q = useAnalyticsQuery();
  const filters = { period_id: q.get('period_id'), group_id: q.get('group_id'), level_id: q.get('level_id') };
  const summary = useQuery({
    queryKey: ['analytics-school', acting.organizationId, filters],
    queryFn: ({ signal }) => fetchSchoolAnalytics(api.client, filters, signal),
    enabled: acting.ready && allowed,
    retry: false,
    placeholderData: keepPreviousData,
  });
  if (acting.ready && !allowed)
    return (
      <Page title={title} testId="analytics-school">
        <p>{t('notForYou')}</p>
        {maySeeOrganizationAnalytics(session.permissions, currentOrganizationFacts(session)) && (
          <p>
            <Link to="/analytics/index-2">{t('organizationLink')}</Link>
          </p>
        )}
      </Page>
    );
  const doc = summary.data;
  const a = doc?.data.attributes;
  const options = doc?.meta.options;
  const drill = (
    metric: TAnalyticsMetric,
    extra: { status?: string; organization_id?: string; self_found?: string } = {},
  ) =>
    q.set({
      metric,
      status: extra.status,
      organization_id: extra.organization_id,
      self_found: extra.self_found,
      page: undefined,
    });
  const select = (
    key: 'period_id' | 'group_id' | 'level_id',
    label: string,
    choices: { id: string; name: string }[],
    value: string | undefined,
    all = true,
  ) => (
    <label className="analytics-filter">
      <span>{label}</span>
      <select
        value={value ?? ''}
        onChange={(e) =>
          q.set({
            [key]: e.target.value || undefined,
            metric: undefined,
            status: undefined,
            organization_id: undefined,
            self_found: undefined,
            page: undefined,
          })
        }
      >
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
    <Page title={title} testId="analytics-school" lead={<p>{t('schoolLead')}</p>}>
      {!a || !options ? (
        <Loading error={summary.error} />
      ) : !a.period ? (
        <p>{t('noPeriods')}</p>
      ) : (
        <>
          <fieldset className="analytics-filters">
            <legend>{t('filters')}</legend>
            {select('period_id', t('period'), options.periods, a.period.id, false)}
            {select('group_id', t('group'), options.groups, filters.group_id)}
            {select('level_id', t('level'), options.levels, filters.level_id)}
          </fieldset>
          <p className="analytics-muted" data-testid="analytics-period">
            {a.period.weeks_to_start >= 0 && a.period.start_date > (doc.meta.today ?? '')
              ? t('startsIn', { count: a.period.weeks_to_start })
              : t('started', { date: date(a.period.start_date) })}
          </p>
          <section aria-labelledby="analytics-action" className="analytics-section">
            <h2 id="analytics-action">{t('actionTitle')}</h2>
            <ul className="analytics-actions" data-testid="analytics-actions">
              {ANALYTICS_ACTION_METRICS.map((m) => (
                <li
                  key={m}
                  className={
                    a.action[m] > 0 ? 'analytics-action analytics-action--alert' : 'analytics-action'
                  }
                  data-metric={m}
                >
                  <span className="analytics-action__number" data-testid={`analytics-number-${m}`}>
                    {a.action[m]}
                  </span>
                  <span className="analytics-action__label">{t(`action.${m}`)}</span>
                  {m === 'without_placement' && a.start_is_near && a.action[m] > 0 && (
                    <span className="analytics-action__note">{t('nearStart', { weeks: a.weeks })}</span>
                  )}
                  <button
                    type="button"
                    className="analytics-link"
                    aria-label={t('showWho', { what: t(`action.${m}`) })}
                    onClick={() => drill(m)}
                  >
                    {t('show')}
                  </button>
                </li>
              ))}
            </ul>
          </section>
          <DrillDown summary={a} filters={filters} />
          <section aria-labelledby="analytics-figures" className="analytics-section">
            <h2 id="analytics-figures">{t('figuresTitle')}</h2>
            <dl className="analytics-figures" data-testid="analytics-figures">
              <Figure label={t('figures.students')} value={a.students} />
              <Figure
                label={t('figures.applications')}
                value={a.applications.total}
                onShow={() => drill('all')}
              />
              <Figure
                label={t('figures.placed')}
                value={a.applications.placed}
                onShow={() => drill('placed')}
              />
              <Figure
                label={t('figures.open')}
                value={a.applications.open}
                onShow={() => drill('applications_open')}
              />
              <Figure label={t('figures.refused')} value={a.applications.refused} />
              <Figure label={t('figures.stopped')} value={a.applications.stopped} />
              <Figure label={t('figures.vacancies')} value={a.vacancies.published} />
              <Figure label={t('figures.filled')} value={a.vacancies.filled} />
              <Figure label={t('figures.ttp')} value={a.time_to_placement.median_days ?? '—'} />
              <Figure
                label={t('figures.hours')}
                value={`${hours(a.hours.logged)} / ${hours(a.hours.required)}`}
              />
              <Figure
                label={t('figures.evaluations')}
                value={a.evaluations_outstanding}
                onShow={() => drill('evaluations_outstanding')}
              />
            </dl>
          </section>
          <section aria-labelledby="analytics-charts" className="analytics-section">
            <h2 id="analytics-charts">{t('chartsTitle')}</h2>
            <div className="analytics-charts">
              <ChartFigure
                title={t('charts.status')}
                testId="analytics-chart-status"
                series={[{ key: 'count', label: t('series.count') }]}
                rows={a.by_status.map((s): TChartRow => ({
                  id: s.key,
                  label: ti(`statuses.${s.key as TInternshipStatus}`),
                  values: { count: s.count },
                  drill: () => drill('all', { status: s.key }),
                }))}
              />
              <ChartFigure
                title={t('charts.group')}
                testId="analytics-chart-group"
                series={[
                  { key: 'students', label: t('series.students') },
                  { key: 'placed', label: t('series.placed') },
                ]}
                rows={a.by_group.map((g): TChartRow => ({
                  id: g.id,
                  label: g.name,
                  values: { students: g.students, placed: g.placed },
                  ...(g.id !== 'none'
                    ? {
                        drill: () =>
                          q.set({
                            group_id: g.id,
                            metric: 'all',
                            status: undefined,
                            organization_id: undefined,
                            self_found: undefined,
                            page: undefined,
                          }),
                      }
                    : {}),
                }))}
              />
              <ChartFigure
                title={t('charts.phase')}
                testId="analytics-chart-phase"
                series={[{ key: 'count', label: t('series.count') }]}
                rows={a.by_phase.map((p): TChartRow => ({
                  id: p.key,
                  label: p.label,
                  values: { count: p.count },
                }))}
              />
              <ChartFigure
                title={t('charts.organization')}
                testId="analytics-chart-organization"
                series={[
                  { key: 'internships', label: t('series.internships') },
                  { key: 'placed', label: t('series.placed') },
                ]}
                rows={a.by_organization.map((o): TChartRow => ({
                  id: o.id,
                  label: o.self_found ? t('selfFound', { name: o.name }) : o.name,
                  values: { internships: o.internships, placed: o.placed },
                  ...(o.self_found
                    ? { drill: () => drill('all', { self_found: o.name }) }
                    : o.id !== 'none'
                      ? { drill: () => drill('all', { organization_id: o.id }) }
                      : {}),
                }))}
              />
              <ChartFigure
                title={t('charts.contracts')}
                testId="analytics-chart-contracts"
                series={[{ key: 'count', label: t('series.count') }]}
                rows={
                  a.contracts.out_for_signing === 0
                    ? []
                    : a.contracts.by_age.map((b): TChartRow => ({
                        id: b.key,
                        label: b.label,
                        values: { count: b.count },
                      }))
                }
              />
              <OrganizationsChart
                organizations={a.organizations}
                label={(type) => tc(`portal.organizationTypes.${type}`)}
              />
            </div>
          </section>
        </>
      )}
      {/* Issue #37 item 3: the school's discrimination reports per organization (pages/discrimination-reports). */}
      {allowed && <DiscriminationReportsSection organizationId={acting.organizationId} />}
    </Page>
  );
}

function Figure({ label, value, onShow }: { label: string; value: number | string; onShow?: () => void }) {
  const { t } = useAnalyticsTexts();
  return (
    <div className="analytics-figure">
      <dt>{label}</dt>
      <dd>
        {value}
        {onShow && typeof value === 'number' && value > 0 && (
          <>
            {' '}
            <button
              type="button"
              className="analytics-link"
              aria-label={t('showWho', { what: label })}
              onClick={onShow}
            >
              {t('show')}
            </button>
          </>
        )}
      </dd>
    </div>
  );
}

/** The rows behind the chosen number (`?metric=`), paged, with their CSV; closes back to the overview. */
function DrillDown({
  summary,
  filters,
}: {
  summary: TSchoolAnalyticsAttributes;
  filters: { period_id?: string | undefined; group_id?: string | undefined; level_id?: string | undefined };
}) {
  const { t, hours } = useAnalyticsTexts();
  const ti = useInternshipTexts();
  const api = useApi();
  const acting = useActingOrganization();
  const q = useAnalyticsQuery();
  const metric = q.get('metric') as TAnalyticsMetric | undefined;
  const status = q.get('status') as TInternshipStatus | undefined;
  const organizationId = q.get('organization_id');
  const selfFound = q.get('self_found');
  const page = Number(q.get('page') ?? '1') || 1;
  const query: TAnalyticsRowsQuery = {
    ...filters,
    period_id: summary.period?.id,
    metric,
    status,
    organization_id: organizationId,
    self_found: selfFound,
    'page[number]': page,
    'page[size]': PAGE_SIZE,
  };
  const rows = useQuery({
    queryKey: ['analytics-rows', acting.organizationId, query],
    queryFn: ({ signal }) => fetchAnalyticsRows(api.client, query, signal),
    enabled: acting.ready && !!metric,
    retry: false,
  });
  if (!metric) return null;
  const organization = selfFound
    ? t('selfFound', { name: selfFound })
    : summary.by_organization.find((o) => o.id === organizationId)?.name;
  const what = status
    ? t('drillStatus', { status: ti(`statuses.${status}`) })
    : organization
      ? t('drillOrganization', { name: organization })
      : metric === 'all'
        ? t('drillAll')
        : t(`action.${metric}`, {
            defaultValue: t(
              `figures.${metric === 'applications_open' ? 'open' : metric === 'evaluations_outstanding' ? 'evaluations' : 'placed'}`,
            ),
          });
  const total = rows.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const { 'page[number]': _n, 'page[size]': _s, ...exportQuery } = query;
  return (
    <section
      aria-labelledby="analytics-drill"
      className="analytics-section analytics-drill"
      data-testid="analytics-drill"
    >
      <div className="analytics-drill__head">
        <h2 id="analytics-drill">{t('drillTitle', { what })}</h2>
        <button
          type="button"
          className="analytics-toggle"
          onClick={() =>
            q.set({
              metric: undefined,
              status: undefined,
              organization_id: undefined,
              self_found: undefined,
              page: undefined,
            })
          }
        >
          {t('close')}
        </button>
      </div>
      {!rows.data ? (
        <Loading error={rows.error} />
      ) : (
        <>
          <p>
            <button
              type="button"
              className="btn"
              onClick={() => void downloadAnalyticsCsv(api.client, exportQuery)}
            >
              {t('download')}
            </button>{' '}
            <span role="status" data-testid="analytics-drill-count">
              {t('count', { count: total })}
            </span>
          </p>
          {rows.data.data.length === 0 ? (
            <p>{t('none')}</p>
          ) : (
            <TableFrame label={`${what}: ${t('table')}`}>
              <table className="analytics-table analytics-rows" data-testid="analytics-rows">
                <thead>
                  <tr>
                    <th scope="col">{t('student')}</th>
                    <th scope="col">{t('group')}</th>
                    <th scope="col">{t('organization')}</th>
                    <th scope="col">{t('status')}</th>
                    <th scope="col">{t('phase')}</th>
                    <th scope="col" className="analytics-num">
                      {t('hours')}
                    </th>
                    <th scope="col">{t('contract')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.data.data.map(({ id, attributes: r }) => (
                    <tr key={id} data-testid="analytics-row">
                      <th scope="row">
                        {r.internship_id ? (
                          <Link to={`/internships/${encodeURIComponent(r.internship_id)}`}>
                            {r.student_name}
                          </Link>
                        ) : (
                          r.student_name
                        )}
                      </th>
                      <td>{[r.group, r.level].filter(Boolean).join(' · ') || '—'}</td>
                      <td>{r.organization_name ?? '—'}</td>
                      <td>{r.status ? ti(`statuses.${r.status}`) : '—'}</td>
                      <td>
                        {r.phase ?? '—'}
                        {r.overdue_tasks > 0 && (
                          <span className="analytics-badge">{`${t('overdue')}: ${r.overdue_tasks}`}</span>
                        )}
                      </td>
                      <td className="analytics-num">
                        {r.hours_required === null
                          ? hours(r.hours_logged)
                          : `${hours(r.hours_logged)} / ${hours(r.hours_required)}`}
                      </td>
                      <td>
                        {r.contract_status ? t(`contractStatuses.${r.contract_status}`) : '—'}
                        {r.contract_age_days !== null && ` (${t('age', { days: r.contract_age_days })})`}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableFrame>
          )}
          {pages > 1 && (
            <nav aria-label={t('pagination')} className="analytics-pager">
              <button
                type="button"
                className="analytics-toggle"
                disabled={page <= 1}
                onClick={() => q.set({ page: String(page - 1) })}
              >
                {t('previous')}
              </button>
              <span>{t('pageOf', { page, pages })}</span>
              <button
                type="button"
                className="analytics-toggle"
                disabled={page >= pages}
                onClick={() => q.set({ page: String(page + 1) })}
              >
                {t('next')}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

/**
 * `/analytics/index-2`, the organization's view (issue #37): its vacancies with applicants and interns,
 * hours waiting for its confirmation and contracts waiting for it. For admins of an approved
 * organization (contracts' `maySeeOrganizationAnalytics`).
 */
export function OrganizationAnalyticsPage() {
  const { t, hours } = useAnalyticsTexts();
  const title = useRouteTitle(t('organizationTitle'));
  const api = useApi();
  const session = useSession();
  const acting = useActingOrganization();
  const allowed = maySeeOrganizationAnalytics(session.permissions, currentOrganizationFacts(session));
  const doc = useQuery({
    queryKey: ['analytics-organization', acting.organizationId],
    queryFn: ({ signal }) => fetchOrganizationAnalytics(api.client, signal),
    enabled: acting.ready && allowed,
    retry: false,
  });
  if (acting.ready && !allowed)
    return (
      <Page title={title} testId="analytics-organization">
        <p>{t('notForYouOrganization')}</p>
      </Page>
    );
  const a = doc.data?.data.attributes;
  const TOTALS = [
    'vacancies_published',
    'applicants',
    'interns',
    'hours_to_confirm',
    'contracts_to_sign',
  ] as const;
  return (
    <Page title={title} testId="analytics-organization" lead={<p>{t('organizationLead')}</p>}>
      {!a ? (
        <Loading error={doc.error} />
      ) : (
        <>
          <ul className="analytics-actions" data-testid="analytics-org-totals">
            {TOTALS.map((k) => (
              <li key={k} className="analytics-action" data-metric={k}>
                <span className="analytics-action__number">
                  {k === 'hours_to_confirm' ? hours(a.totals[k]) : a.totals[k]}
                </span>
                <span className="analytics-action__label">{t(`org.${k}`)}</span>
              </li>
            ))}
          </ul>
          {/* A school's pause (issue #37 item 3) without its reason: the organization never learns of a report. */}
          {a.not_shown_to_schools.length > 0 && (
            <section className="analytics-section" aria-labelledby="analytics-org-not-shown">
              <h2 id="analytics-org-not-shown">{t('org.notShownTitle')}</h2>
              <p>{t('org.notShownLead')}</p>
              <ul className="analytics-list" data-testid="analytics-org-not-shown">
                {a.not_shown_to_schools.map((s) => (
                  <li key={s.id}>{s.name || '—'}</li>
                ))}
              </ul>
            </section>
          )}
          <div className="analytics-section">
            <ChartFigure
              level={2}
              title={t('charts.vacancies')}
              testId="analytics-chart-vacancies"
              series={[
                { key: 'applicants', label: t('series.applicants') },
                { key: 'interns', label: t('series.interns') },
              ]}
              rows={a.vacancies.map((v): TChartRow => ({
                id: v.id,
                label: v.title,
                values: { applicants: v.applicants, interns: v.interns },
              }))}
            />
          </div>
          <section className="analytics-section" aria-labelledby="analytics-org-vacancies">
            <h2 id="analytics-org-vacancies">{t('org.vacanciesTitle')}</h2>
            {a.vacancies.length === 0 ? (
              <p>{t('noData')}</p>
            ) : (
              <TableFrame label={`${t('org.vacanciesTitle')}: ${t('table')}`}>
                <table className="analytics-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('org.vacancy')}</th>
                      <th scope="col">{t('status')}</th>
                      <th scope="col" className="analytics-num">
                        {t('org.places')}
                      </th>
                      <th scope="col" className="analytics-num">
                        {t('series.applicants')}
                      </th>
                      <th scope="col" className="analytics-num">
                        {t('series.interns')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {a.vacancies.map((v) => (
                      <tr key={v.id}>
                        <th scope="row">
                          <Link to={`/vacancies/${encodeURIComponent(v.id)}`}>{v.title}</Link>
                        </th>
                        <td>{t(`org.vacancyStatuses.${v.status}`, { defaultValue: v.status })}</td>
                        <td className="analytics-num">{v.places}</td>
                        <td className="analytics-num">{v.applicants}</td>
                        <td className="analytics-num">{v.interns}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableFrame>
            )}
          </section>
          <section className="analytics-section" aria-labelledby="analytics-org-hours">
            <h2 id="analytics-org-hours">{t('org.hoursTitle')}</h2>
            {a.hours_to_confirm.length === 0 ? (
              <p>{t('none')}</p>
            ) : (
              <ul className="analytics-list" data-testid="analytics-org-hours">
                {a.hours_to_confirm.map((h) => (
                  <li key={h.internship_id}>
                    <Link to={`/internships/${encodeURIComponent(h.internship_id)}`}>{h.student_name}</Link>
                    {`: ${hours(h.hours_pending)}`}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="analytics-section" aria-labelledby="analytics-org-contracts">
            <h2 id="analytics-org-contracts">{t('org.contractsTitle')}</h2>
            {a.contracts_to_sign.length === 0 ? (
              <p>{t('none')}</p>
            ) : (
              <ul className="analytics-list" data-testid="analytics-org-contracts">
                {a.contracts_to_sign.map((c) => (
                  <li key={c.internship_id}>
                    <Link to={`/internships/${encodeURIComponent(c.internship_id)}`}>{c.student_name}</Link>
                    {`: ${t(`contractStatuses.${c.status}`)} (${t('age', { days: c.age_days })})`}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </Page>
  );
}
