import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { readCollectionDocument, type TRawDocument } from '@stageplein/contracts/client/jsonapi-document';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { DateField } from '@stageplein/design-system/forms/date-field.tsx';
import { rules } from '@stageplein/design-system/forms/field-rules.ts';
import type { TRule } from '@stageplein/design-system/forms/field-rules.ts';
import {
  CheckboxField,
  FormAlert,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from '@stageplein/design-system/forms/fields.tsx';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';
import { useApi } from '../../api/api-context.ts';
import { StatusErrorScreen } from '../../shell/error-screen.tsx';
import { errorMessage, Page, useRouteTitle } from '../page-kit.tsx';
import {
  editableFieldsOf,
  fetchInternshipPeople,
  updateInternship,
  type TInternship,
} from './internship-api.ts';
import {
  formFieldsOf,
  formKey,
  formValuesOf,
  NAMED_SUPERVISOR,
  patchOf,
  personOptions,
  type TFormField,
  type TInternshipFormValues,
} from './internship-edit-model.ts';
import { InternshipMissing, Loading, useInternship } from './internship-page.tsx';
import { useInternshipTexts } from './internship-texts.tsx';

/** `/internships/{id}/edit`: the fields the policy lets the caller change now, nothing else. */
export function InternshipEditPage() {
  const { id = '' } = useParams();
  const t = useInternshipTexts();
  const internship = useInternship(id);
  if (internship.isError) return <InternshipMissing error={internship.error} />;
  if (!internship.data) return <Loading />;
  const fields = formFieldsOf(editableFieldsOf(internship.data));
  if (fields.length === 0) return <StatusErrorScreen status={403} message={t('editForbidden')} />;
  return <InternshipEditor key={internship.data.updatedAt} internship={internship.data} fields={fields} />;
}

/** A rule of the named supervisor's fields, which count only while that choice is made. */
const whenNamed =
  (rule: TRule): TRule =>
  (value, values) =>
    values.supervisorId === NAMED_SUPERVISOR ? rule(value, values) : undefined;

const SCHEMA: Partial<Record<keyof TInternshipFormValues & string, readonly TRule[]>> = {
  title: [rules.required(), rules.maxLength(200)],
  description: [rules.maxLength(5000)],
  motivation: [rules.maxLength(5000)],
  endDate: [rules.notBefore('startDate')],
  organizationName: [rules.maxLength(200)],
  contactName: [rules.maxLength(200)],
  contactEmail: [rules.email()],
  supervisorName: [whenNamed(rules.required()), rules.maxLength(200)],
  supervisorEmail: [whenNamed(rules.required()), rules.email()],
  contactPhoneNumber: [rules.phoneNumber()],
  hours: [rules.number(), rules.min(0), rules.max(10_000)],
};

function InternshipEditor({ internship: i, fields }: { internship: TInternship; fields: TFormField[] }) {
  const t = useInternshipTexts();
  const { t: tShared } = useTranslation();
  const title = useRouteTitle(`${tShared('routes.internships.edit')}: ${i.title}`);
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const initial = useMemo(() => formValuesOf(i), [i]);
  const schema = Object.fromEntries(
    fields.map((f) => [formKey(f), SCHEMA[formKey(f)] ?? []]),
  ) as typeof SCHEMA;
  const form = useForm<TInternshipFormValues>(initial, schema);
  const periods = useQuery({
    queryKey: ['internship-filter', 'periods'],
    queryFn: async ({ signal }) =>
      readCollectionDocument<{ name?: string }>(
        await api.client.get<TRawDocument>('/api/v1/internship_periods', { signal }),
      ).data.map((p) => ({ value: p.id, label: p.name ?? p.id })),
    enabled: fields.includes('internship_period_id'),
  });
  // The organization's people for the contact person and supervisor pickers (the rule is contracts').
  const pickers = fields.includes('contact_person_id') || fields.includes('supervisor_id');
  const people = useQuery({
    queryKey: ['internship-people', i.id],
    queryFn: ({ signal }) => fetchInternshipPeople(api.client, i.id, signal),
    enabled: pickers,
  });
  const organizationId = i.organization?.id ?? null;
  const onValid = async (values: TInternshipFormValues) => {
    const patch = patchOf(initial, values, fields);
    if (Object.keys(patch).length > 0) await updateInternship(api.client, i.id, patch);
    toast.success(t('saved'));
    await queryClient.invalidateQueries({ queryKey: ['internship', i.id] });
    await queryClient.invalidateQueries({ queryKey: ['internships'] });
    void navigate(`/internships/${i.id}`);
  };
  const has = (f: TFormField) => fields.includes(f);
  return (
    <Page title={title} testId="internship-editor">
      <form
        className="form card"
        noValidate
        onSubmit={form.handleSubmit(onValid)}
        data-testid="internship-form"
      >
        {form.formError !== undefined && (
          <FormAlert tone="error">{errorMessage(form.formError, tShared)}</FormAlert>
        )}
        {has('title') && <TextField label={t('title')} required field={form.bind('title')} />}
        {has('description') && <TextAreaField label={t('description')} field={form.bind('description')} />}
        {has('motivation') && <TextAreaField label={t('motivation')} field={form.bind('motivation')} />}
        {has('start_date') && <DateField label={t('startDate')} field={form.bind('startDate')} />}
        {has('end_date') && <DateField label={t('endDate')} field={form.bind('endDate')} />}
        {has('internship_period_id') && (
          <SelectField
            label={t('period')}
            field={form.bind('internshipPeriodId')}
            options={[{ value: '', label: t('none') }, ...(periods.data ?? [])]}
          />
        )}
        {has('organization_name') && (
          <TextField
            label={t('organizationName')}
            field={form.bind('organizationName')}
            autoComplete="organization"
          />
        )}
        {has('contact_name') && <TextField label={t('contactName')} field={form.bind('contactName')} />}
        {has('contact_email') && (
          <TextField label={t('contactEmail')} type="email" field={form.bind('contactEmail')} />
        )}
        {has('contact_phone_number') && (
          <TextField label={t('contactPhone')} type="tel" field={form.bind('contactPhoneNumber')} />
        )}
        {has('contact_person_id') && (
          <SelectField
            label={t('contact')}
            hint={t('personHint')}
            field={form.bind('contactPersonId')}
            options={personOptions(people.data ?? [], organizationId, i.contactPerson, t('nobody'))}
          />
        )}
        {has('supervisor_id') && (
          <SelectField
            label={t('supervisor')}
            hint={t('supervisorHint')}
            field={form.bind('supervisorId')}
            options={[
              ...personOptions(people.data ?? [], organizationId, i.supervisor, t('nobody')),
              ...(has('supervisor_email') ? [{ value: NAMED_SUPERVISOR, label: t('namedSupervisor') }] : []),
            ]}
          />
        )}
        {has('supervisor_email') && form.values.supervisorId === NAMED_SUPERVISOR && (
          <>
            <TextField
              label={t('supervisorName')}
              required
              field={form.bind('supervisorName')}
              autoComplete="off"
            />
            <TextField
              label={t('supervisorEmail')}
              type="email"
              required
              hint={t('supervisorEmailHint')}
              field={form.bind('supervisorEmail')}
              autoComplete="off"
            />
          </>
        )}
        {has('hours') && <TextField label={t('hours')} inputMode="decimal" field={form.bind('hours')} />}
        {has('updating_hours_allowed') && (
          <CheckboxField label={t('updatingHoursAllowed')} field={form.bind('updatingHoursAllowed')} />
        )}
        <div className="actions">
          <SubmitButton pending={form.submitting} testId="internship-save">
            {t('save')}
          </SubmitButton>
          <Link className="btn" to={`/internships/${i.id}`}>
            {t('cancelEdit')}
          </Link>
        </div>
      </form>
    </Page>
  );
}
