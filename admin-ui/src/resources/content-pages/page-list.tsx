import { DataTable, DateField, useLocaleState, type RaRecord } from 'react-admin';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import { adminPath } from '../../app/paths.ts';
import { ResponsiveList } from '../../ui/responsive-list.tsx';
import { ContentList, titleLink } from '../content-shared/content-list.tsx';
import { useContentTexts } from '../content-shared/content-texts.ts';
import { pageState } from '../content-shared/page-status.ts';

/** `/content`: every page's latest save (`filter[status_eq]=draft`) in the back office's language. */
export function PageList() {
  const texts = useContentTexts();
  const [locale] = useLocaleState();
  const state = (r: RaRecord) => texts.status[pageState(r)];
  return (
    <ContentList
      resource="pages"
      add={{
        to: adminPath.contentPageAdd,
        label: 'routes.content.pageAdd',
        icon: <NoteAddIcon />,
        testId: 'add-page',
      }}
      filter={{ status: 'draft' }}
      queryOptions={{ meta: { language: locale } }}
      sort={{ field: 'slug', order: 'ASC' }}
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
              render={titleLink(adminPath.contentPage)}
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
    </ContentList>
  );
}
