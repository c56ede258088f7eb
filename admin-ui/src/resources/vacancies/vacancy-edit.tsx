import { useParams } from 'react-router';
import { Edit, SimpleForm, TopToolbar, useDataProvider, useRecordContext, useRedirect } from 'react-admin';
import DeleteIcon from '@mui/icons-material/Delete';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { ConfirmAction } from '../../ui/confirm-action.tsx';
import { EditError, Forbidden, STAY_ON_ERROR } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { SAVE_ONLY } from '../../ui/save-toolbar.tsx';
import { VacancyInputs } from './vacancy-fields.tsx';
import { useVacancyTexts } from './vacancy-texts.ts';

/** DELETE /api/v1/vacancies/{id}: drafts only, confirmed. */
function RemoveButton() {
  const record = useRecordContext();
  const texts = useVacancyTexts();
  const dataProvider = useDataProvider();
  const redirect = useRedirect();
  const allowed = useCan('vacancies', 'delete', record);
  if (!record || !allowed) return null;
  return (
    <ConfirmAction
      label={texts.actions.delete}
      icon={<DeleteIcon />}
      color="error"
      confirmColor="warning"
      title={texts.actions.delete}
      content={texts.confirm.delete}
      success="ra.notification.deleted"
      messageArgs={{ smart_count: 1 }}
      testId="vacancy-delete"
      action={() => dataProvider.delete('vacancies', { id: record.id, previousData: record })}
      onDone={() => redirect(adminPath.vacancies)}
      refreshAfter={false}
    />
  );
}

/** `/admin/vacancies/{id}/edit`: PATCH the changed fields (the vacancy's organization's admins). */
export function VacancyEdit() {
  const title = useRouteTitle();
  const { id = '' } = useParams();
  const allowed = useCan('vacancies', 'edit');
  if (!allowed) return <Forbidden />;
  return (
    <Edit
      resource="vacancies"
      id={id}
      title={title}
      mutationMode="pessimistic"
      redirect={() => adminPath.vacancy(id)}
      actions={
        <TopToolbar>
          <RemoveButton />
        </TopToolbar>
      }
      error={<EditError />}
      {...STAY_ON_ERROR}
    >
      <SimpleForm toolbar={SAVE_ONLY}>
        <VacancyInputs />
      </SimpleForm>
    </Edit>
  );
}
