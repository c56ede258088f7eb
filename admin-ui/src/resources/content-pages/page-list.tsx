import { Link as RouterLink } from 'react-router';
import { DataTable, DateField, List, TopToolbar, useLocaleState, type RaRecord } from 'react-admin';
import { Link } from '@mui/material';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { Forbidden, ListError } from '../../ui/error-panel.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { ResponsiveList } from '../../ui/responsive-list.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { useContentTexts } from '../content-shared/content-texts.ts';
import { pageState } from '../content-shared/page-status.ts';

function Actions() {
  return (
    <TopToolbar>
      <LinkButton
        to={adminPath.contentPageAdd}
        label="routes.content.pageAdd"
        icon={<NoteAddIcon />}
        testId="add-page"
      />
    </TopToolbar>
  );
}

/** `/content`: every page's latest save (`filter[status_eq]=draft`) in the back office's language. */
export function PageList() {
  const title = useRouteTitle();
  const texts = useContentTexts();
  const [locale] = useLocaleState();
  const allowed = useCan('pages', 'list');
  if (!allowed) return <Forbidden />;
  const state = (r: RaRecord) => texts.status[pageState(r)];
  return (
    <List
      resource="pages"
      title={title}
      filter={{ status: 'draft' }}
      queryOptions={{ meta: { language: locale } }}
      actions={<Actions />}
      sort={{ field: 'slug', order: 'ASC' }}
      error={<ListError />}
      empty={false}
      disableSyncWithLocation
    >
      <ResponsiveList
        primary={(r) => String(r.title)}
        secondary={(r) => `/${String(r.slug)} · ${state(r)}`}
        link={(r) => adminPath.contentPage(r.id)}
        table={
          <DataTable bulkActionButtons={false} rowClick={(id) => adminPath.contentPage(id)}>
            <DataTable.Col
              source="title"
              label={texts.fields.title}
              disableSort
              render={(r) => (
                <Link
                  component={RouterLink}
                  to={adminPath.contentPage(r.id)}
                  onClick={(e) => e.stopPropagation()}
                >
                  {String(r.title)}
                </Link>
              )}
            />
            <DataTable.Col
              source="slug"
              label={texts.fields.slug}
              disableSort
              render={(r) => `/${String(r.slug)}`}
            />
            <DataTable.Col source="status" label={texts.fields.status} disableSort render={state} />
            <DataTable.Col source="updatedAt" label={texts.fields.updatedAt} disableSort>
              <DateField source="updatedAt" showTime />
            </DataTable.Col>
          </DataTable>
        }
      />
    </List>
  );
}
