import { useParams } from 'react-router';
import {
  DateField,
  Labeled,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { Alert, Box } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { Forbidden, ShowError, STAY_ON_ERROR } from '../../ui/error-panel.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { VacancyActionButtons } from './vacancy-action-buttons.tsx';
import { VacancyStatus } from './vacancy-fields.tsx';
import { useVacancyTexts } from './vacancy-texts.ts';

function Actions() {
  const record = useRecordContext();
  const texts = useVacancyTexts();
  const canEdit = useCan('vacancies', 'edit', record);
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
      {record && canEdit && (
        <LinkButton
          to={adminPath.vacancyEdit(record.id)}
          label={texts.actions.edit}
          icon={<EditIcon />}
          testId="vacancy-edit"
        />
      )}
      <VacancyActionButtons />
    </TopToolbar>
  );
}

/** Why a moderator hid it (the API gives the reason only to its organization's admins and moderators). */
function HiddenNotice() {
  const record = useRecordContext();
  const texts = useVacancyTexts();
  if (!record?.hidden) return null;
  return (
    <Alert severity="warning" data-testid="vacancy-hidden-notice">
      {texts.hiddenNotice.replace('{reason}', String(record.hiddenReason ?? '–'))}
    </Alert>
  );
}

/** The description as the server rendered and sanitised it (services/placements, kit's rich-text). */
function Description() {
  const record = useRecordContext();
  const texts = useVacancyTexts();
  const html = String(record?.descriptionHtml ?? '');
  return (
    <Labeled label={texts.fields.description} fullWidth>
      {html ? (
        <Box
          data-testid="vacancy-description"
          sx={{ '& a': { color: 'primary.dark' }, maxWidth: '48rem' }}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        <span>{texts.noDescription}</span>
      )}
    </Labeled>
  );
}

/** The vacancy's image (a stock image or the organization's upload) with its alt text. */
function VacancyImage() {
  const record = useRecordContext();
  const texts = useVacancyTexts();
  if (!record?.imageUrl) return null;
  return (
    <Labeled label={texts.image.label} fullWidth>
      <Box
        component="img"
        src={String(record.imageUrl)}
        alt={String(record.imageAlt ?? '')}
        data-testid="vacancy-image"
        sx={{ maxWidth: '20rem', width: '100%', height: 'auto', borderRadius: 1 }}
      />
    </Labeled>
  );
}

/** `/admin/vacancies/{id}`: GET /api/v1/vacancies/{id}, with the actions the caller may take. */
export function VacancyShow() {
  const title = useRouteTitle();
  const texts = useVacancyTexts();
  const { id } = useParams();
  const allowed = useCan('vacancies', 'show');
  if (!allowed) return <Forbidden />;
  return (
    <Show
      resource="vacancies"
      id={id}
      title={title}
      actions={<Actions />}
      error={<ShowError />}
      {...STAY_ON_ERROR}
    >
      <SimpleShowLayout>
        <HiddenNotice />
        <TextField source="title" label={texts.fields.title} />
        <TextField source="organizationName" label={texts.fields.organization} />
        <Labeled label={texts.fields.status}>
          <VacancyStatus />
        </Labeled>
        <DateField source="publishedAt" label={texts.fields.publishedAt} emptyText="–" />
        <TextField source="city" label={texts.fields.city} emptyText="–" />
        <NumberField source="places" label={texts.fields.places} />
        <NumberField source="hoursPerWeek" label={texts.fields.hoursPerWeek} emptyText="–" />
        <DateField source="startsOn" label={texts.fields.startsOn} emptyText="–" />
        <DateField source="endsOn" label={texts.fields.endsOn} emptyText="–" />
        <Description />
        <VacancyImage />
      </SimpleShowLayout>
    </Show>
  );
}
