import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { maySubmitSelfFound } from '@stageplein/contracts/placements/internship-policy';
import { readCollectionDocument, type TRawDocument } from '@stageplein/contracts/client/jsonapi-document';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { DateField } from '@stageplein/design-system/forms/date-field.tsx';
import {
  FormAlert,
  SubmitButton,
  TextAreaField,
  TextField,
} from '@stageplein/design-system/forms/fields.tsx';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';
import { useApi } from '../../api/api-context.ts';
import { useSession } from '../../session/session-context.ts';
import { StatusErrorScreen } from '../../shell/error-screen.tsx';
import { useTenant } from '../../tenant/tenant-context.ts';
import { currentOrganizationFacts } from '../dev/gallery-gate.tsx';
import { errorMessage, Page, useRouteTitle } from '../page-kit.tsx';
import { SELF_FOUND_PATH, selfFoundBody, selfFoundInitialValues, selfFoundRules } from './self-found-form.ts';
import { registerSelfFoundMessages, SELF_FOUND_NAMESPACE } from './self-found-messages.ts';

interface TOwnInternship {
  id: string;
  title: string;
  organizationName: string | null;
  startDate: string | null;
  endDate: string | null;
  status: string;
  statusReason: string | null;
}

const OWN_SELF_FOUND = '/api/v1/internships?filter[self_found_eq]=true&sort=-created_at&page[size]=50';

function useTexts() {
  const { t, i18n } = useTranslation(SELF_FOUND_NAMESPACE);
  registerSelfFoundMessages(i18n);
  return t;
}

/**
 * `/zelfgevonden`: a student submits an internship they found themselves (where the tenant's switch
 * allows it; the API refuses elsewhere) and follows what their school decided.
 */
export function SelfFoundPage() {
  const t = useTexts();
  const tenant = useTenant();
  const session = useSession();
  if (!session.user) return <div className="container page" aria-busy="true" />;
  if (!tenant.features.selfFoundInternships)
    return <StatusErrorScreen status={404} message={t('unavailable')} />;
  if (!maySubmitSelfFound(session.permissions, currentOrganizationFacts(session), tenant.features))
    return <StatusErrorScreen status={403} message={t('forbidden')} />;
  return <SelfFoundForm />;
}

function SelfFoundForm() {
  const t = useTexts();
  const { t: tc } = useTranslation();
  const title = useRouteTitle();
  const api = useApi();
  const queries = useQueryClient();
  const form = useForm(selfFoundInitialValues(), selfFoundRules);
  const own = useQuery({
    queryKey: ['self-found-internships'],
    queryFn: async ({ signal }) =>
      readCollectionDocument<TOwnInternship>(await api.client.get<TRawDocument>(OWN_SELF_FOUND, { signal }))
        .data,
  });
  const submit = useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      api.client.post(SELF_FOUND_PATH, selfFoundBody(values as never)),
  });
  const onSubmit = form.handleSubmit(async (values) => {
    await submit.mutateAsync(values);
    toast.success(t('submitted'));
    form.setValues(selfFoundInitialValues());
    await queries.invalidateQueries({ queryKey: ['self-found-internships'] });
  });
  const bind = form.bind;
  return (
    <Page title={title} lead={<p>{t('intro')}</p>} testId="self-found-page">
      <div className="card form-card">
        <form noValidate onSubmit={onSubmit} className="form" data-testid="self-found-form">
          {form.formError !== undefined && (
            <FormAlert tone="error">{errorMessage(form.formError, tc)}</FormAlert>
          )}
          <fieldset className="form__group">
            <legend>{t('internship')}</legend>
            <TextField label={t('title')} hint={t('titleHint')} required field={bind('title')} />
            <TextAreaField label={t('description')} rows={4} field={bind('description')} />
            <div className="form__row">
              <DateField label={t('startDate')} required field={bind('startDate')} />
              <DateField label={t('endDate')} required field={bind('endDate')} />
            </div>
          </fieldset>
          <fieldset className="form__group">
            <legend>{t('organization')}</legend>
            <TextField
              label={t('organizationName')}
              required
              autoComplete="organization"
              field={bind('organizationName')}
            />
            <TextField
              label={t('address')}
              required
              autoComplete="street-address"
              field={bind('organizationAddress')}
            />
            <div className="form__row">
              <TextField
                label={t('postcode')}
                required
                autoComplete="postal-code"
                field={bind('organizationPostcode')}
              />
              <TextField
                label={t('city')}
                required
                autoComplete="address-level2"
                field={bind('organizationCity')}
              />
            </div>
            <TextField
              label={t('website')}
              hint={t('websiteHint')}
              type="url"
              inputMode="url"
              field={bind('organizationWebsite')}
            />
          </fieldset>
          <fieldset className="form__group">
            <legend>{t('contact')}</legend>
            <TextField label={t('contactName')} required autoComplete="off" field={bind('contactName')} />
            <div className="form__row">
              <TextField
                label={t('contactEmail')}
                type="email"
                inputMode="email"
                required
                autoComplete="off"
                field={bind('contactEmail')}
              />
              <TextField
                label={t('contactPhone')}
                type="tel"
                inputMode="tel"
                autoComplete="off"
                field={bind('contactPhone')}
              />
            </div>
          </fieldset>
          <SubmitButton pending={form.submitting} testId="self-found-submit">
            {t('submit')}
          </SubmitButton>
        </form>
      </div>
      <section aria-labelledby="self-found-mine">
        <h2 id="self-found-mine">{t('mine')}</h2>
        {own.isError ? (
          <FormAlert tone="error">{t('loadError')}</FormAlert>
        ) : !own.data ? (
          <p role="status">{t('loading')}</p>
        ) : own.data.length === 0 ? (
          <p>{t('none')}</p>
        ) : (
          <ul className="vacancy-list" data-testid="self-found-list">
            {own.data.map((i) => (
              <li key={i.id} className="card vacancy-card" data-testid="self-found-item">
                <h3 className="vacancy-card__title">{i.title}</h3>
                <p>
                  {i.organizationName}
                  {i.startDate && i.endDate && <> · {t('dates', { start: i.startDate, end: i.endDate })}</>}
                </p>
                <p>
                  <span className="badge badge--inline" data-testid="self-found-status">
                    {t(`statuses.${i.status}`)}
                  </span>
                </p>
                {i.statusReason && <p>{t('reason', { reason: i.statusReason })}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </Page>
  );
}
