import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  DEFAULT_RECENT_ACTION_PERIOD,
  RECENT_ACTION_GROUPS,
  RECENT_ACTION_PERIODS,
  RECENT_ACTIONS_MAX_PAGE_SIZE,
  RECENT_ACTIONS_PAGE_SIZE,
  type TRecentActionGroup,
  type TRecentActionPeriod,
} from '@stageplein/contracts/notifications/recent-actions';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { useSession } from '../../session/session-context.ts';
import { Page, useRouteTitle } from '../page-kit.tsx';
import { useRecentActionTexts } from './recent-action-texts.ts';
import { fetchRecentActions, RECENT_ACTIONS_KEY, type TRecentAction } from './recent-actions-api.ts';
import './recent-actions.css';

const isGroup = (v: string | null): v is TRecentActionGroup =>
  !!v && (RECENT_ACTION_GROUPS as readonly string[]).includes(v);
const isPeriod = (v: string | null): v is TRecentActionPeriod =>
  !!v && (RECENT_ACTION_PERIODS as readonly string[]).includes(v);

/**
 * `/recente_acties` (issue #35 item 7): what happened lately in the person's scope — a student their own,
 * a school admin their school's, an organization's people its internships' (the service decides by the
 * organization they act for; docs/decisions/notifications.md "Recent actions"). Filters by kind and
 * period live in the address (`?soort=hours&periode=month`), so a reload shows the same list.
 */
export function RecentActionsPage() {
  useRecentActionTexts();
  const { t, i18n } = useTranslation();
  const title = useRouteTitle();
  const api = useApi();
  const { user, currentOrganization, organizationsState } = useSession();
  // The scope depends on the organization acted for: asked once the session knows it.
  const orgKnown = organizationsState === 'success' || organizationsState === 'error';
  const [params, setParams] = useSearchParams();
  const group = isGroup(params.get('soort')) ? (params.get('soort') as TRecentActionGroup) : null;
  const period = isPeriod(params.get('periode'))
    ? (params.get('periode') as TRecentActionPeriod)
    : DEFAULT_RECENT_ACTION_PERIOD;
  const [size, setSize] = useState(RECENT_ACTIONS_PAGE_SIZE);
  const list = useQuery({
    queryKey: [...RECENT_ACTIONS_KEY, user?.id, currentOrganization?.id, i18n.language, group, period, size],
    queryFn: ({ signal }) => fetchRecentActions(api.client, { group, period, size }, signal),
    enabled: !!user && orgKnown,
    placeholderData: (previous) => previous,
  });
  const change = (key: 'soort' | 'periode', value: string) => {
    setSize(RECENT_ACTIONS_PAGE_SIZE);
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  };
  const items = list.data?.items ?? [];

  return (
    <Page
      title={title}
      lead={
        <>
          <p>{t('portal.recentActions.intro')}</p>
          {list.data && (
            <p data-testid="recent-actions-scope">{t(`portal.recentActions.scope.${list.data.scope}`)}</p>
          )}
        </>
      }
      testId="recent-actions-page"
    >
      <div className="recent-actions__filters">
        <label className="recent-actions__filter">
          <span>{t('portal.recentActions.group')}</span>
          <select
            value={group ?? ''}
            onChange={(e) => change('soort', e.target.value)}
            data-testid="recent-actions-group"
          >
            <option value="">{t('portal.recentActions.allGroups')}</option>
            {RECENT_ACTION_GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`portal.recentActions.groups.${g}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="recent-actions__filter">
          <span>{t('portal.recentActions.period')}</span>
          <select
            value={period}
            onChange={(e) => change('periode', e.target.value)}
            data-testid="recent-actions-period"
          >
            {RECENT_ACTION_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`portal.recentActions.periods.${p}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.error && <FormAlert tone="error">{t('portal.recentActions.failed')}</FormAlert>}
      {!list.data ? (
        !list.error && <p role="status">{t('shell.loading')}</p>
      ) : items.length === 0 ? (
        <p data-testid="recent-actions-empty">{t('portal.recentActions.empty')}</p>
      ) : (
        <>
          <ul
            className="recent-actions"
            aria-label={t('portal.recentActions.list')}
            data-testid="recent-actions-list"
          >
            {items.map((a) => (
              <RecentActionItem key={a.id} action={a} lang={i18n.language} />
            ))}
          </ul>
          {list.data.total > items.length && size < RECENT_ACTIONS_MAX_PAGE_SIZE && (
            <button
              type="button"
              className="btn btn--secondary btn--block-phone"
              onClick={() =>
                setSize((s) => Math.min(RECENT_ACTIONS_MAX_PAGE_SIZE, s + RECENT_ACTIONS_PAGE_SIZE))
              }
              disabled={list.isFetching}
            >
              {t('portal.recentActions.loadMore')}
            </button>
          )}
        </>
      )}
    </Page>
  );
}

function RecentActionItem({ action: a, lang }: { action: TRecentAction; lang: string }) {
  const when = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(a.occurred_at),
  );
  return (
    <li className="recent-actions__item" data-testid="recent-action" data-kind={a.kind}>
      {a.link ? (
        <Link to={a.link} className="recent-actions__text">
          {a.text}
        </Link>
      ) : (
        <span className="recent-actions__text">{a.text}</span>
      )}
      <time className="recent-actions__time" dateTime={a.occurred_at}>
        {when}
      </time>
    </li>
  );
}
