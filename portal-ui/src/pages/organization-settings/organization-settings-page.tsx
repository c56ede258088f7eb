import { editsOwnOrganization } from '@stageplein/contracts/organizations/organizations-policy';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { readResourceDocument, type TRawDocument } from '@stageplein/contracts/client/jsonapi-document';
import type { TOrganizationType } from '@stageplein/contracts/identity/roles';
import type { TOrganizationStatus } from '@stageplein/contracts/organizations/organizations';
import { organizationRules } from '@stageplein/contracts/organizations/organizations-policy';
import { mayConfigureSchoolSso } from '@stageplein/contracts/identity/education-sso-policy';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { FormAlert, SubmitButton } from '@stageplein/design-system/forms/fields.tsx';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';
import { nlOrganizationSettings } from '@stageplein/contracts/i18n/nl-organization-pages';
import { useApi } from '../../api/api-context.ts';
import { usePortalTexts } from '../../i18n/portal-texts.ts';
import { useSession } from '../../session/session-context.ts';
import { StatusErrorScreen } from '../../shell/error-screen.tsx';
import { OrganizationSelect } from '../../shell/organization-select.tsx';
import { errorMessage, Page, useRouteTitle } from '../page-kit.tsx';
import { ProfileFields } from '../organization-profile/profile-fields.tsx';
import { EducationSsoSettings } from './education-sso-settings.tsx';
import {
  profileAttributes,
  profileRules,
  profileValuesOf,
  type TProfileField,
  type TProfileValues,
} from '../organization-profile/profile-form.ts';

interface TOrganization {
  id: string;
  type: TOrganizationType;
  name: string;
  status: TOrganizationStatus;
  profile?: Partial<Record<TProfileField, string | null>> | null;
}

const organizationPath = (id: string) => `/api/v1/organizations/${id}`;

/**
 * `/instellingen/organisatie`: the current organization's profile, editable by whom the organizations
 * service lets edit it (contracts `organizationRules.editProfile`: its own admins, also while pending);
 * for an approved School's admins also its sign-in with Kennisnet (education-sso-settings.tsx).
 */
export function OrganizationSettingsPage() {
  usePortalTexts('organizationSettings', nlOrganizationSettings);
  const { t } = useTranslation();
  const title = useRouteTitle();
  const api = useApi();
  const { user, permissions, currentOrganization, organizations } = useSession();
  const id = currentOrganization?.id;
  const query = useQuery({
    queryKey: ['organization-settings', id],
    enabled: editsOwnOrganization(permissions, id),
    queryFn: async () =>
      readResourceDocument<TOrganization>(
        await api.client.get<TRawDocument>(organizationPath(id!), { query: { include: 'profile' } }),
      ).data!,
  });
  if (!user || (editsOwnOrganization(permissions, id) && query.isPending)) {
    return (
      <Page title={title}>
        <p role="status">{t('shell.loading')}</p>
      </Page>
    );
  }
  const organization = query.data;
  const facts = organization && { id: organization.id, type: organization.type, status: organization.status };
  const mayEdit =
    !!facts &&
    organizationRules.editProfile(
      { permissions, organizationId: currentOrganization?.id ?? null },
      { current: facts, target: facts },
    );
  if (query.isError) return <StatusErrorScreen status={404} />;
  if (!organization || !mayEdit) return <StatusErrorScreen status={403} />;
  return (
    <Page
      title={title}
      lead={t('portal.organizationSettings.intro', { organization: organization.name })}
      testId="organization-settings"
    >
      {organizations.length > 1 && <OrganizationSelect testId="organization-settings-select" />}
      {organization.status !== 'approved' && (
        <FormAlert tone="info" testId="organization-status">
          {t(`portal.organizationSettings.status.${organization.status}`)}
        </FormAlert>
      )}
      <div className="card form-card">
        <ProfileForm key={organization.id} organization={organization} />
      </div>
      {mayConfigureSchoolSso(permissions, facts, organization.id) && (
        <EducationSsoSettings key={organization.id} schoolId={organization.id} />
      )}
    </Page>
  );
}

function ProfileForm({ organization }: { organization: TOrganization }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const form = useForm<TProfileValues>(
    profileValuesOf({ ...organization.profile, name: organization.profile?.name ?? organization.name }),
    profileRules(false),
  );
  const onSubmit = form.handleSubmit(async (values) => {
    const answer = await api.client.put<TRawDocument>(organizationPath(organization.id), {
      data: {
        type: organization.type,
        id: organization.id,
        attributes: profileAttributes(values, { omitEmpty: false }),
      },
    });
    const saved = readResourceDocument<TOrganization>(answer).data!;
    queryClient.setQueryData(['organization-settings', organization.id], saved);
    form.setValues(profileValuesOf({ ...saved.profile, name: saved.profile?.name ?? saved.name }));
    toast.success(t('portal.organizationSettings.saved'));
  });
  return (
    <form noValidate onSubmit={onSubmit} className="form" data-testid="organization-profile-form">
      {form.formError !== undefined && <FormAlert tone="error">{errorMessage(form.formError, t)}</FormAlert>}
      <ProfileFields bind={(name) => form.bind(name)} addressRequired={false} />
      <SubmitButton pending={form.submitting} testId="organization-profile-save">
        {t('portal.organizationSettings.save')}
      </SubmitButton>
    </form>
  );
}
