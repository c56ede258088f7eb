import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@stageplein/design-system/components/icons.tsx';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { useApi } from '../api/api-context.ts';
import { useSession } from '../session/session-context.ts';
import { FEED_KEY, fetchFeed, fetchUnread, UNREAD_KEY } from '../pages/notifications/notifications-api.ts';
import { useNotificationTexts } from '../pages/notifications/notification-texts.ts';
import './notification-bell.css';

/** Until the service says how often (`poll_seconds`). */
const FIRST_POLL_MS = 15_000;

/**
 * The header's bell (issue #35 item 4): the unread count, asked every `poll_seconds` (the browser
 * revalidates with the ETag: a 304 while nothing changed). When the newest notification changes, the
 * feed's pages are refreshed and the new one shows as a toast (a neutral toast, labelled "Melding").
 * Loaded only for signed-in people (header.tsx).
 */
export function NotificationBell() {
  useNotificationTexts();
  const { t, i18n } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useSession().user?.id;
  const unread = useQuery({
    queryKey: [...UNREAD_KEY, userId],
    queryFn: ({ signal }) => fetchUnread(api.client, signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data ? query.state.data.poll_seconds * 1000 : FIRST_POLL_MS),
    refetchOnWindowFocus: true,
  });
  const latest = unread.data?.latest_id;
  const seen = useRef<{ user: string | undefined; latest: string | null } | undefined>(undefined);
  useEffect(() => {
    if (latest === undefined) return;
    const before = seen.current;
    seen.current = { user: userId, latest };
    // The first answer (or another person's) is what there was: nothing new to tell.
    if (!before || before.user !== userId || before.latest === latest || latest === null) return;
    void queryClient.invalidateQueries({ queryKey: FEED_KEY });
    fetchFeed(api.client, { number: 1, size: 1 }).then(
      ({ items: [newest] }) => {
        if (newest && !newest.read)
          toast.add({ title: t('portal.notifications.newOne'), message: newest.text, icon: 'bell' });
      },
      () => undefined,
    );
  }, [latest, userId, api, queryClient, t]);

  const count = unread.data?.unread ?? 0;
  return (
    <Link
      to="/notificaties"
      className="icon-button notification-bell"
      aria-label={
        count > 0
          ? t('portal.notifications.bellUnread', { count, lng: i18n.language })
          : t('shell.notifications')
      }
      data-testid="notifications"
      // Absent until the first answer: "0" would say nothing is unread before anyone asked.
      data-unread={unread.data ? count : undefined}
    >
      <Icon name="bell" />
      {count > 0 && (
        <span className="notification-bell__count" aria-hidden="true" data-testid="notifications-count">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
