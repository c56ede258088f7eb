import { useId, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '@stageplein/contracts/client/api-client';
import type { TRichTextDocument } from '@stageplein/contracts/content/content';
import {
  availableSignerRoles,
  COMPANY_FIELD_KINDS,
  CONTRACT_LIMITS,
  CONTRACT_VARIABLE_NAMES,
  validateContractTemplate,
  type TCompanyField,
  type TContractSwitches,
  type TContractTemplateIssue,
  type TSignerRole,
  type TTemplateSigner,
} from '@stageplein/contracts/internship-contracts/contract-rules';
import { LazyRichTextEditor } from '@stageplein/design-system/rich-text/lazy-rich-text-editor.tsx';
import { richTextLabels } from '@stageplein/design-system/rich-text/rich-text-messages.ts';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { EditorCheckbox, EditorSelect } from '@stageplein/design-system/forms/editor-inputs.tsx';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { useSession } from '../../session/session-context.ts';
import { ErrorScreen } from '../../shell/error-screen.tsx';
import { useTenant } from '../../tenant/tenant-context.ts';
import { errorMessage, Page, useRouteTitle } from '../page-kit.tsx';
import {
  createTemplate,
  fetchPreview,
  fetchTemplate,
  listTemplates,
  newDraft,
  publishVersion,
  saveVersion,
  type TContractTemplate,
  type TTemplateVersion,
  type TTemplateView,
  type TVersionContent,
} from './contracts-api.ts';
import { useContractTexts } from './contracts-messages.ts';
import { ContractsOnly, InputField, LoadFailed, Loading, useManagesContracts } from './contracts-shared.tsx';

/**
 * Contract templates (issue #34 item 1): `/contract_templates` lists the selected School's templates and
 * makes one; `/contract_templates/:id/edit` edits its draft — the nl/en text in the design system's
 * rich-text editor with the typed variables, the company's fields (where the tenant has them), the
 * signers and their order — checks it with contracts' `validateContractTemplate` before sending (the
 * server checks the same), publishes, previews with a sample internship. Only the school's admins
 * (contracts' `mayManageContracts`).
 */

const editPath = (id: string) => `/contract_templates/${id}/edit`;

/** Only the selected School's admins; anyone else the forbidden screen (the server says 403 too). */
function Gate({ children }: { children: React.ReactNode }) {
  const { t, tShared } = useContractTexts();
  const session = useSession();
  const manages = useManagesContracts();
  if (!session.user || (!session.currentOrganization && session.organizationsState === 'pending'))
    return (
      <div className="container page">
        <Loading />
      </div>
    );
  if (!manages)
    return <ErrorScreen title={tShared('errors.forbidden.title')} body={t('forbidden')} kind="forbidden" />;
  return <>{children}</>;
}

function useSwitches(): TContractSwitches {
  const { features } = useTenant();
  return features;
}

export function ContractTemplatesPage() {
  return (
    <ContractsOnly>
      <Gate>
        <TemplateList />
      </Gate>
    </ContractsOnly>
  );
}

function stateText(d: TContractTemplate, t: ReturnType<typeof useContractTexts>['t']): string {
  if (d.published_version === null) return t('templateStates.draftOnly');
  if (d.draft_version !== null)
    return t('templateStates.publishedWithDraft', { version: d.published_version, draft: d.draft_version });
  return t('templateStates.published', { version: d.published_version });
}

function TemplateList() {
  const { t, tShared } = useContractTexts();
  const title = useRouteTitle();
  const api = useApi();
  const { currentOrganization } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['contract-templates', currentOrganization?.id ?? null],
    queryFn: ({ signal }) => listTemplates(api.client, signal),
  });
  const [name, setName] = useState('');
  const [missing, setMissing] = useState(false);
  const create = useMutation({
    mutationFn: () => createTemplate(api.client, name.trim()),
    onSuccess: async (d) => {
      await queryClient.invalidateQueries({ queryKey: ['contract-templates'] });
      void navigate(editPath(d.id));
    },
  });
  return (
    <Page title={title} lead={t('templatesIntro')} testId="contract-templates-page">
      {list.isPending && <Loading />}
      {list.isError && <FormAlert tone="error">{errorMessage(list.error, tShared)}</FormAlert>}
      {list.data && list.data.length === 0 && <p>{t('templatesNone')}</p>}
      {list.data && list.data.length > 0 && (
        <ul className="workflow-cards" data-testid="contract-template-list">
          {list.data.map((d) => (
            <li key={d.id} className="card" data-testid="contract-template-row" data-id={d.id}>
              <h2>
                <Link to={editPath(d.id)}>{d.name}</Link>
              </h2>
              <p>{stateText(d, t)}</p>
            </li>
          ))}
        </ul>
      )}
      <section className="card" aria-labelledby="contract-template-new">
        <h2 id="contract-template-new">{t('newTitle')}</h2>
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!name.trim()) return setMissing(true);
            if (!create.isPending) create.mutate();
          }}
        >
          {create.isError && <FormAlert tone="error">{errorMessage(create.error, tShared)}</FormAlert>}
          <InputField
            label={t('newName')}
            required
            value={name}
            maxLength={CONTRACT_LIMITS.templateName}
            error={missing ? tShared('validation.required') : undefined}
            onChange={(v) => {
              setName(v);
              if (v.trim()) setMissing(false);
            }}
            testId="contract-template-new-name"
          />
          <div className="form__actions">
            <button type="submit" className="btn btn--primary" data-testid="contract-template-create">
              {t('create')}
            </button>
          </div>
        </form>
      </section>
    </Page>
  );
}

