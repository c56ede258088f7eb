import { type ReactNode } from 'react';
import { nlProfile } from '@stageplein/contracts/i18n/nl-account-pages';
import { usePortalTexts } from '../../i18n/portal-texts.ts';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API_PATHS } from '@stageplein/contracts/client/api-client';
import { passwordUpdateRequest } from '@stageplein/contracts/client/password-reset';
import { useApi } from '../../api/api-context.ts';
import {
  CheckboxField,
  FormAlert,
  RadioGroup,
  SelectField,
  SubmitButton,
  TextField,
} from '@stageplein/design-system/forms/fields.tsx';
import { rules } from '@stageplein/design-system/forms/field-rules.ts';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';
import type { TCurrentUser } from '../../session/current-user.ts';
import { useSession } from '../../session/session-context.ts';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { errorMessage, useRouteTitle } from '../page-kit.tsx';
import { confirmationRules, newPasswordRules } from '../auth/password-fields.ts';
import { NewPasswordFields } from '../auth/new-password-fields.tsx';
import { DeliveryChoices } from './delivery-choices.tsx';

const TABS: [string, string][] = [
  ['/profile-edit', 'routes.profile.index'],
  ['/profile-edit/email', 'routes.profile.email'],
  ['/profile-edit/settings', 'routes.profile.settings'],
  ['/profile-edit/periodieke-mail', 'routes.profile.periodicMail'],
];

