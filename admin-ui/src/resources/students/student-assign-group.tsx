import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Form,
  Loading,
  SaveButton,
  SelectInput,
  Title,
  useDataProvider,
  useGetOne,
  useNotify,
  useRedirect,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import type { TAdminDataProvider } from '../../providers/jsonapi-data-provider.ts';
import { ErrorPanel, Forbidden } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { fullName } from '../users/user-fields.tsx';

const NO_GROUP = '';

/**
 * The school's groups with the one this student is in. The API has no "group of a student" call:
 * GET /api/v1/groups/{id} lists each group's students for the school's admins, so the groups are
 * read one by one (a school has a few dozen at most).
 */
function useGroupsWithStudent(studentId: string, enabled: boolean) {
  const dataProvider = useDataProvider<TAdminDataProvider>();
  return useQuery({
    queryKey: ['groups', 'withStudent', studentId],
    enabled,
    queryFn: async () => {
      const { data: groups } = await dataProvider.getList('groups', {
        pagination: { page: 1, perPage: 1000 },
        sort: { field: 'name', order: 'ASC' },
        filter: {},
      });
      const details = await Promise.all(groups.map((g) => dataProvider.getOne('groups', { id: g.id })));
      const current = details.find(({ data }) =>
        ((data.students as RaRecord[] | undefined) ?? []).some((s) => String(s.id) === studentId),
      );
      return { groups, currentId: current ? String(current.data.id) : NO_GROUP };
    },
  });
}

/** /students/{id}/assign_group: PUT /api/v1/students/{id}/assign_group (one group per student per school). */
export function StudentAssignGroup() {
  const { id = '' } = useParams();
  const title = useRouteTitle();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<TAdminDataProvider>();
  const allowed = useCan('students', 'assignGroup');
  const student = useGetOne('students', { id }, { enabled: allowed, retry: false });
  const groups = useGroupsWithStudent(id, allowed);
  if (!allowed) return <Forbidden />;
  const error = student.error ?? groups.error;
  if (error) return <ErrorPanel error={error} />;
  if (!student.data || !groups.data) return <Loading />;

  const choices = groups.data.groups.map((g) => ({ id: String(g.id), name: String(g.name) }));
  const currentName =
    choices.find((c) => c.id === groups.data.currentId)?.name ?? translate('admin.students.noGroup');
  const submit = async (values: Record<string, unknown>) => {
    try {
      const groupId = values.groupId ? String(values.groupId) : null;
      await dataProvider.assignGroup(id, groupId);
      notify('admin.students.groupAssigned', { type: 'success' });
      redirect(adminPath.show('users', id));
    } catch (failure) {
      const body = (failure as { body?: { errors?: Record<string, unknown> } }).body;
      if (body?.errors) return body.errors;
      notify((failure as Error).message, { type: 'error' });
    }
    return undefined;
  };
  return (
    <Card sx={{ mt: { xs: 2, sm: 3 } }}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h2">
          {fullName(student.data)}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('admin.students.currentGroup')}: <span data-testid="current-group">{currentName}</span>
        </Typography>
        <Form onSubmit={submit} defaultValues={{ groupId: groups.data.currentId }} resource="students">
          <Stack spacing={2} sx={{ maxWidth: '24rem' }}>
            <SelectInput
              source="groupId"
              choices={choices}
              emptyValue={NO_GROUP}
              emptyText={translate('admin.students.noGroup')}
            />
            <div>
              <SaveButton alwaysEnable />
            </div>
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}
