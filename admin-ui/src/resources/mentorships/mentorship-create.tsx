import { AutocompleteInput, Create, ReferenceInput, required, SimpleForm, type RaRecord } from 'react-admin';
import { ADMIN_USER_PAGE_SIZE } from '@stageplein/contracts/jsonapi/jsonapi';
import { adminPath } from '../../app/paths.ts';
import { managesSchool } from '../../providers/access.ts';
import { useAdminPermissions, useCan } from '../../app/session-context.ts';
import { Forbidden } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { fullName } from '../users/user-fields.tsx';

const optionText = (record: RaRecord) => `${fullName(record)} (${String(record.email ?? '')})`;
/** The API searches names and email (`filter[search]`). */
const toQuery = (search: string) => ({ q: search });

/**
 * /mentorships/add: POST /api/v1/mentorships with a mentor and a student of the selected School,
 * picked from its users by role (`filter[with_role]`, the spec's admin page size of 1000). A mentor
 * (not an admin) adds mentorships for themselves only.
 */
export function MentorshipCreate() {
  const title = useRouteTitle();
  const permissions = useAdminPermissions();
  const allowed = useCan('mentorships', 'create');
  if (!allowed) return <Forbidden />;
  const onlySelf = !permissions || !managesSchool(permissions);
  return (
    <Create title={title} redirect={() => adminPath.list('mentorships')}>
      <SimpleForm defaultValues={onlySelf ? { mentorId: permissions?.userId } : undefined}>
        <ReferenceInput
          source="mentorId"
          reference="users"
          filter={onlySelf ? { withRole: 'mentor', q: '' } : { withRole: 'mentor' }}
          perPage={ADMIN_USER_PAGE_SIZE}
          sort={{ field: 'lastName', order: 'ASC' }}
        >
          <AutocompleteInput
            optionText={optionText}
            filterToQuery={toQuery}
            validate={required()}
            disabled={onlySelf}
          />
        </ReferenceInput>
        <ReferenceInput
          source="studentId"
          reference="users"
          filter={{ withRole: 'student' }}
          perPage={ADMIN_USER_PAGE_SIZE}
          sort={{ field: 'lastName', order: 'ASC' }}
        >
          <AutocompleteInput optionText={optionText} filterToQuery={toQuery} validate={required()} />
        </ReferenceInput>
      </SimpleForm>
    </Create>
  );
}