// --- /contract_templates/:id/edit --------------------------------------------------------------------

export function ContractTemplateEditPage() {
  const { id = '' } = useParams();
  return (
    <ContractsOnly>
      <Gate>
        <TemplateEditor id={id} />
      </Gate>
    </ContractsOnly>
  );
}

function TemplateEditor({ id }: { id: string }) {
  const api = useApi();
  const view = useQuery({
    queryKey: ['contract-template', id],
    queryFn: ({ signal }) => fetchTemplate(api.client, id, signal),
    retry: (count, error) =>
      !(isApiRequestError(error) && [403, 404].includes(error.status ?? 0)) && count < 2,
  });
  if (view.isError) return <LoadFailed error={view.error} />;
  if (!view.data)
    return (
      <div className="container page">
        <Loading />
      </div>
    );
  const { draft, published } = view.data;
  return draft ? (
    <DraftEditor key={draft.id} view={view.data} draft={draft} />
  ) : (
    <PublishedTemplate view={view.data} published={published!} />
  );
}

function PublishedTemplate({ view, published }: { view: TTemplateView; published: TTemplateVersion }) {
  const { t, tShared } = useContractTexts();
  const title = useRouteTitle(view.template.name);
  const api = useApi();
  const queryClient = useQueryClient();
  const draft = useMutation({
    mutationFn: () => newDraft(api.client, view.template.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['contract-template', view.template.id] }),
  });
  return (
    <Page title={title} testId="contract-template-page">
      <p>
        <Link to="/contract_templates">{t('backToTemplates')}</Link>
      </p>
      <p data-testid="contract-template-published">{t('versionPublished', { version: published.version })}</p>
      {draft.isError && <FormAlert tone="error">{errorMessage(draft.error, tShared)}</FormAlert>}
      <button
        type="button"
        className="btn btn--primary"
        data-testid="contract-template-new-draft"
        onClick={() => !draft.isPending && draft.mutate()}
      >
        {t('newDraft')}
      </button>
      <Preview versionId={published.id} />
    </Page>
  );
}

/** Issues as the catalogue's texts (the server's for the same codes). */
function Issues({ issues }: { issues: readonly { code: string; vars?: Record<string, unknown> }[] }) {
  const { tShared } = useContractTexts();
  if (issues.length === 0) return null;
  return (
    <FormAlert tone="error">
      <ul data-testid="contract-template-issues">
        {issues.map((issue, i) => (
          <li key={i}>{tShared(`api.${issue.code}.detail`, issue.vars ?? {})}</li>
        ))}
      </ul>
    </FormAlert>
  );
}

/** A 422's errors as issues (every one, not only the first). */
function serverIssues(error: unknown): { code: string; vars?: Record<string, unknown> }[] | null {
  if (!isApiRequestError(error) || error.status !== 422) return null;
  return error.errors.map((e) => ({
    code: e.code ?? 'validation_failed',
    vars: (e.meta as Record<string, unknown>) ?? {},
    detail: e.detail,
  }));
}

