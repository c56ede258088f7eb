import { CheckboxGroupInput, Edit, SimpleForm } from 'react-admin';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { EditError, Forbidden, STAY_ON_ERROR } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { SAVE_ONLY } from '../../ui/save-toolbar.tsx';
import { COMPLIANCE_KIND_CHOICES } from '../compliance-documents/compliance-document-fields.tsx';

/** /compliance_requirements/{id}/edit: PATCH the kinds the selected School or VolunteerCenter requires. */
export function ComplianceRequirementEdit() {
  const title = useRouteTitle();
  const allowed = useCan('compliance_requirements', 'edit');
  if (!allowed) return <Forbidden />;
  return (
    <Edit
      title={title}
      mutationMode="pessimistic"
      redirect={() => adminPath.list('compliance_requirements')}
      error={<EditError />}
      {...STAY_ON_ERROR}
    >
      <SimpleForm toolbar={SAVE_ONLY}>
        <CheckboxGroupInput source="kinds" choices={COMPLIANCE_KIND_CHOICES} row={false} />
      </SimpleForm>
    </Edit>
  );
}
