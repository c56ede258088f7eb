import { DataTable, List, TopToolbar, useLocaleState } from 'react-admin';
import { Button, Link, Typography } from '@mui/material';
import PostAddIcon from '@mui/icons-material/PostAdd';
import { Link as RouterLink } from 'react-router';
import { adminPath, portalPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { Forbidden, ListError } from '../../ui/error-panel.tsx';
import { ResponsiveList } from '../../ui/responsive-list.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { formTitle, useFormsTexts } from './forms-texts.ts';

function Actions() {
  const texts = useFormsTexts();
  return (
    <TopToolbar>
      {/* The builder is the portal's: a full page load (the gateway serves it with the portal). */}
      <Button href={portalPath.formBuilderNew} startIcon={<PostAddIcon />} data-testid="add-form">
        {texts.add}
      </Button>
    </TopToolbar>
  );
}

/**
 * `/content/forms` (issue #18): the tenant's forms for its content editors, each linking to its page
 * here (`/content/forms/{id}`, versions and submissions) and from there into the portal's form
 * builder (`/form_builder/{id}`), where forms are built, published and read.
 */
export function FormsList() {
  const title = useRouteTitle();
  const texts = useFormsTexts();
  const [locale] = useLocaleState();
  const allowed = useCan('forms', 'list');
  if (!allowed) return <Forbidden />;
  type TRow = Record<string, unknown>;
  const name = (r: TRow) => formTitle(r.title, locale);
  const status = (r: TRow) => {
    const s = texts.statuses[r.status as keyof typeof texts.statuses] ?? String(r.status);
    const extra = [
      r.purpose === 'contact' && texts.contact,
      r.hasUnpublishedChanges === true && texts.changed,
    ];
    return [s, ...extra.filter(Boolean)].join(' · ');
  };
  return (
    <>
      <Typography sx={{ mt: 2 }}>
        {texts.lead} <Link href={portalPath.formBuilder}>{texts.openBuilder}</Link>
      </Typography>
      <List
        resource="forms"
        title={title}
        actions={<Actions />}
        error={<ListError />}
        empty={false}
        sort={{ field: 'updated_at', order: 'DESC' }}
        disableSyncWithLocation
      >
        <ResponsiveList
          primary={name}
          secondary={(r) => `${status(r)} · ${texts.submissions}: ${String(r.submissionCount ?? 0)}`}
          link={(r) => adminPath.contentForm(r.id)}
          table={
            <DataTable bulkActionButtons={false} rowClick={false}>
              <DataTable.Col
                source="title"
                label={texts.title}
                disableSort
                render={(r) => (
                  <Link
                    component={RouterLink}
                    to={adminPath.contentForm(String(r.id))}
                    data-testid="form-link"
                  >
                    {name(r)}
                  </Link>
                )}
              />
              <DataTable.Col source="status" label={texts.status} disableSort render={status} />
              <DataTable.Col
                source="publishedVersion"
                label={texts.version}
                disableSort
                render={(r) => (r.publishedVersion == null ? '—' : String(r.publishedVersion))}
              />
              <DataTable.Col source="submissionCount" label={texts.submissions} disableSort />
            </DataTable>
          }
        />
      </List>
    </>
  );
}