function DraftEditor({ view, draft }: { view: TTemplateView; draft: TTemplateVersion }) {
  const { t, tShared, lang } = useContractTexts();
  const title = useRouteTitle(view.template.name);
  const switches = useSwitches();
  const api = useApi();
  const queryClient = useQueryClient();
  const [content, setContent] = useState<TVersionContent>(() => ({
    body_nl: draft.body_nl,
    body_en: draft.body_en,
    company_fields: draft.company_fields,
    signers: draft.signers,
  }));
  const [issues, setIssues] = useState<TContractTemplateIssue[]>([]);
  const [previewOf, setPreviewOf] = useState<string | null>(null);
  const labelNl = useId();
  const labelEn = useId();
  const save = useMutation({ mutationFn: () => saveVersion(api.client, draft.id, content) });
  const publish = useMutation({
    mutationFn: async () => {
      await saveVersion(api.client, draft.id, content);
      return publishVersion(api.client, draft.id);
    },
    onSuccess: async (v) => {
      toast.success(t('published', { version: v.version }));
      await queryClient.invalidateQueries({ queryKey: ['contract-template', view.template.id] });
    },
  });
  const check = (publishing: boolean) => {
    const found = validateContractTemplate(content, switches, publishing);
    setIssues(found);
    return found.length === 0;
  };
  const failed = save.error ?? publish.error;
  const fromServer = failed ? serverIssues(failed) : null;
  return (
    <Page title={title} testId="contract-template-page">
      <p>
        <Link to="/contract_templates">{t('backToTemplates')}</Link>
      </p>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (check(false) && !save.isPending)
            save.mutate(undefined, {
              onSuccess: () => {
                toast.success(t('saved'));
                setPreviewOf(`${draft.id}:${Date.now()}`);
              },
            });
        }}
      >
        <Issues issues={issues} />
        {fromServer ? (
          <FormAlert tone="error">
            <ul>
              {fromServer.map((e, i) => (
                <li key={i}>{(e as { detail?: string }).detail}</li>
              ))}
            </ul>
          </FormAlert>
        ) : (
          failed && <FormAlert tone="error">{errorMessage(failed, tShared)}</FormAlert>
        )}
        <section className="card" aria-labelledby={`${labelNl}-section`}>
          <h2 id={`${labelNl}-section`} className="visually-hidden">
            {t('textTitle')}
          </h2>
          <div className="field">
            <span id={labelNl} className="field__label">
              {t('bodyNl')}
            </span>
            <LazyRichTextEditor
              value={content.body_nl}
              onChange={(doc: TRichTextDocument) => setContent((c) => ({ ...c, body_nl: doc }))}
              label={t('bodyNl')}
              labelledBy={labelNl}
              labels={richTextLabels(lang)}
              testId="contract-template-body-nl"
            />
          </div>
          <div className="field">
            <span id={labelEn} className="field__label">
              {t('bodyEn')}
            </span>
            <LazyRichTextEditor
              value={content.body_en}
              onChange={(doc: TRichTextDocument) => setContent((c) => ({ ...c, body_en: doc }))}
              label={t('bodyEn')}
              labelledBy={labelEn}
              labels={richTextLabels(lang)}
              testId="contract-template-body-en"
            />
          </div>
          <details>
            <summary>{t('variablesTitle')}</summary>
            <p>
              {t('variablesHint', { example: '{{student.name}}', interpolation: { escapeValue: false } })}
            </p>
            <ul className="contract-variables" data-testid="contract-variables">
              {[...CONTRACT_VARIABLE_NAMES, ...content.company_fields.map((f) => `company.${f.key}`)].map(
                (v) => (
                  <li key={v}>
                    <code>{`{{${v}}}`}</code>
                  </li>
                ),
              )}
            </ul>
          </details>
        </section>
        {switches.companyFillsContractFields && (
          <CompanyFieldsEditor
            fields={content.company_fields}
            onChange={(company_fields) => setContent((c) => ({ ...c, company_fields }))}
          />
        )}
        <SignersEditor
          switches={switches}
          signers={content.signers}
          onChange={(signers) => setContent((c) => ({ ...c, signers }))}
        />
        <div className="contract-actions">
          <button type="submit" className="btn btn--neutral" data-testid="contract-template-save">
            {t('save')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            data-testid="contract-template-publish"
            onClick={() => check(true) && !publish.isPending && publish.mutate()}
          >
            {t('publish')}
          </button>
        </div>
      </form>
      {previewOf && <Preview versionId={draft.id} stamp={previewOf} />}
    </Page>
  );
}

