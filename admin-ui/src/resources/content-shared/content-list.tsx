import type { ReactElement, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { List, TopToolbar, type ListProps, type RaRecord } from 'react-admin';
import { Link } from '@mui/material';
import { useCan } from '../../app/session-context.ts';
import { Forbidden, ListError } from '../../ui/error-panel.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';

/**
 * The frame of a content editor's list (pages, news): the route's title, an "add" button, the
 * localized error panel, and Forbidden for users the policy does not let list the resource.
 */
export function ContentList({
  resource,
  add,
  children,
  ...list
}: {
  resource: string;
  add: { to: string; label: string; icon: ReactElement; testId: string };
  children: ReactNode;
} & Pick<ListProps, 'filter' | 'queryOptions' | 'sort'>) {
  const title = useRouteTitle();
  const allowed = useCan(resource, 'list');
  if (!allowed) return <Forbidden />;
  return (
    <List
      {...list}
      resource={resource}
      title={title}
      actions={
        <TopToolbar>
          <LinkButton to={add.to} label={add.label} icon={add.icon} testId={add.testId} />
        </TopToolbar>
      }
      error={<ListError />}
      empty={false}
      disableSyncWithLocation
    >
      {children}
    </List>
  );
}

/** A row's title as a real link to its editor (the row click does the same for pointer users). */
export const titleLink = (to: (id: RaRecord['id']) => string) =>
  function TitleLink(record: RaRecord) {
    return (
      <Link component={RouterLink} to={to(record.id)} onClick={(e) => e.stopPropagation()}>
        {String(record.title)}
      </Link>
    );
  };
