import { useId, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { readCollectionDocument, type TRawDocument } from '@stageplein/contracts/client/jsonapi-document';
import type { TApiClient } from '@stageplein/contracts/client/api-client';
import { maySendBulkMessages } from '@stageplein/contracts/placements/bulk-messages';
import { internshipScopes } from '@stageplein/contracts/placements/internship-policy';
import { INTERNSHIP_STATUSES } from '@stageplein/contracts/placements/internships';
import { ListPaging } from '@stageplein/design-system/components/per-page-select.tsx';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { useSession } from '../../session/session-context.ts';
import { currentOrganizationFacts } from '../dev/gallery-gate.tsx';
import { Page, useRouteTitle } from '../page-kit.tsx';
import { listInternships, personName, type TInternship } from './internship-api.ts';
import {
  apiParams,
  changeQuery,
  filtersFor,
  hasFilters,
  listViewer,
  PAGE_SIZES,
  queryFromSearch,
  searchFromQuery,
  type TInternshipQuery,
  type TListViewer,
} from './internship-query.ts';
import { StatusBadge, useDateRange, useInternshipTexts, useInternshipViewer } from './internship-texts.tsx';

type TOption = readonly [value: string, label: string];

/** Options of a filter from a collection (periods, groups, organizations); none when not allowed. */
async function optionsOf(client: TApiClient, path: string, signal?: AbortSignal): Promise<TOption[]> {
  const doc = readCollectionDocument<{ name?: string }>(await client.get<TRawDocument>(path, { signal }));
  return doc.data.map((r) => [r.id, r.name ?? r.id] as const);
}

function useFilterOptions(key: string, path: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['internship-filter', key],
    queryFn: ({ signal }) => optionsOf(api.client, path, signal),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/**
 * `/internships`: the internships the signed-in user sees (the policy's scopes: a student their own,
 * a mentor their mentees', a school its students', an organization its own), filtered by period,
 * status, organization and group, paged; cards on a phone, a table on wider screens.
 */
export function InternshipsPage() {
  const t = useInternshipTexts();
  const title = useRouteTitle();
  const { ready, viewer } = useInternshipViewer();
  const who = listViewer(ready ? internshipScopes(viewer) : []);
  const session = useSession();
  // Bulk messages live where a school follows its students: offered to whoever may send them.
  const mayMessage = maySendBulkMessages(session.permissions, currentOrganizationFacts(session));
  if (!ready) {
    return (
      <Page title={title} testId="internships-page">
        <p role="status">{t('loading')}</p>
      </Page>
    );
  }
  return (
    <Page
      title={title}
      lead={
        <>
          <p>{t(`intro.${who}`)}</p>
          {mayMessage && (
            <p>
              <Link
                to="/internships/bulk_messages"
                className="btn btn--secondary"
                data-testid="bulk-messages-link"
              >
                {t('bulkMessagesLink')}
              </Link>
            </p>
          )}
        </>
      }
      testId="internships-page"
    >
      {who !== 'none' && <InternshipList who={who} organizationId={viewer.current?.id ?? ''} />}
    </Page>
  );
}

function InternshipList({ who, organizationId }: { who: TListViewer; organizationId: string }) {
  const t = useInternshipTexts();
  const api = useApi();
  const [search, setSearch] = useSearchParams();
  const query = useMemo(() => queryFromSearch(search), [search]);
  const change = (c: Partial<TInternshipQuery>) => setSearch(searchFromQuery(changeQuery(query, c)));
  const show = filtersFor(who);
  const periods = useFilterOptions('periods', '/api/v1/internship_periods', true);
  const groups = useFilterOptions('groups', '/api/v1/groups', show.group);
  const organizations = useFilterOptions(
    'organizations',
    '/api/v1/organizations?filter[type_in]=Provider,NonProfit&sort=name&page[size]=100',
    show.organization,
  );
  const list = useQuery({
    // The organization is part of the key: switching organizations switches the list.
    queryKey: ['internships', organizationId, apiParams(query).toString()],
    queryFn: ({ signal }) => listInternships(api.client, apiParams(query), signal),
    placeholderData: keepPreviousData,
  });
  const statusOptions: TOption[] = INTERNSHIP_STATUSES.map((s) => [s, t(`statuses.${s}`)] as const);
  return (
    <>
      <form
        className="internship-filters"
        aria-label={t('filters')}
        onSubmit={(e) => e.preventDefault()}
        data-testid="internship-filters"
      >
        {periods.data && periods.data.length > 0 && (
          <FilterSelect
            label={t('period')}
            value={query.period}
            options={periods.data}
            onChange={(period) => change({ period })}
            testId="filter-period"
          />
        )}
        <YearsSelect value={query.years} onChange={(years) => change({ years })} />
        <FilterSelect
          label={t('status')}
          value={query.status}
          options={statusOptions}
          onChange={(status) => change({ status })}
          testId="filter-status"
        />
        {organizations.data && organizations.data.length > 0 && (
          <FilterSelect
            label={t('organization')}
            value={query.organization}
            options={organizations.data}
            onChange={(organization) => change({ organization })}
            testId="filter-organization"
          />
        )}
        {groups.data && groups.data.length > 0 && (
          <FilterSelect
            label={t('group')}
            value={query.group}
            options={groups.data}
            onChange={(group) => change({ group })}
            testId="filter-group"
          />
        )}
        {hasFilters(query) && (
          <button
            type="button"
            className="btn"
            onClick={() => change({ period: '', years: '', status: '', organization: '', group: '' })}
          >
            {t('clearFilters')}
          </button>
        )}
      </form>
      {list.isError && !list.data ? (
        <FormAlert tone="error">
          {t('loadError')}{' '}
          <button type="button" className="btn" onClick={() => void list.refetch()}>
            {t('retry')}
          </button>
        </FormAlert>
      ) : !list.data ? (
        <p role="status">{t('loading')}</p>
      ) : (
        <Results
          internships={list.data.internships}
          total={list.data.total}
          query={query}
          filtered={hasFilters(query)}
          who={who}
          onChange={change}
        />
      )}
    </>
  );
}

function FilterSelect({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  options: readonly TOption[];
  onChange: (value: string) => void;
  testId: string;
}) {
  const t = useInternshipTexts();
  const id = useId();
  return (
    <div className="field field--compact">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        <option value="">{t('any')}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Spec §4: the current and next school year (the default), or every year. */
function YearsSelect({ value, onChange }: { value: '' | 'all'; onChange: (value: '' | 'all') => void }) {
  const t = useInternshipTexts();
  const id = useId();
  return (
    <div className="field field--compact">
      <label htmlFor={id}>{t('schoolYears')}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value === 'all' ? 'all' : '')}
        data-testid="filter-years"
      >
        <option value="">{t('yearsInScope')}</option>
        <option value="all">{t('yearsAll')}</option>
      </select>
    </div>
  );
}

/** Who the other side is for the viewer: the student for schools and organizations, else the organization. */
function counterpart(i: TInternship, who: TListViewer): string {
  const organization = i.organization?.name ?? i.organizationName ?? '';
  return who === 'student' ? organization : [personName(i.student), organization].filter(Boolean).join(' · ');
}

function Results({
  internships,
  total,
  query,
  filtered,
  who,
  onChange,
}: {
  internships: TInternship[];
  total: number;
  query: TInternshipQuery;
  filtered: boolean;
  who: TListViewer;
  onChange: (c: Partial<TInternshipQuery>) => void;
}) {
  const t = useInternshipTexts();
  const { i18n } = useTranslation();
  const dates = useDateRange();
  const pages = Math.max(1, Math.ceil(total / query.perPage));
  const caption = t('count', { count: total });
  return (
    <section aria-label={caption} data-testid="internship-results">
      <p role="status" data-testid="internship-count">
        {caption}
      </p>
      {internships.length === 0 ? (
        <p data-testid="internships-empty">{filtered ? t('emptyFiltered') : t('empty')}</p>
      ) : (
        <>
          <ul className="internship-cards" data-testid="internship-cards">
            {internships.map((i) => (
              <li key={i.id} className="card internship-card" data-testid="internship-card">
                <h2 className="internship-card__title">
                  <Link to={`/internships/${i.id}`}>{i.title}</Link>
                </h2>
                <p>{counterpart(i, who)}</p>
                <p>
                  <StatusBadge status={i.status} />
                  {i.selfFound && <span className="badge badge--inline">{t('selfFound')}</span>}
                </p>
                <p className="muted">{dates(i.startDate, i.endDate)}</p>
              </li>
            ))}
          </ul>
          <div className="table-wrap internship-table">
            <table className="table" data-testid="internship-table" lang={i18n.language}>
              <caption className="visually-hidden">{caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('title')}</th>
                  {who !== 'student' && <th scope="col">{t('student')}</th>}
                  <th scope="col">{t('organization')}</th>
                  <th scope="col">{t('period')}</th>
                  <th scope="col">{t('dates')}</th>
                  <th scope="col">{t('status')}</th>
                </tr>
              </thead>
              <tbody>
                {internships.map((i) => (
                  <tr key={i.id} data-testid="internship-row">
                    <td>
                      <Link to={`/internships/${i.id}`}>{i.title}</Link>
                    </td>
                    {who !== 'student' && <td>{personName(i.student)}</td>}
                    <td>{i.organization?.name ?? i.organizationName ?? ''}</td>
                    <td>{i.internshipPeriod?.name ?? ''}</td>
                    <td>{dates(i.startDate, i.endDate)}</td>
                    <td>
                      <StatusBadge status={i.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <ListPaging
        perPage={query.perPage}
        perPageOptions={PAGE_SIZES}
        page={query.page}
        pages={pages}
        onChange={onChange}
        texts={{
          perPage: t('perPage'),
          pagination: t('pagination'),
          previous: t('previous'),
          next: t('next'),
          pageOf: t('pageOf', { page: query.page, pages }),
        }}
        testId="internship-pagination"
      />
    </section>
  );
}
