import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { readResourceDocument, type TRawDocument } from '@stageplein/contracts/client/jsonapi-document';
import { isBrin, normalizeBrin, splitBrins } from '@stageplein/contracts/identity/education-sso-policy';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import {
  CheckboxField,
  FormAlert,
  SubmitButton,
  TextField,
} from '@stageplein/design-system/forms/fields.tsx';
import type { TRule } from '@stageplein/design-system/forms/field-rules.ts';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';
import { useApi } from '../../api/api-context.ts';
import { errorMessage } from '../page-kit.tsx';

interface TSchoolSso {
  brins: string[];
  provisionStudents: boolean;
}

const ssoPath = (schoolId: string) => `/api/v1/education_sso_schools/${schoolId}`;

/** Every code the field names must be a BRIN (contracts' rule, the one the server applies). */
const brinsRule: TRule = (value) =>
  typeof value === 'string' && splitBrins(value).some((code) => !isBrin(code))
    ? { key: 'portal.organizationSettings.educationSso.brinInvalid' }
    : undefined;

/**
 * The School's sign-in with Kennisnet on `/instellingen/organisatie`: its BRIN codes and whether its
 * unknown students get an account. Shown to the School's admins (contracts' mayConfigureSchoolSso,
 * which identity enforces too).
 */
export function EducationSsoSettings({ schoolId }: { schoolId: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const query = useQuery({
    queryKey: ['education-sso-school', schoolId],
    queryFn: async () =>
      readResourceDocument<TSchoolSso>(await api.client.get<TRawDocument>(ssoPath(schoolId))).data!,
  });
  return (
    <section className="card form-card" aria-labelledby="education-sso-title" data-testid="education-sso">
      <h2 id="education-sso-title">{t('portal.organizationSettings.educationSso.title')}</h2>
      <p>{t('portal.organizationSettings.educationSso.intro')}</p>
      {query.isError ? (
        <FormAlert tone="error">{errorMessage(query.error, t)}</FormAlert>
      ) : query.data ? (
        <EducationSsoForm key={query.data.brins.join()} schoolId={schoolId} settings={query.data} />
      ) : (
        <p role="status">{t('shell.loading')}</p>
      )}
    </section>
  );
}

function EducationSsoForm({ schoolId, settings }: { schoolId: string; settings: TSchoolSso }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const form = useForm(
    { brins: settings.brins.join(', '), provisionStudents: settings.provisionStudents },
    { brins: [brinsRule] },
  );
  const onSubmit = form.handleSubmit(async (values) => {
    const brins = [...new Set(splitBrins(String(values.brins)).map(normalizeBrin))];
    const answer = await api.client.put<TRawDocument>(ssoPath(schoolId), {
      data: {
        type: 'education_sso_school',
        attributes: { brins, provision_students: values.provisionStudents === true },
      },
    });
    const saved = readResourceDocument<TSchoolSso>(answer).data!;
    queryClient.setQueryData(['education-sso-school', schoolId], saved);
    form.setValues({ brins: saved.brins.join(', '), provisionStudents: saved.provisionStudents });
    toast.success(t('portal.organizationSettings.educationSso.saved'));
  });
  return (
    <form noValidate onSubmit={onSubmit} className="form" data-testid="education-sso-form">
      {form.formError !== undefined && <FormAlert tone="error">{errorMessage(form.formError, t)}</FormAlert>}
      <TextField
        label={t('portal.organizationSettings.educationSso.brins')}
        hint={t('portal.organizationSettings.educationSso.brinsHint')}
        field={form.bind('brins')}
        autoComplete="off"
        spellCheck={false}
      />
      <CheckboxField
        label={t('portal.organizationSettings.educationSso.provision')}
        hint={t('portal.organizationSettings.educationSso.provisionHint')}
        field={form.bind('provisionStudents')}
      />
      <SubmitButton pending={form.submitting} testId="education-sso-save">
        {t('portal.organizationSettings.educationSso.save')}
      </SubmitButton>
    </form>
  );
}
