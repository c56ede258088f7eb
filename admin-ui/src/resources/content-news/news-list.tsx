import { Link as RouterLink } from 'react-router';
import { DataTable, DateField, List, TopToolbar, type RaRecord } from 'react-admin';
import { Link } from '@mui/material';
import PostAddIcon from '@mui/icons-material/PostAdd';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { Forbidden, ListError } from '../../ui/error-panel.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { ResponsiveList } from '../../ui/responsive-list.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { useContentTexts } from '../content-shared/content-texts.ts';

function Actions() {
  return (
    <TopToolbar>
      <LinkButton
        to={adminPath.contentNewsAdd}
        label="routes.content.newsAdd"
        icon={<PostAddIcon />}
        testId="add-news"
      />
    </TopToolbar>
  );
}

/** `/content/news`: every article, drafts too (content editors), newest first. */
export function NewsList() {
  const title = useRouteTitle();
  const texts = useContentTexts();
  const allowed = useCan('news', 'list');
  if (!allowed) return <Forbidden />;
  const status = (r: RaRecord) => (r.status === 'published' ? texts.status.published : texts.status.draft);
  return (
    <List
      resource="news"
      title={title}
      actions={<Actions />}
      error={<ListError />}
      empty={false}
      disableSyncWithLocation
    >
      <ResponsiveList
        primary={(r) => String(r.title)}
        secondary={(r) => `${String(r.date)} · ${status(r)}`}
        link={(r) => adminPath.contentNewsEdit(r.id)}
        table={
          <DataTable bulkActionButtons={false} rowClick={(id) => adminPath.contentNewsEdit(id)}>
            <DataTable.Col
              source="title"
              label={texts.fields.title}
              disableSort
              render={(r) => (
                <Link
                  component={RouterLink}
                  to={adminPath.contentNewsEdit(r.id)}
                  onClick={(e) => e.stopPropagation()}
                >
                  {String(r.title)}
                </Link>
              )}
            />
            <DataTable.Col source="date" label={texts.fields.date} disableSort>
              <DateField source="date" />
            </DataTable.Col>
            <DataTable.Col
              source="locale"
              label={texts.fields.locale}
              disableSort
              render={(r) => texts.languages[r.locale as 'nl' | 'en'] ?? String(r.locale)}
            />
            <DataTable.Col source="status" label={texts.fields.status} disableSort render={status} />
          </DataTable>
        }
      />
    </List>
  );
}
