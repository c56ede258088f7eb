import { managesVacanciesOf } from '@stageplein/contracts/placements/vacancy-policy';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  readCollectionDocument,
  readResourceDocument,
  type TRawDocument,
} from '@stageplein/contracts/client/jsonapi-document';
import type { TApiClient } from '@stageplein/contracts/client/api-client';
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
import { registerVacancyManageMessages, VACANCY_MANAGE_NAMESPACE } from './vacancy-manage-messages.ts';
import { useStagebankTexts, vacancyKinds, withStagebankTexts } from './stagebank-texts.tsx';
import {
  fetchVacancy,
  fetchVacancyPeople,
  VACANCIES,
  type TVacancy,
  type TVacancyFields,
} from './vacancy-api.ts';
import { LazyRichTextEditor } from '@stageplein/design-system/rich-text/lazy-rich-text-editor.tsx';
import { richTextLabels } from '@stageplein/design-system/rich-text/rich-text-messages.ts';
import type { TRichTextDocument } from '@stageplein/contracts/content/content';
import {
  contactPersonOptions,
  descriptionOf,
  EMPTY_VACANCY_FORM,
  formValuesOf,
  previewVacancy,
  vacancyAttributes,
  type TVacancyFormValues,
} from './vacancy-form-model.ts';
import { VacancyView } from './vacancy-page.tsx';
import { useImageChoices, VacancyImagePicker } from './vacancy-image-picker.tsx';

/** The current organization's vacancies, every status (what its admins manage). */
async function organizationVacancies(
  client: TApiClient,
  organizationId: string,
  signal?: AbortSignal,
): Promise<TVacancy[]> {
  // The search lists an organization's own vacancies of every status to its admins (vacancy-search.ts).
  const params = new URLSearchParams({
    'filter[organization_id_eq]': organizationId,
    'filter[status_in]': 'draft,published,closed,archived',
    sort: 'newest',
    'page[size]': '100',
  });
  return readCollectionDocument<TVacancyFields>(
    await client.get<TRawDocument>(`${VACANCIES}?${params.toString()}`, { signal }),
  ).data;
}

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
    allowed: managesVacanciesOf(permissions, currentOrganization),
    organizationId: currentOrganization?.id,
    approved: facts?.status === 'approved',
  };
}

function Gate({ children }: { children: (organizationId: string, approved: boolean) => ReactNode }) {
  const t = useStagebankTexts();
  const tm = useManageTexts();
  const manager = useManager();
  if (!manager.ready) {
    return (
      <div className="container page">
        <p role="status">{t('loading')}</p>
      </div>
    );
  }
  if (!manager.allowed || !manager.organizationId)
    return <StatusErrorScreen status={403} message={tm('forbidden')} />;
  return <>{children(manager.organizationId, manager.approved)}</>;
}

/** `/vacancies`: the current organization's vacancies, every status, for its admins. */
export const VacanciesPage = withStagebankTexts(function VacanciesPage() {
  return <Gate>{(organizationId) => <VacancyList organizationId={organizationId} />}</Gate>;
});

