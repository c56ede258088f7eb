import { DataTable, DateField, type RaRecord } from 'react-admin';
import PostAddIcon from '@mui/icons-material/PostAdd';
import { adminPath } from '../../app/paths.ts';
import { ResponsiveList } from '../../ui/responsive-list.tsx';
import { ContentList, titleLink } from '../content-shared/content-list.tsx';
import { useContentTexts } from '../content-shared/content-texts.ts';

/** `/content/news`: every article, drafts too (content editors), newest first. */
export function NewsList() {
  const texts = useContentTexts();
  const status = (r: RaRecord) => (r.status === 'published' ? texts.status.published : texts.status.draft);
  return (
    <ContentList
      resource="news"
      add={{
        to: adminPath.contentNewsAdd,
        label: 'routes.content.newsAdd',
        icon: <PostAddIcon />,
        testId: 'add-news',
      }}
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
              render={titleLink(adminPath.contentNewsEdit)}
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
    </ContentList>
  );
}
