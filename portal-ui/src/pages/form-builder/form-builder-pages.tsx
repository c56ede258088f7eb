import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formScope } from '@stageplein/contracts/content/content-policy';
import {
  isAnswerField,
  ZFormDefinition,
  type TFormDefinition,
} from '@stageplein/contracts/forms/form-definition';
import {
  creatableFormPurposes,
  publicFormPath,
  type TCreatableFormPurpose,
} from '@stageplein/contracts/forms/forms-api';
import type { TSubmissionFile } from '@stageplein/contracts/forms/form-files';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { Modal } from '@stageplein/design-system/components/modal.tsx';
import { FormAlert, SelectField } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { useSession } from '../../session/session-context.ts';
import { StatusErrorScreen } from '../../shell/error-screen.tsx';
import { answerText, localized } from '../../forms-renderer/answer-model.ts';
import { FormRenderer, useRendererTexts } from '../../forms-renderer/form-renderer.tsx';
import { currentOrganizationFacts } from '../dev/gallery-gate.tsx';
import { errorMessage, Page, useRouteTitle } from '../page-kit.tsx';
import {
  createForm,
  downloadFormFile,
  downloadSubmissionsCsv,
  fetchForm,
  fetchSubmission,
  fetchVersion,
  formAction,
  listForms,
  listSubmissions,
  saveForm,
  type TForm,
} from '../forms/form-api.ts';
import { blankDefinition } from './builder-model.ts';
import { useBuilderTexts } from './builder-messages.ts';
import { FormEditor } from './form-editor.tsx';

/**
 * The form builder (`/form_builder*`, issue #18) for the tenant's content editors (every form) and the
 * admins of an approved School (their School's forms): contracts/content/content-policy.ts `formScope`,
 * the rule the API checks.
 */

function Gate({ children }: { children: ReactNode }) {
  const session = useSession();
  const { t } = useBuilderTexts();
  const pending =
    !session.user ||
    (!session.currentOrganization &&
      session.organizationsState !== 'success' &&
      session.organizationsState !== 'error');
  if (pending)
    return (
      <div className="container page">
        <p role="status">{t('loading')}</p>
      </div>
    );
  if (!formScope(session.permissions, currentOrganizationFacts(session)))
    return <StatusErrorScreen status={403} message={t('forbidden')} />;
  return <>{children}</>;
}

function useFormQuery(id: string) {
  const api = useApi();
  return useQuery({ queryKey: ['form', id], queryFn: ({ signal }) => fetchForm(api.client, id, signal) });
}

function Loading() {
  const { t } = useBuilderTexts();
  return <p role="status">{t('loading')}</p>;
}

function LoadError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return <FormAlert tone="error">{errorMessage(error, t)}</FormAlert>;
}

const builderPath = (id: string, rest = '') => `/form_builder/${id}${rest}`;

function StatusText({ form }: { form: TForm }) {
  const { t } = useBuilderTexts();
  return (
    <>
      {t(`statuses.${form.status}`)}
      {form.status === 'published' && form.has_unpublished_changes && ` · ${t('unpublishedChanges')}`}
    </>
  );
}

/** `/form_builder`: the tenant's forms (the back office lists them too, at `/content/forms`). */
export function FormListPage() {
  return (
    <Gate>
      <FormList />
    </Gate>
  );
}