function VacancyList({ organizationId }: { organizationId: string }) {
  const t = useStagebankTexts();
  const tm = useManageTexts();
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
    <Page title={title} lead={tm('manageIntro', { organization: name })} testId="vacancies-page">
      <p>
        <Link className="btn btn--primary" to="/vacancies/add" data-testid="vacancy-add">
          {tm('add')}
        </Link>
      </p>
      {list.isError ? (
        <FormAlert tone="error">{t('loadError')}</FormAlert>
      ) : !list.data ? (
        <p role="status">{t('loading')}</p>
      ) : list.data.length === 0 ? (
        <p>{tm('noVacancies')}</p>
      ) : (
        <ul className="vacancy-list" data-testid="own-vacancies">
          {list.data.map((v) => (
            <li key={v.id} className="card vacancy-card" data-testid="own-vacancy">
              <h2 className="vacancy-card__title">
                <Link to={`/vacancies/${v.id}/edit`}>{v.title}</Link>
              </h2>
              <p>
                <span className="badge badge--inline" data-testid="vacancy-status">
                  {tm(`statuses.${v.status}`)}
                </span>
                {v.hidden && <span className="badge badge--inline">{tm('hidden')}</span>}
              </p>
              {v.hidden && v.hiddenReason && <p>{tm('hiddenReason', { reason: v.hiddenReason })}</p>}
              <p className="actions">
                <Link to={`/vacancies/${v.id}/edit`}>{tm('edit')}</Link>
                {v.status === 'published' && !v.hidden && <Link to={`/vacancies/${v.id}`}>{tm('view')}</Link>}
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
  return (
    <Gate>
      {(organizationId, approved) => (
        <EditVacancy id={id} organizationId={organizationId} approved={approved} />
      )}
    </Gate>
  );
});

/**
 * Asked once the session knows the organization acted for: opened by its address (a reload, a link),
 * a draft is only visible to the API as that organization's (asked anonymously it is a 404).
 */
function EditVacancy({
  id,
  organizationId,
  approved,
}: {
  id: string;
  organizationId: string;
  approved: boolean;
}) {
  const api = useApi();
  const t = useStagebankTexts();
  const tm = useManageTexts();
  const vacancy = useQuery({
    queryKey: ['vacancy', id, 'edit', organizationId],
    queryFn: ({ signal }) => fetchVacancy(api.client, id, signal),
  });
  if (vacancy.isError) return <StatusErrorScreen status={404} />;
  if (!vacancy.data) {
    return (
      <div className="container page">
        <p role="status">{t('loading')}</p>
      </div>
    );
  }
  if (vacancy.data.organizationId !== organizationId)
    return <StatusErrorScreen status={403} message={tm('forbidden')} />;
  return (
    <VacancyEditor
      key={vacancy.data.id}
      organizationId={organizationId}
      approved={approved}
      initial={formValuesOf(vacancy.data)}
      vacancy={vacancy.data}
    />
  );
}

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
  const tm = useManageTexts();
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
  const images = useImageChoices(organizationId);
  // The contact person picker: the vacancy's organization's people (GET /vacancies/{id}/people, the
  // internships' rule); a new vacancy has none to ask for until it is saved.
  const people = useQuery({
    queryKey: ['vacancy-people', vacancy?.id],
    queryFn: ({ signal }) => fetchVacancyPeople(api.client, vacancy!.id, signal),
    enabled: !!vacancy,
  });
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
      toast.success(tm('published'));
      await refresh(saved.id);
      void navigate(`/vacancies/${saved.id}`);
      return;
    }
    toast.success(tm('saved'));
    await refresh(saved.id);
    if (!vacancy) void navigate(`/vacancies/${saved.id}/edit`, { replace: true });
  };

  const close = async () => {
    if (!vacancy) return;
    try {
      await transition.mutateAsync({ id: vacancy.id, action: 'close' });
      toast.success(tm('closed'));
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
      {!approved && <FormAlert tone="info">{tm('notApproved')}</FormAlert>}
      {vacancy && (
        <p>
          {tm('status')}:{' '}
          <span className="badge badge--inline" data-testid="vacancy-status">
            {tm(`statuses.${status}`)}
          </span>
        </p>
      )}
      {vacancy?.hidden && vacancy.hiddenReason && (
        <FormAlert tone="warning">{tm('hiddenReason', { reason: vacancy.hiddenReason })}</FormAlert>
      )}
      <form className="form card" noValidate onSubmit={form.handleSubmit(onValid)} data-testid="vacancy-form">
        {form.formError !== undefined && (
          <FormAlert tone="error">{errorMessage(form.formError, tShared)}</FormAlert>
        )}
        <TextField label={tm('title')} required field={form.bind('title')} data-testid="vacancy-title" />
        <div className="field">
          <span id={descriptionLabel} className="field__label">
            {tm('description')}
          </span>
          <LazyRichTextEditor
            value={description}
            onChange={setDescription}
            label={tm('description')}
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
          <p className="field__hint">{tm('addressHint')}</p>
          <TextField label={tm('street')} field={form.bind('street')} autoComplete="street-address" />
          <TextField label={tm('postcode')} field={form.bind('postcode')} autoComplete="postal-code" />
          <TextField label={tm('city')} field={form.bind('city')} autoComplete="address-level2" />
        </fieldset>
        <TextField
          label={tm('placesLabel')}
          required
          type="number"
          min={1}
          max={1000}
          field={form.bind('places')}
        />
        <TextField label={tm('hoursPerWeekLabel')} inputMode="decimal" field={form.bind('hoursPerWeek')} />
        <DateField label={tm('startsOnLabel')} field={form.bind('startsOn')} />
        <DateField label={tm('endsOnLabel')} field={form.bind('endsOn')} />
        <DateField label={tm('closesAtLabel')} field={form.bind('closesAt')} />
        {vacancy && (
          <SelectField
            label={tm('contactPerson')}
            hint={tm('contactPersonHint')}
            field={form.bind('contactPersonId')}
            options={contactPersonOptions(people.data ?? [], vacancy, tm('nobody'))}
          />
        )}
        <VacancyImagePicker
          organizationId={organizationId}
          value={form.values.imageUploadId}
          onChange={(id) => form.setValue('imageUploadId', id)}
          altField={form.bind('imageAlt')}
          texts={(key) => tm(key)}
        />
        <div className="actions">
          <span onClickCapture={choose('save')}>
            <SubmitButton
              pending={form.submitting && busy === 'save'}
              variant="neutral"
              testId="vacancy-save"
            >
              {vacancy ? tm('saveChanges') : tm('save')}
            </SubmitButton>
          </span>
          {canPublish && (
            <span onClickCapture={choose('publish')}>
              <SubmitButton pending={form.submitting && busy === 'publish'} testId="vacancy-publish">
                {tm('publish')}
              </SubmitButton>
            </span>
          )}
          {vacancy && status === 'published' && (
            <button type="button" className="btn" onClick={() => void close()} data-testid="vacancy-close">
              {tm('close')}
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
            {preview ? tm('hidePreview') : tm('preview')}
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
            {tm('previewTitle')}
          </p>
          <VacancyView
            preview
            vacancy={previewVacancy(
              form.values,
              description,
              { ...vacancy, organizationId, organizationName: vacancy?.organizationName ?? name },
              images.all.find((c) => c.uploadId === form.values.imageUploadId),
            )}
          />
        </section>
      )}
    </Page>
  );
}

/** `t` of the `vacancies` namespace (these screens' own texts). */
function useManageTexts() {
  const { t, i18n } = useTranslation(VACANCY_MANAGE_NAMESPACE);
  registerVacancyManageMessages(i18n);
  return t;
}