/** `/profile-edit` and its children (spec §2): one frame with the four sections as tabs. */
function ProfileFrame({ children }: { children: (user: TCurrentUser) => ReactNode }) {
  usePortalTexts('profile', nlProfile);
  const { t } = useTranslation();
  const { user } = useSession();
  const title = useRouteTitle();
  return (
    <div className="container page">
      <h1 data-testid="page-title">{title}</h1>
      <nav aria-label={t('portal.profile.sections')} className="section-tabs">
        <ul className="tabs tabs--boxed">
          {TABS.map(([to, key]) => (
            <li key={to}>
              <NavLink to={to} end className={({ isActive }) => `tab${isActive ? ' tab--active' : ''}`}>
                {t(key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="card form-card">
        {user ? children(user) : <p role="status">{t('shell.loading')}</p>}
      </div>
    </div>
  );
}

/** `PATCH /api/v1/current_user` with `{ user: {...} }` (spec §7). */
function useSaveUser() {
  const api = useApi();
  const { t } = useTranslation();
  return async (changes: Record<string, unknown>) => {
    await api.client.patch(API_PATHS.currentUser, { user: changes });
    toast.success(t('portal.profile.saved'));
  };
}

function ProfileForm({ user }: { user: TCurrentUser }) {
  const { t } = useTranslation();
  const save = useSaveUser();
  const form = useForm(
    {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      gender: user.gender ?? '',
      phoneNumber: user.phoneNumber ?? '',
      locale: user.locale,
    },
    {
      firstName: [rules.required(), rules.maxLength(100)],
      lastName: [rules.required(), rules.maxLength(100)],
      phoneNumber: [rules.maxLength(30), rules.phoneNumber()],
      locale: [rules.required(), rules.oneOf(['nl', 'en'])],
    },
  );
  const onSubmit = form.handleSubmit(async (v) => {
    await save({
      firstName: String(v.firstName).trim(),
      lastName: String(v.lastName).trim(),
      gender: v.gender ? v.gender : null,
      phoneNumber: String(v.phoneNumber).trim() || null,
      locale: v.locale,
    });
  });
  return (
    <form noValidate onSubmit={onSubmit} className="form" data-testid="profile-form">
      {form.formError !== undefined && <FormAlert tone="error">{errorMessage(form.formError, t)}</FormAlert>}
      <div className="form__row">
        <TextField
          label={t('portal.profile.firstName')}
          autoComplete="given-name"
          required
          field={form.bind('firstName')}
        />
        <TextField
          label={t('portal.profile.lastName')}
          autoComplete="family-name"
          required
          field={form.bind('lastName')}
        />
      </div>
      <SelectField
        label={t('portal.profile.gender')}
        field={form.bind('gender')}
        options={[
          { value: '', label: t('portal.profile.genders.none') },
          { value: 'female', label: t('portal.profile.genders.female') },
          { value: 'male', label: t('portal.profile.genders.male') },
          { value: 'other', label: t('portal.profile.genders.other') },
        ]}
      />
      <TextField
        label={t('portal.profile.phoneNumber')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        field={form.bind('phoneNumber')}
      />
      <SelectField
        label={t('portal.profile.locale')}
        hint={t('portal.profile.localeHint')}
        required
        field={form.bind('locale')}
        options={[
          { value: 'nl', label: t('app.languages.nl') },
          { value: 'en', label: t('app.languages.en') },
        ]}
      />
      <SubmitButton pending={form.submitting} testId="profile-save">
        {t('portal.profile.save')}
      </SubmitButton>
    </form>
  );
}

export function ProfilePage() {
  return <ProfileFrame>{(user) => <ProfileForm user={user} />}</ProfileFrame>;
}

function EmailForm({ user }: { user: TCurrentUser }) {
  const { t } = useTranslation();
  const save = useSaveUser();
  const form = useForm(
    { email: '', currentPassword: '' },
    { email: [rules.required(), rules.email(), rules.maxLength(254)], currentPassword: [rules.required()] },
  );
  const onSubmit = form.handleSubmit(async (v) => {
    await save({ email: String(v.email).trim().toLowerCase(), currentPassword: v.currentPassword });
    form.setValues({ email: '', currentPassword: '' });
  });
  return (
    <form noValidate onSubmit={onSubmit} className="form" data-testid="email-form">
      <p>
        {t('portal.profile.emailIntro')} <strong data-testid="current-email">{user.email}</strong>
      </p>
      {user.unconfirmedEmail && (
        <FormAlert tone="info" testId="pending-email">
          {t('portal.profile.emailPending', { email: user.unconfirmedEmail })}
        </FormAlert>
      )}
      {form.formError !== undefined && <FormAlert tone="error">{errorMessage(form.formError, t)}</FormAlert>}
      <TextField
        label={t('portal.profile.newEmail')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        field={form.bind('email')}
      />
      <TextField
        label={t('portal.profile.currentPassword')}
        type="password"
        autoComplete="current-password"
        required
        field={form.bind('currentPassword')}
      />
      <SubmitButton pending={form.submitting}>{t('portal.profile.save')}</SubmitButton>
    </form>
  );
}

export function ProfileEmailPage() {
  return <ProfileFrame>{(user) => <EmailForm user={user} />}</ProfileFrame>;
}

function NotificationSettingsForm({ user }: { user: TCurrentUser }) {
  const { t } = useTranslation();
  const save = useSaveUser();
  const form = useForm({ emailNotifications: user.settings.emailNotifications });
  const onSubmit = form.handleSubmit(async (v) => {
    await save({ settings: { emailNotifications: v.emailNotifications === true } });
  });
  return (
    <form noValidate onSubmit={onSubmit} className="form" data-testid="settings-form">
      <h2>{t('portal.profile.notificationsTitle')}</h2>
      {form.formError !== undefined && <FormAlert tone="error">{errorMessage(form.formError, t)}</FormAlert>}
      <CheckboxField
        label={t('portal.profile.emailNotifications')}
        hint={t('portal.profile.emailNotificationsHint')}
        field={form.bind('emailNotifications')}
      />
      <SubmitButton pending={form.submitting}>{t('portal.profile.save')}</SubmitButton>
    </form>
  );
}

/** Password change of a signed-in user: `PUT /auth/password` with this client's credentials. */
function PasswordForm() {
  const { t } = useTranslation();
  const api = useApi();
  const form = useForm(
    { password: '', passwordConfirmation: '' },
    { password: newPasswordRules, passwordConfirmation: confirmationRules() },
  );
  const onSubmit = form.handleSubmit(async (v) => {
    const { body, credentials } = passwordUpdateRequest(
      { password: String(v.password), passwordConfirmation: String(v.passwordConfirmation) },
      { credentials: api.credentials.get() },
    );
    await api.client.request(API_PATHS.password, { method: 'PUT', body, credentials });
    form.setValues({ password: '', passwordConfirmation: '' });
    toast.success(t('portal.reset.done'));
  });
  return (
    <form noValidate onSubmit={onSubmit} className="form" data-testid="password-form">
      <h2>{t('portal.profile.passwordTitle')}</h2>
      {form.formError !== undefined && <FormAlert tone="error">{errorMessage(form.formError, t)}</FormAlert>}
      <NewPasswordFields password={form.bind('password')} confirmation={form.bind('passwordConfirmation')} />
      <SubmitButton pending={form.submitting}>{t('portal.profile.savePassword')}</SubmitButton>
    </form>
  );
}

export function ProfileSettingsPage() {
  return (
    <ProfileFrame>
      {(user) => (
        <>
          <NotificationSettingsForm user={user} />
          <hr className="separator" />
          <PasswordForm />
        </>
      )}
    </ProfileFrame>
  );
}

function PeriodicMailForm({ user }: { user: TCurrentUser }) {
  const { t } = useTranslation();
  const save = useSaveUser();
  const form = useForm({ periodicMailFrequency: user.periodicMailFrequency });
  const onSubmit = form.handleSubmit(async (v) => {
    await save({ periodicMailFrequency: v.periodicMailFrequency });
  });
  return (
    <form noValidate onSubmit={onSubmit} className="form" data-testid="periodic-mail-form">
      <p>{t('portal.profile.periodicMailIntro')}</p>
      {form.formError !== undefined && <FormAlert tone="error">{errorMessage(form.formError, t)}</FormAlert>}
      <RadioGroup
        legend={t('portal.profile.periodicMailLegend')}
        field={form.bind('periodicMailFrequency')}
        options={(['never', 'daily', 'weekly', 'monthly'] as const).map((f) => ({
          value: f,
          label: t(`portal.profile.frequencies.${f}`),
        }))}
      />
      <SubmitButton pending={form.submitting}>{t('portal.profile.save')}</SubmitButton>
    </form>
  );
}

export function PeriodicMailPage() {
  return (
    <ProfileFrame>
      {(user) => (
        <>
          <PeriodicMailForm user={user} />
          <hr className="separator" />
          <DeliveryChoices user={user} />
        </>
      )}
    </ProfileFrame>
  );
}
