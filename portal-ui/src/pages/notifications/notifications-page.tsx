import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { useSession } from '../../session/session-context.ts';
import { errorMessage, Page, useRouteTitle } from '../page-kit.tsx';
import { useNotificationTexts } from './notification-texts.ts';
import {
  FEED_KEY,
  fetchFeed,
  markAllRead,
  markRead,
  UNREAD_KEY,
  type TNotification,
} from './notifications-api.ts';
import './notifications.css';

/** A page of the feed; "more" asks for the next 20 at once (the service allows up to 100). */
const PAGE_SIZE = 20;
const MAX_SIZE = 100;

/**
 * `/notificaties` (issue #35 item 4): the signed-in person's feed, newest first, each linking to its
 * subject; mark one or all read. New ones appear without a reload: the header's bell polls the count
 * and refreshes this list when the newest notification changes (docs/decisions/notifications.md "Live").
 */
export function NotificationsPage() {
  useNotificationTexts();
  const { t, i18n } = useTranslation();
  const title = useRouteTitle();
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useSession().user?.id;
  const [size, setSize] = useState(PAGE_SIZE);
  const feed = useQuery({
    queryKey: [...FEED_KEY, userId, i18n.language, size],
    queryFn: ({ signal }) => fetchFeed(api.client, { number: 1, size }, signal),
    enabled: !!userId,
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: FEED_KEY }),
      queryClient.invalidateQueries({ queryKey: UNREAD_KEY }),
    ]);
  const readOne = useMutation({ mutationFn: (id: string) => markRead(api.client, id), onSettled: refresh });
  const readAll = useMutation({ mutationFn: () => markAllRead(api.client), onSettled: refresh });
  const items = feed.data?.items ?? [];
  const anyUnread = items.some((n) => !n.read);
  const failure = feed.error ?? readOne.error ?? readAll.error;

  return (
    <Page title={title} lead={t('portal.notifications.intro')} testId="notifications-page">
      {failure && (
        <FormAlert tone="error">
          {feed.error ? t('portal.notifications.failed') : errorMessage(failure, t)}
        </FormAlert>
      )}
      {!feed.data ? (
        !feed.error && <p role="status">{t('shell.loading')}</p>
      ) : items.length === 0 ? (
        <p data-testid="notifications-empty">{t('portal.notifications.empty')}</p>
      ) : (
        <>
          <div className="notifications__actions">
            {anyUnread ? (
              <button
                type="button"
                className="btn btn--neutral btn--block-phone"
                disabled={readAll.isPending}
                onClick={() => readAll.mutate()}
                data-testid="notifications-read-all"
              >
                {t('portal.notifications.markAllRead')}
              </button>
            ) : (
              <p role="status">{t('portal.notifications.allRead')}</p>
            )}
          </div>
          <ul
            className="notifications"
            aria-label={t('portal.notifications.list')}
            data-testid="notifications-list"
          >
            {items.map((n) => (
              <NotificationItem
                key={n.id}
                notification={n}
                lang={i18n.language}
                onRead={() => readOne.mutate(n.id)}
                pending={readOne.isPending && readOne.variables === n.id}
              />
            ))}
          </ul>
          {feed.data.total > items.length && size < MAX_SIZE && (
            <button
              type="button"
              className="btn btn--secondary btn--block-phone"
              onClick={() => setSize((s) => Math.min(MAX_SIZE, s + PAGE_SIZE))}
              disabled={feed.isFetching}
            >
              {t('portal.notifications.loadMore')}
            </button>
          )}
        </>
      )}
    </Page>
  );
}

function NotificationItem({
  notification: n,
  lang,
  onRead,
  pending,
}: {
  notification: TNotification;
  lang: string;
  onRead: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const when = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(n.created_at),
  );
  return (
    <li
      className={`notifications__item${n.read ? '' : ' notifications__item--unread'}`}
      data-testid="notification"
      data-kind={n.kind}
      data-read={n.read}
    >
      <div className="notifications__body">
        {!n.read && (
          <span className="badge badge--inline notifications__unread">
            {t('portal.notifications.unread')}
          </span>
        )}
        <p className="notifications__text">{n.text}</p>
        <time className="notifications__time" dateTime={n.created_at}>
          {when}
        </time>
      </div>
      <div className="notifications__item-actions">
        {n.link && (
          <Link to={n.link} className="btn btn--secondary btn--sm" onClick={() => !n.read && onRead()}>
            {t('portal.notifications.open')}
            <span className="visually-hidden">: {n.text}</span>
          </Link>
        )}
        {!n.read && (
          <button type="button" className="btn btn--neutral btn--sm" onClick={onRead} disabled={pending}>
            {t('portal.notifications.markRead')}
            <span className="visually-hidden">: {n.text}</span>
          </button>
        )}
      </div>
    </li>
  );
}
