import { Edit, email, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { GENDER_CHOICES, LOCALE_CHOICES, USER_STATUS_CHOICES } from '../../ui/choices.ts';
import { EditError, Forbidden, STAY_ON_ERROR } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { SAVE_ONLY } from '../../ui/save-toolbar.tsx';
import { phoneNumber } from '../../ui/field-validators.ts';

/** "invited" is the API's own state until the user confirms; an admin sets active, inactive or archived. */
const STATUS_CHOICES = USER_STATUS_CHOICES.map((c) => ({ ...c, disabled: c.id === 'invited' }));

/** The fields of `ZUserUpdateAttributes`; only the changed ones are sent (PATCH, spec §7 `attributes`). */
export function UserFormFields() {
  return (
    <>
      <TextInput source="firstName" validate={required()} />
      <TextInput source="lastName" validate={required()} />
      <TextInput source="email" type="email" validate={[required(), email()]} />
      <SelectInput source="gender" choices={GENDER_CHOICES} emptyText="–" />
      <TextInput source="phoneNumber" type="tel" validate={phoneNumber} />
      <SelectInput source="locale" choices={LOCALE_CHOICES} validate={required()} />
      <SelectInput source="status" choices={STATUS_CHOICES} validate={required()} />
    </>
  );
}

/** /users/{id}/edit. */
export function UserEdit() {
  const title = useRouteTitle();
  const allowed = useCan('users', 'edit');
  if (!allowed) return <Forbidden />;
  return (
    <Edit
      title={title}
      mutationMode="pessimistic"
      redirect={(_resource, id) => adminPath.show('users', id!)}
      error={<EditError />}
      {...STAY_ON_ERROR}
    >
      <SimpleForm toolbar={SAVE_ONLY}>
        <UserFormFields />
      </SimpleForm>
    </Edit>
  );
}
