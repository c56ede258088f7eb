import { useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readResourceDocument, type TRawDocument } from '@stageplein/contracts/client/jsonapi-document';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { DateField } from '@stageplein/design-system/forms/date-field.tsx';
import { rules } from '@stageplein/design-system/forms/field-rules.ts';
import { FormAlert, SelectField, SubmitButton, TextField } from '@stageplein/design-system/forms/fields.tsx';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';
import { useApi } from '../../api/api-context.ts';
import { useSession } from '../../session/session-context.ts';
import { StatusErrorScreen } from '../../shell/error-screen.tsx';
import { useOrganizationLabels } from '../../shell/organization-select.tsx';
import { useTenant } from '../../tenant/tenant-context.ts';
import { currentOrganizationFacts } from '../dev/gallery-gate.tsx';
import { errorMessage, Page, useRouteTitle } from '../page-kit.tsx';
import { useStagebankTexts, vacancyKinds, withStagebankTexts } from './stagebank-texts.tsx';
import {
  fetchVacancy,
  organizationVacancies,
  VACANCIES,
  type TVacancy,
  type TVacancyFields,
} from './vacancy-api.ts';
import { LazyRichTextEditor } from '@stageplein/design-system/rich-text/lazy-rich-text-editor.tsx';
import { richTextLabels } from '@stageplein/design-system/rich-text/rich-text-messages.ts';
import type { TRichTextDocument } from '@stageplein/contracts/content/content';
import {
  descriptionOf,
  EMPTY_VACANCY_FORM,
  formValuesOf,
  previewVacancy,
  vacancyAttributes,
  type TVacancyFormValues,
} from './vacancy-form-model.ts';
import { VacancyView } from './vacancy-page.tsx';

/** Organization admins acting for their organization manage its vacancies (the API checks the same). */
function useManager(): {
  ready: boolean;
  allowed: boolean;
  organizationId: string | undefined;
  approved: boolean;
} {
  const session = useSession();
  const { user, permissions, currentOrganization, organizationsState } = session;
  const pending =
    !user || (!currentOrganization && organizationsState !== 'success' && organizationsState !== 'error');
  const facts = currentOrganizationFacts(session);
  return {
    ready: !pending,
    allowed: permissions.isAdmin && !!currentOrganization,
    organizationId: currentOrganization?.id,
    approved: facts?.status === 'approved',
  };
}

function Gate({ children }: { children: (organizationId: string, approved: boolean) => ReactNode }) {
  const t = useStagebankTexts();
  const manager = useManager();
  if (!manager.ready) {
    return (
      <div className="container page">
        <p role="status">{t('loading')}</p>
      </div>
    );
  }
  if (!manager.allowed || !manager.organizationId)
    return <StatusErrorScreen status={403} message={t('forbidden')} />;
  return <>{children(manager.organizationId, manager.approved)}</>;
}

/** `/vacancies`: the current organization's vacancies, every status, for its admins. */
export const VacanciesPage = withStagebankTexts(function VacanciesPage() {
  return <Gate>{(organizationId) => <VacancyList organizationId={organizationId} />}</Gate>;
});