function FormList() {
  const { t, lang } = useBuilderTexts();
  const title = useRouteTitle();
  const api = useApi();
  const forms = useQuery({ queryKey: ['forms'], queryFn: ({ signal }) => listForms(api.client, signal) });
  return (
    <Page title={title} lead={t('intro')} testId="form-list-page">
      <p>
        <Link to="/form_builder/new" className="btn btn--primary" data-testid="new-form">
          {t('new')}
        </Link>
      </p>
      {forms.isPending && <Loading />}
      {forms.isError && <LoadError error={forms.error} />}
      {forms.data && forms.data.length === 0 && <p>{t('none')}</p>}
      {forms.data && forms.data.length > 0 && (
        <div className="table-scroll">
          <table className="form-builder__table" data-testid="form-table">
            <thead>
              <tr>
                <th scope="col">{t('columns.title')}</th>
                <th scope="col">{t('columns.status')}</th>
                <th scope="col">{t('columns.version')}</th>
                <th scope="col">{t('columns.submissions')}</th>
              </tr>
            </thead>
            <tbody>
              {forms.data.map((form) => (
                <tr key={form.id} data-testid="form-row">
                  <td>
                    <Link to={builderPath(form.id)}>{localized(form.title, lang)}</Link>
                    {form.purpose !== 'general' && (
                      <span className="field__hint"> · {t(`purposes.${form.purpose}`)}</span>
                    )}
                  </td>
                  <td>
                    <StatusText form={form} />
                  </td>
                  <td>{form.published_version ?? t('noVersion')}</td>
                  <td>{form.submission_count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}

/** `/form_builder/new`: a title, then the editor. */
export function FormNewPage() {
  return (
    <Gate>
      <FormNew />
    </Gate>
  );
}

function FormNew() {
  const { t } = useBuilderTexts();
  const session = useSession();
  // The Gate let only callers with a scope in; a school offers only the purposes the API accepts from it.
  const scope = formScope(session.permissions, currentOrganizationFacts(session));
  const purposes = scope ? creatableFormPurposes(scope) : [];
  const { t: tc } = useTranslation();
  const title = useRouteTitle();
  const api = useApi();
  const navigate = useNavigate();
  const [nl, setNl] = useState('');
  const [en, setEn] = useState('');
  const [purpose, setPurpose] = useState<TCreatableFormPurpose>('general');
  const [missing, setMissing] = useState(false);
  const nlId = useId();
  const enId = useId();
  const create = useMutation({
    mutationFn: () => createForm(api.client, blankDefinition(nl.trim(), en.trim()), purpose),
    onSuccess: (form) => void navigate(builderPath(form.id, '/edit')),
  });
  return (
    <Page title={title} testId="form-new-page">
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!nl.trim()) {
            setMissing(true);
            document.getElementById(nlId)?.focus();
            return;
          }
          create.mutate();
        }}
      >
        <div className={`field${missing ? ' field--invalid' : ''}`}>
          <label htmlFor={nlId} className="field__label">
            {t('titleNl')}
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <input
            id={nlId}
            className="field__input"
            value={nl}
            aria-required
            aria-invalid={missing || undefined}
            aria-describedby={missing ? `${nlId}-error` : undefined}
            onChange={(e) => {
              setNl(e.target.value);
              if (e.target.value.trim()) setMissing(false);
            }}
            onBlur={() => setMissing(!nl.trim())}
            data-testid="new-form-title"
          />
          {missing && (
            <p id={`${nlId}-error`} className="field__error">
              {tc('validation.required')}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={enId} className="field__label">
            {t('titleEn')}
          </label>
          <p id={`${enId}-hint`} className="field__hint">
            {t('titleEnHint')}
          </p>
          <input
            id={enId}
            className="field__input"
            value={en}
            aria-describedby={`${enId}-hint`}
            onChange={(e) => setEn(e.target.value)}
          />
        </div>
        <SelectField
          label={t('purpose')}
          field={{
            name: 'purpose',
            value: purpose,
            error: undefined,
            onChange: (value) => setPurpose(value as TCreatableFormPurpose),
            onBlur: () => undefined,
          }}
          options={purposes.map((p) => ({ value: p, label: t(`purposes.${p}`) }))}
        />
        {create.isError && <LoadError error={create.error} />}
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" data-testid="create-form">
            {t('create')}
          </button>
        </div>
      </form>
    </Page>
  );
}

/** The form's actions: publish, duplicate, archive (and the editor's save before publishing). */
function useFormActions(form: TForm | undefined) {
  const { t } = useBuilderTexts();
  const { t: tc } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (action: 'publish' | 'duplicate' | 'archive') => formAction(api.client, form!.id, action),
    onSuccess: (result, action) => {
      void queryClient.invalidateQueries({ queryKey: ['forms'] });
      if (action === 'duplicate') {
        toast.success(t('duplicated'));
        void navigate(builderPath(result.id, '/edit'));
        return;
      }
      queryClient.setQueryData(['form', result.id], result);
      toast.success(
        action === 'publish' ? t('published', { version: result.published_version }) : t('archived'),
      );
    },
    onError: (error) => toast.error(errorMessage(error, tc)),
  });
}

/** `/form_builder/{id}`: status, public link, actions, the submissions and their export. */
export function FormShowPage() {
  const { id = '' } = useParams();
  return (
    <Gate>
      <FormShow id={id} />
    </Gate>
  );
}

function FormShow({ id }: { id: string }) {
  const { t, lang } = useBuilderTexts();
  const { t: tc } = useTranslation();
  const api = useApi();
  const form = useFormQuery(id);
  const title = useRouteTitle(form.data ? localized(form.data.title, lang) : undefined);
  const action = useFormActions(form.data);
  const [confirmArchive, setConfirmArchive] = useState(false);
  const submissions = useQuery({
    queryKey: ['form-submissions', id],
    queryFn: ({ signal }) => listSubmissions(api.client, id, signal),
  });
  if (form.isPending) return <Page title={title}>{<Loading />}</Page>;
  if (form.isError) return <Page title={title}>{<LoadError error={form.error} />}</Page>;
  const f = form.data;
  const link = f.public_token && f.status === 'published' ? publicFormPath(f.public_token) : undefined;
  return (
    <Page title={title} testId="form-show-page">
      <p>
        <Link to="/form_builder">{t('backToList')}</Link>
      </p>
      <dl className="form-builder__answers">
        <dt>{t('columns.status')}</dt>
        <dd data-testid="form-status">
          <StatusText form={f} />
        </dd>
        <dt>{t('columns.version')}</dt>
        <dd>{f.published_version ?? t('noVersion')}</dd>
        <dt>{t('publicLink')}</dt>
        <dd>
          {link ? (
            <a href={link} data-testid="public-link">
              {new URL(link, location.origin).href}
            </a>
          ) : (
            t('notPublic')
          )}
        </dd>
      </dl>
      <div className="form-builder__actions">
        <Link className="btn btn--primary" to={builderPath(id, '/edit')} data-testid="edit-form">
          {t('edit')}
        </Link>
        <Link className="btn btn--neutral" to={builderPath(id, '/preview')}>
          {t('preview')}
        </Link>
        {f.status !== 'archived' && (
          <button
            type="button"
            className="btn btn--neutral"
            data-testid="publish-form"
            aria-disabled={action.isPending || undefined}
            onClick={() => !action.isPending && action.mutate('publish')}
          >
            {t('publish')}
          </button>
        )}
        <button
          type="button"
          className="btn btn--neutral"
          onClick={() => !action.isPending && action.mutate('duplicate')}
        >
          {t('duplicate')}
        </button>
        {f.status !== 'archived' && f.purpose !== 'contact' && (
          <button type="button" className="btn btn--neutral" onClick={() => setConfirmArchive(true)}>
            {t('archive')}
          </button>
        )}
      </div>
      <Modal
        open={confirmArchive}
        title={t('archive')}
        closeLabel={tc('shell.close')}
        onClose={() => setConfirmArchive(false)}
      >
        <p>{t('archiveConfirm')}</p>
        <div className="form__actions">
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              setConfirmArchive(false);
              action.mutate('archive');
            }}
          >
            {t('archive')}
          </button>
        </div>
      </Modal>
      <h2>{t('submissions')}</h2>
      <p>
        <button
          type="button"
          className="btn btn--neutral"
          data-testid="export-csv"
          onClick={() =>
            void downloadSubmissionsCsv(api.client, id, `${f.public_token ?? id}-submissions.csv`).catch(
              (e: unknown) => toast.error(errorMessage(e, tc)),
            )
          }
        >
          {t('exportCsv')}
        </button>
      </p>
      {submissions.isPending && <Loading />}
      {submissions.isError && <LoadError error={submissions.error} />}
      {submissions.data && submissions.data.submissions.length === 0 && <p>{t('noSubmissions')}</p>}
      {submissions.data && submissions.data.submissions.length > 0 && (
        <div className="table-scroll">
          <table className="form-builder__table" data-testid="submission-table">
            <thead>
              <tr>
                <th scope="col">{t('submittedAt')}</th>
                <th scope="col">{t('columns.version')}</th>
                <th scope="col">{t('columns.title')}</th>
              </tr>
            </thead>
            <tbody>
              {submissions.data.submissions.map((s) => (
                <tr key={s.id} data-testid="submission-row">
                  <td>
                    <Link to={builderPath(id, `/submissions/${s.id}`)}>
                      {new Date(s.created_at).toLocaleString(lang)}
                    </Link>
                  </td>
                  <td>{s.form_version}</td>
                  <td>{firstAnswer(f.definition, s.answers)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}

/** A short preview of a submission: its first text answer. */
function firstAnswer(definition: TFormDefinition, answers: Record<string, unknown>): string {
  for (const page of definition.pages)
    for (const section of page.sections)
      for (const field of section.fields) {
        const v = answers[field.id];
        if (typeof v === 'string' && !v.startsWith('data:')) return v.length > 60 ? `${v.slice(0, 60)}…` : v;
      }
  return '';
}

/** `/form_builder/{id}/edit`: the editor, saving the draft; publish from here too. */
export function FormEditPage() {
  const { id = '' } = useParams();
  return (
    <Gate>
      <FormEdit id={id} />
    </Gate>
  );
}

function FormEdit({ id }: { id: string }) {
  const { t, lang } = useBuilderTexts();
  const { t: tc } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const form = useFormQuery(id);
  const [draft, setDraft] = useState<TFormDefinition | undefined>();
  const [problems, setProblems] = useState<string | undefined>();
  useEffect(() => {
    if (form.data && !draft) setDraft(form.data.definition);
  }, [form.data, draft]);
  const title = useRouteTitle(form.data ? localized(form.data.title, lang) : undefined);
  const save = useMutation({
    mutationFn: async (publish: boolean) => {
      const saved = await saveForm(api.client, id, draft!);
      return publish ? formAction(api.client, id, 'publish') : saved;
    },
    onSuccess: (saved, publish) => {
      queryClient.setQueryData(['form', id], saved);
      void queryClient.invalidateQueries({ queryKey: ['forms'] });
      toast.success(publish ? t('published', { version: saved.published_version }) : t('editor.saved'));
    },
    onError: (error) => setProblems(errorMessage(error, tc)),
  });
  const submit = (publish: boolean) => {
    if (!draft || save.isPending) return;
    // The format's own check first (the API runs the same): a clear message before any call.
    const check = ZFormDefinition.safeParse(draft);
    if (!check.success) {
      setProblems(t('editor.invalid', { problems: check.error.issues.map((i) => i.message).join('; ') }));
      return;
    }
    setProblems(undefined);
    save.mutate(publish);
  };
  if (form.isError) return <Page title={title}>{<LoadError error={form.error} />}</Page>;
  if (!draft) return <Page title={title}>{<Loading />}</Page>;
  return (
    <Page title={title} testId="form-edit-page">
      <p>
        <Link to={builderPath(id)}>{t('back')}</Link>
      </p>
      <div className="form-builder__split">
        <FormEditor definition={draft} onChange={setDraft} />
        <aside aria-label={t('demo.result')} className="card form-editor__page">
          <h2>{t('demo.result')}</h2>
          <FormRenderer definition={draft} onSubmit={() => undefined} testId="builder-preview" />
        </aside>
      </div>
      {problems && (
        <FormAlert tone="error" testId="builder-problems">
          {problems}
        </FormAlert>
      )}
      <div className="form-builder__actions">
        <button
          type="button"
          className="btn btn--primary"
          data-testid="save-form"
          onClick={() => submit(false)}
        >
          {t('editor.save')}
        </button>
        <button
          type="button"
          className="btn btn--neutral"
          data-testid="save-publish-form"
          onClick={() => submit(true)}
        >
          {t('editor.saveAndPublish')}
        </button>
      </div>
    </Page>
  );
}

/** `/form_builder/{id}/preview`: the draft in the public form's renderer; nothing is sent. */
export function FormPreviewPage() {
  const { id = '' } = useParams();
  return (
    <Gate>
      <FormPreview id={id} />
    </Gate>
  );
}

function FormPreview({ id }: { id: string }) {
  const { t: tr } = useRendererTexts();
  const { t, lang } = useBuilderTexts();
  const form = useFormQuery(id);
  const [checked, setChecked] = useState(false);
  const title = useRouteTitle(form.data ? localized(form.data.title, lang) : undefined);
  if (form.isPending) return <Page title={title}>{<Loading />}</Page>;
  if (form.isError) return <Page title={title}>{<LoadError error={form.error} />}</Page>;
  return (
    <Page title={title} lead={tr('preview.note')} testId="form-preview-page">
      <p>
        <Link to={builderPath(id)}>{t('back')}</Link>
      </p>
      {checked ? (
        <FormAlert tone="success">{tr('preview.checked')}</FormAlert>
      ) : (
        <FormRenderer definition={form.data.definition} onSubmit={() => setChecked(true)} />
      )}
    </Page>
  );
}

/** `/form_builder/{id}/submissions/{submissionId}`: one submission, read with the version it answered. */
export function FormSubmissionPage() {
  const { id = '', submissionId = '' } = useParams();
  return (
    <Gate>
      <FormSubmission id={id} submissionId={submissionId} />
    </Gate>
  );
}

function FormSubmission({ id, submissionId }: { id: string; submissionId: string }) {
  const { t, lang } = useBuilderTexts();
  const { t: tr } = useRendererTexts();
  const api = useApi();
  const submission = useQuery({
    queryKey: ['form-submission', id, submissionId],
    queryFn: ({ signal }) => fetchSubmission(api.client, id, submissionId, signal),
  });
  const version = submission.data?.form_version;
  const definition = useQuery({
    queryKey: ['form-version', id, version],
    enabled: version !== undefined,
    queryFn: ({ signal }) => fetchVersion(api.client, id, version!, signal),
  });
  const title = useRouteTitle(
    submission.data
      ? t('submission', { date: new Date(submission.data.created_at).toLocaleString(lang) })
      : undefined,
  );
  const error = submission.error ?? definition.error;
  if (error) return <Page title={title}>{<LoadError error={error} />}</Page>;
  if (!submission.data || !definition.data) return <Page title={title}>{<Loading />}</Page>;
  const s = submission.data;
  const words = { yes: tr('yes'), no: tr('no') };
  return (
    <Page
      title={title}
      lead={t('submissionVersion', { version: s.form_version, language: t(`languages.${s.locale}`) })}
      testId="form-submission-page"
    >
      <p>
        <Link to={builderPath(id)}>{t('back')}</Link>
      </p>
      <dl className="form-builder__answers" data-testid="submission-answers">
        {definition.data.pages.flatMap((page) =>
          page.sections.flatMap((section) =>
            section.fields.filter(isAnswerField).map((field) => {
              if (!(field.id in s.answers)) return null;
              const value = s.answers[field.id];
              return (
                <div key={field.id}>
                  <dt>{localized(field.label, lang)}</dt>
                  <dd>
                    {field.type === 'signature' && typeof value === 'string' ? (
                      <img src={value} alt={localized(field.label, lang)} />
                    ) : field.type === 'file_upload' ? (
                      <SubmittedFile formId={id} file={s.files[field.id]} />
                    ) : (
                      answerText(field, value, lang, words)
                    )}
                  </dd>
                </div>
              );
            }),
          ),
        )}
      </dl>
    </Page>
  );
}

/** A submitted file: its name as a button that downloads it with the editor's credentials. */
function SubmittedFile({ formId, file }: { formId: string; file: TSubmissionFile | undefined }) {
  const { t, lang } = useBuilderTexts();
  const { t: tc } = useTranslation();
  const api = useApi();
  if (!file) return <>{t('fileMissing')}</>;
  const size = new Intl.NumberFormat(lang, {
    style: 'unit',
    unit: 'kilobyte',
    maximumFractionDigits: 0,
  }).format(Math.max(1, Math.round(file.byte_size / 1024)));
  return (
    <button
      type="button"
      className="btn btn--neutral"
      data-testid={`download-file-${file.id}`}
      onClick={() =>
        void downloadFormFile(api.client, formId, file).catch((e: unknown) =>
          toast.error(errorMessage(e, tc)),
        )
      }
    >
      {t('downloadFile', { name: file.name, size })}
    </button>
  );
}
