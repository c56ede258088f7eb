import { useState } from 'react';
import {
  CreateBase,
  DataTable,
  EditBase,
  List,
  maxLength,
  NumberInput,
  required,
  SimpleForm,
  TextInput,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import {
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { useCan } from '../app/session-context.ts';
import { ConfirmAction } from './confirm-action.tsx';
import { Forbidden, ListError } from './error-panel.tsx';
import { ResponsiveList } from './responsive-list.tsx';
import { useRouteTitle } from './route-title.ts';
import { SAVE_ONLY } from './save-toolbar.tsx';

interface TProps {
  resource: 'levels' | 'tags';
  /** i18n key of the "add" heading. */
  addLabel: string;
  /** Levels have an order. */
  withPosition?: boolean;
}

function Inputs({ withPosition }: { withPosition?: boolean }) {
  return (
    <>
      <TextInput source="name" validate={[required(), maxLength(100)]} />
      {withPosition && <NumberInput source="position" min={0} max={1000} step={1} />}
    </>
  );
}

/** Rename (or reorder) one record in a dialog: PATCH with the changed fields. */
function EditRecord({ resource, withPosition }: Pick<TProps, 'resource' | 'withPosition'>) {
  const record = useRecordContext();
  const translate = useTranslate();
  const refresh = useRefresh();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const titleId = `edit-${resource}-${record.id}`;
  return (
    <>
      <Button
        size="small"
        startIcon={<EditIcon />}
        onClick={() => setOpen(true)}
        aria-label={`${translate('ra.action.edit')} ${String(record.name)}`}
      >
        {translate('ra.action.edit')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>{String(record.name)}</DialogTitle>
        <DialogContent>
          <EditBase
            resource={resource}
            id={record.id}
            mutationMode="pessimistic"
            redirect={false}
            mutationOptions={{
              onSuccess: () => {
                notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
                setOpen(false);
                refresh();
              },
            }}
          >
            <SimpleForm toolbar={SAVE_ONLY}>
              <Inputs withPosition={withPosition} />
            </SimpleForm>
          </EditBase>
        </DialogContent>
      </Dialog>
    </>
  );
}

function DeleteRecord({ resource }: Pick<TProps, 'resource'>) {
  const record = useRecordContext();
  const dataProvider = useDataProvider();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <ConfirmAction
      label="ra.action.delete"
      icon={<DeleteIcon />}
      color="error"
      confirmColor="warning"
      title="ra.message.delete_title"
      content="ra.message.delete_content"
      messageArgs={{
        name: translate(`resources.${resource}.name`, { smart_count: 1 }),
        recordRepresentation: String(record.name),
        smart_count: 1,
      }}
      success="ra.notification.deleted"
      action={() => dataProvider.delete(resource, { id: record.id, previousData: record })}
    />
  );
}

function RowActions({ resource, withPosition }: Pick<TProps, 'resource' | 'withPosition'>) {
  const canEdit = useCan(resource, 'edit');
  const canDelete = useCan(resource, 'delete');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end' }}>
      {canEdit && <EditRecord resource={resource} withPosition={withPosition} />}
      {canDelete && <DeleteRecord resource={resource} />}
    </Box>
  );
}

/** POST with the name (and order): the school is the selected one. */
function AddRecord({ resource, addLabel, withPosition }: TProps) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const notify = useNotify();
  // A new key empties the form after each save.
  const [round, setRound] = useState(0);
  return (
    <Card component="section" aria-labelledby={`add-${resource}`} sx={{ mt: 2 }}>
      <CardContent sx={{ pb: 0 }}>
        <Typography id={`add-${resource}`} variant="h6" component="h2">
          {translate(addLabel)}
        </Typography>
      </CardContent>
      <CreateBase
        key={round}
        resource={resource}
        redirect={false}
        mutationOptions={{
          onSuccess: () => {
            notify('ra.notification.created', { type: 'success', messageArgs: { smart_count: 1 } });
            setRound((r) => r + 1);
            refresh();
          },
        }}
      >
        <SimpleForm>
          <Inputs withPosition={withPosition} />
        </SimpleForm>
      </CreateBase>
    </Card>
  );
}

/**
 * Levels and tags of the selected School on one page (spec §2 has only /levels and /tags): the
 * list for everyone with back-office rights, add/rename/delete for the school's admins.
 */
export function SchoolRecordsPage({ resource, addLabel, withPosition }: TProps) {
  const title = useRouteTitle();
  const translate = useTranslate();
  const allowed = useCan(resource, 'list');
  const canCreate = useCan(resource, 'create');
  const canEdit = useCan(resource, 'edit');
  const canDelete = useCan(resource, 'delete');
  const canChange = canEdit || canDelete;
  if (!allowed) return <Forbidden />;
  const secondary = withPosition ? (r: RaRecord) => `#${String(r.position)}` : undefined;
  return (
    <>
      <List
        title={title}
        resource={resource}
        actions={false}
        sort={withPosition ? { field: 'position', order: 'ASC' } : { field: 'name', order: 'ASC' }}
        perPage={100}
        pagination={false}
        error={<ListError />}
        empty={false}
      >
        <ResponsiveList
          primary={(r) => String(r.name)}
          secondary={secondary}
          trailing={
            canChange ? () => <RowActions resource={resource} withPosition={withPosition} /> : undefined
          }
          table={
            <DataTable bulkActionButtons={false} rowClick={false}>
              {withPosition && <DataTable.NumberCol source="position" />}
              <DataTable.Col source="name" />
              {canChange && (
                <DataTable.Col
                  label={
                    <Box component="span" sx={visuallyHidden}>
                      {translate('admin.actions')}
                    </Box>
                  }
                  disableSort
                  render={() => <RowActions resource={resource} withPosition={withPosition} />}
                />
              )}
            </DataTable>
          }
        />
      </List>
      {canCreate && <AddRecord resource={resource} addLabel={addLabel} withPosition={withPosition} />}
    </>
  );
}