function CompanyFieldsEditor({
  fields,
  onChange,
}: {
  fields: TCompanyField[];
  onChange: (f: TCompanyField[]) => void;
}) {
  const { t } = useContractTexts();
  const set = (i: number, change: Partial<TCompanyField>) =>
    onChange(
      fields.map((f, j) => (j === i ? { ...f, ...change, label: { ...f.label, ...change.label } } : f)),
    );
  return (
    <section className="card" aria-labelledby="contract-fields" data-testid="contract-template-fields">
      <h2 id="contract-fields">{t('fieldsTitle')}</h2>
      <p className="field__hint">
        {t('fieldsHint', { example: '{{company.werktijden}}', interpolation: { escapeValue: false } })}
      </p>
      {fields.map((f, i) => (
        <fieldset key={i} className="contract-fieldset">
          <legend>
            {i + 1}. {f.label.nl || f.key}
          </legend>
          <InputField label={t('fieldKey')} value={f.key} onChange={(key) => set(i, { key })} required />
          <InputField
            label={t('fieldLabelNl')}
            value={f.label.nl}
            onChange={(nl) => set(i, { label: { nl, en: f.label.en } })}
            required
          />
          <InputField
            label={t('fieldLabelEn')}
            value={f.label.en}
            onChange={(en) => set(i, { label: { nl: f.label.nl, en } })}
          />
          <EditorSelect
            label={t('fieldKind')}
            value={f.kind}
            options={COMPANY_FIELD_KINDS.map((k) => ({ value: k, label: t(`fieldKinds.${k}`) }))}
            onChange={(kind) => set(i, { kind })}
          />
          <EditorCheckbox
            label={t('fieldRequired')}
            checked={f.required}
            onChange={(required) => set(i, { required })}
          />
          <button
            type="button"
            className="btn btn--neutral"
            onClick={() => onChange(fields.filter((_, j) => j !== i))}
          >
            {t('fieldRemove', { n: i + 1 })}
          </button>
        </fieldset>
      ))}
      {fields.length < CONTRACT_LIMITS.companyFields && (
        <button
          type="button"
          className="btn btn--neutral"
          onClick={() =>
            onChange([
              ...fields,
              { key: `veld_${fields.length + 1}`, label: { nl: '', en: '' }, kind: 'text', required: true },
            ])
          }
        >
          {t('fieldAdd')}
        </button>
      )}
    </section>
  );
}

function SignersEditor({
  switches,
  signers,
  onChange,
}: {
  switches: TContractSwitches;
  signers: TTemplateSigner[];
  onChange: (s: TTemplateSigner[]) => void;
}) {
  const { t } = useContractTexts();
  const roles = useMemo(() => availableSignerRoles(switches), [switches]);
  const byRole = new Map(signers.map((s) => [s.role, s]));
  const toggle = (role: TSignerRole, on: boolean) =>
    onChange(
      on
        ? [...signers, { role, order: Math.max(1, ...signers.map((s) => s.order)) }]
        : signers.filter((s) => s.role !== role),
    );
  const order = (role: TSignerRole, value: number) =>
    onChange(signers.map((s) => (s.role === role ? { ...s, order: value } : s)));
  return (
    <section className="card" aria-labelledby="contract-signers-edit" data-testid="contract-template-signers">
      <h2 id="contract-signers-edit">{t('signersTitle')}</h2>
      <p className="field__hint">{t('signersHint')}</p>
      {roles.map((role) => {
        const s = byRole.get(role);
        const name = t(`roles.${role}`);
        return (
          <div
            key={role}
            className="contract-signer-row"
            data-testid="contract-template-signer"
            data-role={role}
          >
            <EditorCheckbox
              label={t('signerSigns', { role: name })}
              checked={!!s}
              onChange={(on) => toggle(role, on)}
              testId={`contract-template-signer-${role}`}
            />
            {s && (
              <label className="contract-signer-order">
                {t('signerOrder', { role: name })}{' '}
                <input
                  type="number"
                  className="field__input"
                  min={1}
                  max={CONTRACT_LIMITS.signerOrder}
                  value={s.order}
                  onChange={(e) =>
                    order(
                      role,
                      Math.max(1, Math.min(CONTRACT_LIMITS.signerOrder, Number(e.target.value) || 1)),
                    )
                  }
                />
              </label>
            )}
          </div>
        );
      })}
    </section>
  );
}

function Preview({ versionId, stamp = '' }: { versionId: string; stamp?: string }) {
  const { t, lang } = useContractTexts();
  const api = useApi();
  const preview = useQuery({
    queryKey: ['contract-preview', versionId, stamp],
    queryFn: ({ signal }) => fetchPreview(api.client, versionId, signal),
    staleTime: Infinity,
  });
  return (
    <section className="card" aria-labelledby="contract-preview" data-testid="contract-template-preview">
      <h2 id="contract-preview">{t('previewTitle')}</h2>
      <p className="field__hint">{t('preview')}</p>
      {preview.data ? (
        // Sanitized by the server (kit's rich-text renderer).
        <div
          className="contract-text cms-body"
          dangerouslySetInnerHTML={{ __html: lang === 'en' ? preview.data.html_en : preview.data.html_nl }}
        />
      ) : (
        <Loading />
      )}
    </section>
  );
}
