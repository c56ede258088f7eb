import { Link as RouterLink } from 'react-router';
import { DataTable, List } from 'react-admin';
import { Link, Typography } from '@mui/material';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { Forbidden, ListError } from '../../ui/error-panel.tsx';
import { ResponsiveList } from '../../ui/responsive-list.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { fill, useWorkflowTexts } from './workflow-texts.ts';

type TRow = Record<string, unknown>;

/**
 * `/admin/workflows` (issue #33): the selected School's workflow definitions, read-only (GET
 * /api/v1/workflow_definitions, its designers: contracts' `mayDesignWorkflows`). Each links to its page
 * here; designing is the portal's `/workflows…`.
 */
export function WorkflowDefinitionList() {
  const title = useRouteTitle();
  const texts = useWorkflowTexts();
  const allowed = useCan('workflow_definitions', 'list');
  if (!allowed) return <Forbidden />;
  const version = (r: TRow) =>
    r.publishedVersion == null
      ? texts.none
      : fill(texts.versionLabel, { version: String(r.publishedVersion) });
  const facts = (r: TRow) =>
    [
      r.isDefault === true && texts.isDefault,
      texts.kinds[r.contractType as keyof typeof texts.kinds],
      version(r),
      r.draftVersion != null &&
        `${texts.draft}: ${fill(texts.versionLabel, { version: String(r.draftVersion) })}`,
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <>
      <Typography sx={{ mt: 2 }}>{texts.lead}</Typography>
      <List
        resource="workflow_definitions"
        title={title}
        actions={false}
        error={<ListError />}
        empty={false}
        sort={{ field: 'name', order: 'ASC' }}
        disableSyncWithLocation
      >
        <ResponsiveList
          primary={(r) => String(r.name)}
          secondary={facts}
          link={(r) => adminPath.workflow(r.id)}
          table={
            <DataTable bulkActionButtons={false} rowClick={false}>
              <DataTable.Col
                source="name"
                label={texts.name}
                render={(r) => (
                  <Link
                    component={RouterLink}
                    to={adminPath.workflow(String(r.id))}
                    data-testid="workflow-link"
                  >
                    {String(r.name)}
                  </Link>
                )}
              />
              <DataTable.Col
                source="contractType"
                label={texts.kind}
                disableSort
                render={(r) =>
                  texts.kinds[r.contractType as keyof typeof texts.kinds] ?? String(r.contractType)
                }
              />
              <DataTable.Col
                source="isDefault"
                label={texts.isDefault}
                disableSort
                render={(r) => (r.isDefault === true ? texts.isDefault : '')}
              />
              <DataTable.Col source="publishedVersion" label={texts.published} disableSort render={version} />
              <DataTable.Col
                source="draftVersion"
                label={texts.draft}
                disableSort
                render={(r) => (r.draftVersion == null ? texts.none : String(r.draftVersion))}
              />
              <DataTable.Col source="phaseCount" label={texts.phases} disableSort />
            </DataTable>
          }
        />
      </List>
    </>
  );
}
