import {
  maxLength,
  ReferenceInput,
  required,
  SelectInput,
  TextInput,
  useDataProvider,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import ArchiveIcon from '@mui/icons-material/Archive';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import { useCan } from '../../app/session-context.ts';
import { ConfirmAction } from '../../ui/confirm-action.tsx';
import { DateInput } from '../../ui/date-input.tsx';

/** `ZInternshipPeriodInput`: name and dates; the school year defaults to the one containing the start. */
export function PeriodInputs() {
  const translate = useTranslate();
  return (
    <>
      <TextInput source="name" validate={[required(), maxLength(200)]} />
      <DateInput source="startDate" required />
      <DateInput source="endDate" required notBefore="startDate" />
      <ReferenceInput
        source="schoolYearId"
        reference="school_years"
        sort={{ field: 'startDate', order: 'DESC' }}
        perPage={100}
      >
        <SelectInput
          optionText="name"
          emptyText="–"
          helperText={translate('admin.internshipPeriods.schoolYearHint')}
        />
      </ReferenceInput>
    </>
  );
}

/** Archive (status archived) or make active again: PATCH /api/v1/internship_periods/{id}. */
export function ArchivePeriodButton({ onDone }: { onDone?: () => void }) {
  const record = useRecordContext();
  const dataProvider = useDataProvider();
  const allowed = useCan('internship_periods', 'edit');
  if (!record || !allowed) return null;
  const archived = record.status === 'archived';
  const to = archived ? 'active' : 'archived';
  return (
    <ConfirmAction
      label={archived ? 'admin.internshipPeriods.reactivate' : 'admin.internshipPeriods.archive'}
      icon={archived ? <UnarchiveIcon /> : <ArchiveIcon />}
      title={archived ? 'admin.internshipPeriods.reactivate' : 'admin.internshipPeriods.archiveTitle'}
      content={archived ? 'admin.internshipPeriods.reactivate' : 'admin.internshipPeriods.archiveContent'}
      messageArgs={{ name: String(record.name), smart_count: 1 }}
      success={archived ? 'ra.notification.updated' : 'admin.internshipPeriods.archived'}
      testId={`${archived ? 'reactivate' : 'archive'}-${record.id}`}
      action={() =>
        dataProvider.update('internship_periods', {
          id: record.id,
          data: { ...record, status: to } as RaRecord,
          previousData: record,
        })
      }
      onDone={onDone}
    />
  );
}