function VacancyList({ organizationId }: { organizationId: string }) {
  const t = useStagebankTexts();
  const title = useRouteTitle();
  const api = useApi();
  const labels = useOrganizationLabels();
  const { currentOrganization } = useSession();
  const list = useQuery({
    queryKey: ['organization-vacancies', organizationId],
    queryFn: ({ signal }) => organizationVacancies(api.client, organizationId, signal),
  });
  const name = currentOrganization ? (labels.get(currentOrganization.id) ?? '') : '';
  return (
    <Page title={title} lead={t('manageIntro', { organization: name })} testId="vacancies-page">
      <p>
        <Link className="btn btn--primary" to="/vacancies/add" data-testid="vacancy-add">
          {t('add')}
        </Link>
      </p>
      {list.isError ? (
        <FormAlert tone="error">{t('loadError')}</FormAlert>
      ) : !list.data ? (
        <p role="status">{t('loading')}</p>
      ) : list.data.length === 0 ? (
        <p>{t('noVacancies')}</p>
      ) : (
        <ul className="vacancy-list" data-testid="own-vacancies">
          {list.data.map((v) => (
            <li key={v.id} className="card vacancy-card" data-testid="own-vacancy">
              <h2 className="vacancy-card__title">
                <Link to={`/vacancies/${v.id}/edit`}>{v.title}</Link>
              </h2>
              <p>
                <span className="badge badge--inline" data-testid="vacancy-status">
                  {t(`statuses.${v.status}`)}
                </span>
                {v.hidden && <span className="badge badge--inline">{t('hidden')}</span>}
              </p>
              {v.hidden && v.hiddenReason && <p>{t('hiddenReason', { reason: v.hiddenReason })}</p>}
              <p className="actions">
                <Link to={`/vacancies/${v.id}/edit`}>{t('edit')}</Link>
                {v.status === 'published' && !v.hidden && <Link to={`/vacancies/${v.id}`}>{t('view')}</Link>}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

/** `/vacancies/add`: a new vacancy of the current organization, saved as a draft or published at once. */
export const VacancyAddPage = withStagebankTexts(function VacancyAddPage() {
  return (
    <Gate>
      {(organizationId, approved) => (
        <VacancyEditor organizationId={organizationId} approved={approved} initial={EMPTY_VACANCY_FORM} />
      )}
    </Gate>
  );
});

/** `/vacancies/{id}/edit`: change, preview, publish or close a vacancy of the current organization. */
export const VacancyEditPage = withStagebankTexts(function VacancyEditPage() {
  const { id = '' } = useParams();
  const api = useApi();
  const t = useStagebankTexts();
  const vacancy = useQuery({
    queryKey: ['vacancy', id, 'edit'],
    queryFn: ({ signal }) => fetchVacancy(api.client, id, signal),
  });
  return (
    <Gate>
      {(organizationId, approved) => {
        if (vacancy.isError) return <StatusErrorScreen status={404} />;
        if (!vacancy.data) {
          return (
            <div className="container page">
              <p role="status">{t('loading')}</p>
            </div>
          );
        }
        if (vacancy.data.organizationId !== organizationId)
          return <StatusErrorScreen status={403} message={t('forbidden')} />;
        return (
          <VacancyEditor
            key={vacancy.data.id}
            organizationId={organizationId}
            approved={approved}
            initial={formValuesOf(vacancy.data)}
            vacancy={vacancy.data}
          />
        );
      }}
    </Gate>
  );
});

function VacancyEditor({
  organizationId,
  approved,
  initial,
  vacancy,
}: {
  organizationId: string;
  approved: boolean;
  initial: TVacancyFormValues;
  vacancy?: TVacancy;
}) {
  const t = useStagebankTexts();
  const { t: tShared, i18n } = useTranslation();
  const [description, setDescription] = useState<TRichTextDocument>(() => descriptionOf(vacancy));
  const descriptionLabel = useId();
  const title = useRouteTitle();
  const api = useApi();
  const tenant = useTenant();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const labels = useOrganizationLabels();
  const { currentOrganization } = useSession();
  const [preview, setPreview] = useState(false);
  const kinds = vacancyKinds(tenant.features);
  const form = useForm<TVacancyFormValues>(
    { ...initial, kind: initial.kind || kinds[0] || '' },
    {
      title: [rules.required(), rules.maxLength(200)],
      places: [rules.required(), rules.min(1), rules.max(1000)],
      endsOn: [rules.notBefore('startsOn')],
    },
  );

  const save = async (values: TVacancyFormValues): Promise<TVacancy> => {
    const body = { data: { type: 'vacancies', attributes: vacancyAttributes(values, description) } };
    const doc = vacancy
      ? await api.client.patch<TRawDocument>(`${VACANCIES}/${vacancy.id}`, {
          data: { ...body.data, id: vacancy.id },
        })
      : await api.client.post<TRawDocument>(VACANCIES, body);
    const saved = readResourceDocument<TVacancyFields>(doc).data;
    if (!saved) throw new Error('empty vacancy document');
    return saved;
  };
  const refresh = async (id: string) => {
    await queryClient.invalidateQueries({ queryKey: ['organization-vacancies', organizationId] });
    await queryClient.invalidateQueries({ queryKey: ['vacancy', id] });
    await queryClient.invalidateQueries({ queryKey: ['vacancy-search'] });
    await queryClient.invalidateQueries({ queryKey: ['vacancy-markers'] });
  };
  // Which submit button sent the form (a ref: the submit event follows the click in the same task).
  const intent = useRef<'save' | 'publish'>('save');
  const [busy, setBusy] = useState<'save' | 'publish'>('save');
  const choose = (which: 'save' | 'publish') => () => {
    intent.current = which;
    setBusy(which);
  };

  const transition = useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'publish' | 'close' }) =>
      api.client.post(`${VACANCIES}/${id}/${action}`),
  });

  const onValid = async (values: TVacancyFormValues) => {
    const saved = await save(values);
    if (intent.current === 'publish') {
      await transition.mutateAsync({ id: saved.id, action: 'publish' });
      toast.success(t('published'));
      await refresh(saved.id);
      void navigate(`/vacancies/${saved.id}`);
      return;
    }
    toast.success(t('saved'));
    await refresh(saved.id);
    if (!vacancy) void navigate(`/vacancies/${saved.id}/edit`, { replace: true });
  };

  const close = async () => {
    if (!vacancy) return;
    try {
      await transition.mutateAsync({ id: vacancy.id, action: 'close' });
      toast.success(t('closed'));
      await refresh(vacancy.id);
      void navigate('/vacancies');
    } catch (error) {
      form.setFormError(error);
    }
  };

  const status = vacancy?.status ?? 'draft';
  const canPublish = approved && (status === 'draft' || status === 'closed');
  const name = currentOrganization ? (labels.get(currentOrganization.id) ?? '') : '';
  return (
    <Page title={vacancy ? `${title}: ${vacancy.title}` : title} testId="vacancy-editor">
      {!approved && <FormAlert tone="info">{t('notApproved')}</FormAlert>}
      {vacancy && (
        <p>
          {t('status')}:{' '}
          <span className="badge badge--inline" data-testid="vacancy-status">
            {t(`statuses.${status}`)}
          </span>
        </p>
      )}
      {vacancy?.hidden && vacancy.hiddenReason && (
        <FormAlert tone="warning">{t('hiddenReason', { reason: vacancy.hiddenReason })}</FormAlert>
      )}
      <form className="form card" noValidate onSubmit={form.handleSubmit(onValid)} data-testid="vacancy-form">
        {form.formError !== undefined && (
          <FormAlert tone="error">{errorMessage(form.formError, tShared)}</FormAlert>
        )}
        <TextField label={t('title')} required field={form.bind('title')} data-testid="vacancy-title" />
        <div className="field">
          <span id={descriptionLabel} className="field__label">
            {t('description')}
          </span>
          <LazyRichTextEditor
            value={description}
            onChange={setDescription}
            label={t('description')}
            labelledBy={descriptionLabel}
            labels={richTextLabels(i18n.resolvedLanguage)}
            testId="vacancy-description-editor"
          />
        </div>
        <SelectField
          label={t('kindLabel')}
          required
          field={form.bind('kind')}
          options={kinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        />
        <fieldset className="form__group">
          <legend>{t('address')}</legend>
          <p className="field__hint">{t('addressHint')}</p>
          <TextField label={t('street')} field={form.bind('street')} autoComplete="street-address" />
          <TextField label={t('postcode')} field={form.bind('postcode')} autoComplete="postal-code" />
          <TextField label={t('city')} field={form.bind('city')} autoComplete="address-level2" />
        </fieldset>
        <TextField
          label={t('placesLabel')}
          required
          type="number"
          min={1}
          max={1000}
          field={form.bind('places')}
        />
        <TextField
          label={t('hoursPerWeekLabel')}
          type="number"
          min={0}
          max={80}
          step="0.5"
          field={form.bind('hoursPerWeek')}
        />
        <DateField label={t('startsOnLabel')} field={form.bind('startsOn')} />
        <DateField label={t('endsOnLabel')} field={form.bind('endsOn')} />
        <DateField label={t('closesAtLabel')} field={form.bind('closesAt')} />
        <div className="actions">
          <span onClickCapture={choose('save')}>
            <SubmitButton
              pending={form.submitting && busy === 'save'}
              variant="neutral"
              testId="vacancy-save"
            >
              {vacancy ? t('saveChanges') : t('save')}
            </SubmitButton>
          </span>
          {canPublish && (
            <span onClickCapture={choose('publish')}>
              <SubmitButton pending={form.submitting && busy === 'publish'} testId="vacancy-publish">
                {t('publish')}
              </SubmitButton>
            </span>
          )}
          {vacancy && status === 'published' && (
            <button type="button" className="btn" onClick={() => void close()} data-testid="vacancy-close">
              {t('close')}
            </button>
          )}
          <button
            type="button"
            className="btn"
            aria-expanded={preview}
            aria-controls="vacancy-preview"
            onClick={() => setPreview((p) => !p)}
            data-testid="vacancy-preview-toggle"
          >
            {preview ? t('hidePreview') : t('preview')}
          </button>
        </div>
      </form>
      {preview && (
        <section
          id="vacancy-preview"
          className="card vacancy-preview"
          aria-labelledby="vacancy-preview-heading"
          data-testid="vacancy-preview"
        >
          <p id="vacancy-preview-heading" className="page__lead">
            {t('previewTitle')}
          </p>
          <VacancyView
            preview
            vacancy={previewVacancy(form.values, description, {
              ...vacancy,
              organizationId,
              organizationName: vacancy?.organizationName ?? name,
            })}
          />
        </section>
      )}
    </Page>
  );
}
