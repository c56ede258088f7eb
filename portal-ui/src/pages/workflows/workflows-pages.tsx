import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '@stageplein/contracts/client/api-client';
import { contractTypeFor } from '@stageplein/contracts/placements/internships';
import {
  PHASE_STATUSES,
  validateWorkflowDefinition,
  WORKFLOW_LIMITS,
  type TPhaseStatus,
  type TWorkflowIssue,
  type TWorkflowPhase,
  type TWorkflowSwitches,
} from '@stageplein/contracts/phases/workflow-rules';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { useDesignerGrant } from '../../session/designer-grant.ts';
import { useSession } from '../../session/session-context.ts';
import { ErrorScreen, StatusErrorScreen } from '../../shell/error-screen.tsx';
import { useTenant } from '../../tenant/tenant-context.ts';
import { errorMessage, Page, useRouteTitle } from '../page-kit.tsx';
import { IssueList, PhaseEditor } from './phase-editor.tsx';
import { PhaseList, phaseName } from './phase-list.tsx';
import { useDraftSaver, type TSaveState } from './use-draft-saver.ts';
import {
  createDefinition,
  createDraft,
  fetchDefinition,
  listDefinitions,
  makeDefault,
  publishVersion,
  type TDefinitionView,
  type TWorkflowDefinition,
  type TWorkflowVersion,
} from './workflow-api.ts';
import { useWorkflowTexts } from './workflow-messages.ts';
import { blankPhase, issuesOfPhase, phaseIndexOf, replacePhase, suggestedStatus } from './workflow-model.ts';
import { WorkflowDesigners } from './workflow-designers.tsx';
import { OlderRunsNotice, WorkflowMigrations } from './workflow-migrations.tsx';
import { WorkflowPreview } from './workflow-preview.tsx';
import './workflows.css';

/**
 * The workflow designer (`/workflows*`, issue #33 item 3) for a school's workflow designers: contracts'
 * `mayDesignWorkflows` — an approved School's admins, and a mentor a school admin granted it to (the
 * grant the rule takes, from `GET /api/v1/workflow_designers/me`: session/designer-grant.ts). Definitions are placements' data; every rule (what is
 * valid, who may do which task, the preview's dates) is contracts'.
 */

const workflowPath = (id: string, phaseId?: string) =>
  phaseId ? `/workflows/${id}/${phaseId}` : `/workflows/${id}`;

/** The tenant's switches a definition is checked against (spec §1). */
function useSwitches(): TWorkflowSwitches {
  const { features } = useTenant();
  return useMemo(
    () => ({
      traineeship: features.traineeship,
      usesHours: features.usesHours,
      evaluationForms: features.evaluationForms,
      legacyEvaluationForm: features.legacyEvaluationForm,
    }),
    [features],
  );
}

function useDefinitions(enabled = true) {
  const api = useApi();
  const { currentOrganization } = useSession();
  return useQuery({
    queryKey: ['workflows', currentOrganization?.id ?? null],
    enabled: enabled && !!currentOrganization,
    queryFn: ({ signal }) => listDefinitions(api.client, signal),
    retry: (count, error) =>
      !(isApiRequestError(error) && [403, 404].includes(error.status ?? 0)) && count < 2,
  });
}

function Loading() {
  const { t } = useWorkflowTexts();
  return (
    <div className="container page">
      <p role="status">{t('loading')}</p>
    </div>
  );
}

/** Only for designers: the contracts rule, with the server's word on a mentor's grant. */
function Gate({ children }: { children: ReactNode }) {
  const session = useSession();
  const { t, tShared } = useWorkflowTexts();
  const grant = useDesignerGrant();
  const pending =
    !session.user ||
    (!session.currentOrganization &&
      session.organizationsState !== 'success' &&
      session.organizationsState !== 'error');
  if (pending || grant.pending) return <Loading />;
  if (!grant.mayDesign)
    return <ErrorScreen title={tShared('errors.forbidden.title')} body={t('forbidden')} kind="forbidden" />;
  return <>{children}</>;
}

// --- /workflows --------------------------------------------------------------------------------------

export function WorkflowsPage() {
  return (
    <Gate>
      <WorkflowList />
    </Gate>
  );
}

function stateText(d: TWorkflowDefinition, t: ReturnType<typeof useWorkflowTexts>['t']): string {
  if (d.published_version === null) return t('states.draftOnly');
  if (d.draft_version !== null)
    return t('states.publishedWithDraft', { version: d.published_version, draft: d.draft_version });
  return t('states.published', { version: d.published_version });
}

function WorkflowList() {
  const { t, tShared } = useWorkflowTexts();
  const title = useRouteTitle();
  const { features } = useTenant();
  const kind = contractTypeFor(features);
  const api = useApi();
  const queryClient = useQueryClient();
  const list = useDefinitions();
  // A mentor designs by a school admin's grant: say so, and who may take it back.
  const { granted } = useDesignerGrant();
  const setDefault = useMutation({
    mutationFn: (d: TWorkflowDefinition) => makeDefault(api.client, d.id),
    onSuccess: async (_, d) => {
      toast.success(t('madeDefault', { name: d.name }));
      await queryClient.invalidateQueries({ queryKey: ['workflows'] });
    },
    onError: (error) => toast.error(errorMessage(error, tShared)),
  });
  const definitions = (list.data?.definitions ?? []).filter((d) => d.contract_type === kind);
  const current = definitions.find((d) => d.is_default);
  return (
    <Page title={title} lead={t('intro')} testId="workflows-page">
      {granted && (
        <FormAlert tone="info" testId="workflow-granted">
          {t('designers.youAreGranted')}
        </FormAlert>
      )}
      <section className="card" aria-labelledby="workflows-default" data-testid="workflows-default">
        <h2 id="workflows-default">{t('defaultTitle')}</h2>
        {list.isPending ? (
          <p role="status">{t('loading')}</p>
        ) : current ? (
          <p>
            {t('defaultIs', {
              kind: t(`kinds.${kind}`),
              name: current.name,
              version: current.published_version ?? '—',
            })}
          </p>
        ) : (
          <p>{t('defaultNone', { kind: t(`kinds.${kind}`) })}</p>
        )}
      </section>
      <h2>{t('listTitle')}</h2>
      {list.isError && <FormAlert tone="error">{errorMessage(list.error, tShared)}</FormAlert>}
      {list.data && definitions.length === 0 && <p>{t('none')}</p>}
      {definitions.length > 0 && (
        <ul className="workflow-cards" data-testid="workflow-list">
          {definitions.map((d) => (
            <li key={d.id} className="card workflow-card" data-testid="workflow-row" data-id={d.id}>
              <h3 className="workflow-card__name">
                <Link to={workflowPath(d.id)}>{d.name}</Link>
              </h3>
              <p className="workflow-card__facts">
                {d.is_default && (
                  <span className="badge badge--inline" data-testid="workflow-default">
                    {t('isDefault')}
                  </span>
                )}
                <span>{stateText(d, t)}</span>
                <span>{t('phaseCount', { count: d.phase_count })}</span>
              </p>
              {!d.is_default && d.published_version !== null && (
                <button
                  type="button"
                  className="btn btn--neutral"
                  data-testid="workflow-make-default"
                  aria-disabled={setDefault.isPending || undefined}
                  onClick={() => !setDefault.isPending && setDefault.mutate(d)}
                >
                  {t('makeDefault')}
                  <span className="visually-hidden"> {d.name}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <NewWorkflow kind={kind} />
      <WorkflowDesigners />
    </Page>
  );
}

function NewWorkflow({ kind }: { kind: TWorkflowDefinition['contract_type'] }) {
  const { t, tShared } = useWorkflowTexts();
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [missing, setMissing] = useState(false);
  const id = useId();
  const create = useMutation({
    mutationFn: () => createDefinition(api.client, { name: name.trim(), contract_type: kind }),
    onSuccess: async (d) => {
      await queryClient.invalidateQueries({ queryKey: ['workflows'] });
      void navigate(workflowPath(d.id));
    },
  });
  return (
    <section className="card" aria-labelledby={`${id}-title`} data-testid="workflow-new">
      <h2 id={`${id}-title`}>{t('newTitle')}</h2>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) {
            setMissing(true);
            document.getElementById(id)?.focus();
            return;
          }
          if (!create.isPending) create.mutate();
        }}
      >
        <p>{t('newKind', { kind: t(`kinds.${kind}`) })}</p>
        <div className={`field${missing ? ' field--invalid' : ''}`}>
          <label htmlFor={id} className="field__label">
            {t('newName')}
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <p id={`${id}-hint`} className="field__hint">
            {t('newNameHint')}
          </p>
          <input
            id={id}
            className="field__input"
            value={name}
            maxLength={WORKFLOW_LIMITS.definitionName}
            aria-required
            aria-invalid={missing || undefined}
            aria-describedby={`${id}-hint${missing ? ` ${id}-error` : ''}`}
            data-testid="workflow-new-name"
            onChange={(e) => {
              setName(e.target.value);
              if (e.target.value.trim()) setMissing(false);
            }}
          />
          {missing && (
            <p id={`${id}-error`} className="field__error" data-testid="field-error">
              {tShared('validation.required')}
            </p>
          )}
        </div>
        {create.isError && <FormAlert tone="error">{errorMessage(create.error, tShared)}</FormAlert>}
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" data-testid="workflow-create">
            {t('create')}
          </button>
        </div>
      </form>
    </section>
  );
}

// --- /workflows/:id ----------------------------------------------------------------------------------

function useDefinition(id: string) {
  const api = useApi();
  const { currentOrganization } = useSession();
  return useQuery({
    queryKey: ['workflow', id],
    enabled: !!currentOrganization,
    queryFn: ({ signal }) => fetchDefinition(api.client, id, signal),
    retry: (count, error) =>
      !(isApiRequestError(error) && [403, 404].includes(error.status ?? 0)) && count < 2,
  });
}

function LoadFailed({ error }: { error: unknown }) {
  const { tShared } = useWorkflowTexts();
  const status = isApiRequestError(error) ? error.status : undefined;
  if (status === 404 || status === 403) return <StatusErrorScreen status={404} />;
  return (
    <div className="container page">
      <FormAlert tone="error">{errorMessage(error, tShared)}</FormAlert>
    </div>
  );
}

export function WorkflowPage() {
  const { id = '' } = useParams();
  return (
    <Gate>
      <Workflow id={id} />
    </Gate>
  );
}

function Workflow({ id }: { id: string }) {
  const view = useDefinition(id);
  if (view.isError) return <LoadFailed error={view.error} />;
  if (!view.data) return <Loading />;
  const { draft, published } = view.data;
  // The draft is what the designer changes; without one, the published version is read.
  return draft ? (
    <DraftWorkflow key={draft.id} view={view.data} draft={draft} />
  ) : published ? (
    <PublishedWorkflow view={view.data} published={published} />
  ) : (
    <LoadFailed error={new Error('no version')} />
  );
}

function WorkflowHead({ view, children }: { view: TDefinitionView; children?: ReactNode }) {
  const { t } = useWorkflowTexts();
  const title = useRouteTitle(view.definition.name);
  return (
    <>
      <p>
        <Link to="/workflows">{t('backToList')}</Link>
      </p>
      <h1 data-testid="page-title">{title}</h1>
      <p className="workflow-head__facts">
        {view.definition.is_default && <span className="badge badge--inline">{t('isDefault')}</span>}
        <span data-testid="workflow-state">{stateText(view.definition, t)}</span>
      </p>
      {children}
    </>
  );
}

function PublishedWorkflow({ view, published }: { view: TDefinitionView; published: TWorkflowVersion }) {
  const { t, tShared } = useWorkflowTexts();
  const api = useApi();
  const queryClient = useQueryClient();
  const id = view.definition.id;
  const newDraft = useMutation({
    mutationFn: () => createDraft(api.client, id),
    onSuccess: async () => {
      toast.success(t('newDraftMade', { version: published.version + 1 }));
      await queryClient.invalidateQueries({ queryKey: ['workflow', id] });
      await queryClient.invalidateQueries({ queryKey: ['workflows'] });
    },
    onError: (error) => toast.error(errorMessage(error, tShared)),
  });
  return (
    <article className="container page workflow" data-testid="workflow-page" data-state="published">
      <WorkflowHead view={view}>
        <FormAlert tone="info" testId="workflow-published-note">
          {t('publishedNote', { version: published.version })}
        </FormAlert>
        <OlderRunsNotice definitionId={id} published={published} />
        <p className="workflow-actions">
          <button
            type="button"
            className="btn btn--primary"
            data-testid="workflow-new-draft"
            aria-disabled={newDraft.isPending || undefined}
            onClick={() => !newDraft.isPending && newDraft.mutate()}
          >
            {t('newDraft')}
          </button>
        </p>
      </WorkflowHead>
      <div className="workflow-layout">
        <section className="card" aria-labelledby="workflow-phases">
          <h2 id="workflow-phases">{t('phasesTitle')}</h2>
          <PhaseList phases={published.phases} phasePath={(p) => workflowPath(id, p.id)} />
        </section>
        <WorkflowPreview phases={published.phases} />
      </div>
      <WorkflowMigrations definitionId={id} published={published} />
    </article>
  );
}

export function SaveStatus({ state, onRetry }: { state: TSaveState; onRetry: () => void }) {
  const { t, tShared } = useWorkflowTexts();
  return (
    <div className="workflow-save" data-testid="workflow-save" data-state={state.kind}>
      <p role="status">
        {state.kind === 'saving' && t('saving')}
        {state.kind === 'saved' && t('saved')}
        {state.kind === 'incomplete' &&
          (state.task
            ? t('incompleteTask', { phase: state.phase, task: state.task })
            : t('incomplete', { phase: state.phase }))}
        {state.kind === 'failed' && t('saveFailed', { message: errorMessage(state.error, tShared) })}
      </p>
      {state.kind === 'failed' && (
        <button type="button" className="btn btn--neutral" onClick={onRetry}>
          {t('retrySave')}
        </button>
      )}
    </div>
  );
}

function DraftWorkflow({ view, draft }: { view: TDefinitionView; draft: TWorkflowVersion }) {
  const { t, tShared, lang } = useWorkflowTexts();
  const api = useApi();
  const queryClient = useQueryClient();
  const switches = useSwitches();
  const id = view.definition.id;
  const [phases, setPhases] = useState<TWorkflowPhase[]>(draft.phases);
  const saver = useDraftSaver(id, draft.id);
  const change = (next: TWorkflowPhase[]) => {
    setPhases(next);
    saver.save(next);
  };
  const [issues, setIssues] = useState<TWorkflowIssue[] | undefined>();
  const [refused, setRefused] = useState<unknown>();
  const resultRef = useRef<HTMLDivElement>(null);
  const publish = useMutation({
    mutationFn: async () => {
      if (!(await saver.settled())) throw new Error(t('saveFailed', { message: '' }));
      return publishVersion(api.client, draft.id);
    },
    onSuccess: async (version) => {
      toast.success(t('published', { version: version.version }));
      await queryClient.invalidateQueries({ queryKey: ['workflow', id] });
      await queryClient.invalidateQueries({ queryKey: ['workflows'] });
    },
    onError: (error) => setRefused(error),
  });
  useEffect(() => {
    if (issues?.length || refused) resultRef.current?.focus();
  }, [issues, refused]);
  const onPublish = () => {
    if (publish.isPending) return;
    setRefused(undefined);
    // Contracts' validator first, as the server runs it: nothing is sent while it finds something.
    const found = validateWorkflowDefinition({ contract_type: draft.contract_type, phases }, switches);
    setIssues(found);
    if (found.length === 0) publish.mutate();
  };
  const serverErrors = isApiRequestError(refused) ? refused.errors : [];
  return (
    <article className="container page workflow" data-testid="workflow-page" data-state="draft">
      <WorkflowHead view={view}>
        <FormAlert tone="info" testId="workflow-draft-note">
          {view.published ? t('draftNote', { version: draft.version }) : t('draftNoteFirst')}
        </FormAlert>
        {view.published && <OlderRunsNotice definitionId={id} published={view.published} />}
      </WorkflowHead>
      <div className="workflow-layout">
        <div className="workflow-main">
          <section className="card" aria-labelledby="workflow-phases">
            <h2 id="workflow-phases">{t('phasesTitle')}</h2>
            <PhaseList phases={phases} phasePath={(p) => workflowPath(id, p.id)} onChange={change} />
            <SaveStatus state={saver.state} onRetry={saver.retry} />
          </section>
          {phases.length < WORKFLOW_LIMITS.phases && (
            <AddPhase
              suggested={suggestedStatus(phases)}
              onAdd={(phase) => {
                change([...phases, phase]);
                toast.success(t('phaseAdded', { name: phaseName(phase, lang) }));
              }}
            />
          )}
          <section className="card" aria-labelledby="workflow-publish" data-testid="workflow-publish">
            <h2 id="workflow-publish">{t('publish')}</h2>
            <p>{t('publishHint', { version: draft.version })}</p>
            <div ref={resultRef} tabIndex={-1} className="workflow-publish__result">
              {issues && issues.length > 0 && (
                <FormAlert tone="error" title={t('checkTitle')} testId="workflow-check">
                  <p>{t('checkIntro')}</p>
                  <IssueList issues={issues} testId="workflow-issues" />
                  <IssueLinks issues={issues} phases={phases} definitionId={id} />
                </FormAlert>
              )}
              {refused !== undefined && (
                <FormAlert tone="error" title={t('serverTitle')} testId="workflow-refused">
                  <p>{t('serverIntro')}</p>
                  <ul>
                    {serverErrors.length > 0 ? (
                      serverErrors.map((e, n) => <li key={n}>{e.detail ?? e.title}</li>)
                    ) : (
                      <li>{errorMessage(refused, tShared)}</li>
                    )}
                  </ul>
                </FormAlert>
              )}
            </div>
            <button
              type="button"
              className="btn btn--primary"
              data-testid="workflow-publish-button"
              aria-disabled={publish.isPending || undefined}
              onClick={onPublish}
            >
              {t('publish')}
            </button>
          </section>
        </div>
        <WorkflowPreview phases={phases} />
      </div>
      {view.published && <WorkflowMigrations definitionId={id} published={view.published} />}
    </article>
  );
}

/** Links to the phases the issues are in, to solve them there. */
function IssueLinks({
  issues,
  phases,
  definitionId,
}: {
  issues: readonly TWorkflowIssue[];
  phases: readonly TWorkflowPhase[];
  definitionId: string;
}) {
  const { t, lang } = useWorkflowTexts();
  const indexes = [...new Set(issues.map(phaseIndexOf).filter((i): i is number => i !== undefined))];
  const linked = indexes.map((i) => phases[i]).filter((p): p is TWorkflowPhase => !!p);
  if (linked.length === 0) return null;
  return (
    <p className="workflow-issue-links">
      {linked.map((p) => (
        <Link key={p.id} to={workflowPath(definitionId, p.id)}>
          {t('goToPhase', { name: phaseName(p, lang) })}
        </Link>
      ))}
    </p>
  );
}

function AddPhase({ suggested, onAdd }: { suggested: TPhaseStatus; onAdd: (phase: TWorkflowPhase) => void }) {
  const { t, tShared } = useWorkflowTexts();
  const [nl, setNl] = useState('');
  const [en, setEn] = useState('');
  const [status, setStatus] = useState<TPhaseStatus | undefined>();
  const [missing, setMissing] = useState(false);
  const id = useId();
  return (
    <section className="card" aria-labelledby={`${id}-title`} data-testid="workflow-add-phase">
      <h2 id={`${id}-title`}>{t('addPhaseTitle')}</h2>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!nl.trim()) {
            setMissing(true);
            document.getElementById(`${id}-nl`)?.focus();
            return;
          }
          onAdd(blankPhase({ nl: nl.trim(), en: en.trim() }, status ?? suggested));
          setNl('');
          setEn('');
          setStatus(undefined);
        }}
      >
        <div className="workflow-pair">
          <div className={`field${missing ? ' field--invalid' : ''}`}>
            <label htmlFor={`${id}-nl`} className="field__label">
              {t('phaseNameNl')}
              <span className="field__required" aria-hidden="true">
                {' '}
                *
              </span>
            </label>
            <input
              id={`${id}-nl`}
              className="field__input"
              value={nl}
              maxLength={WORKFLOW_LIMITS.name}
              aria-required
              aria-invalid={missing || undefined}
              aria-describedby={missing ? `${id}-error` : undefined}
              data-testid="add-phase-name"
              onChange={(e) => {
                setNl(e.target.value);
                if (e.target.value.trim()) setMissing(false);
              }}
            />
            {missing && (
              <p id={`${id}-error`} className="field__error" data-testid="field-error">
                {tShared('validation.required')}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={`${id}-en`} className="field__label">
              {t('phaseNameEn')}
            </label>
            <p id={`${id}-en-hint`} className="field__hint">
              {t('phaseNameEnHint')}
            </p>
            <input
              id={`${id}-en`}
              className="field__input"
              value={en}
              maxLength={WORKFLOW_LIMITS.name}
              aria-describedby={`${id}-en-hint`}
              onChange={(e) => setEn(e.target.value)}
            />
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${id}-status`} className="field__label">
            {t('status')}
          </label>
          <select
            id={`${id}-status`}
            className="field__input"
            value={status ?? suggested}
            data-testid="add-phase-status"
            onChange={(e) => setStatus(e.target.value as TPhaseStatus)}
          >
            {PHASE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`)} – {t(`statusHints.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" data-testid="add-phase">
            {t('addPhase')}
          </button>
        </div>
      </form>
    </section>
  );
}

// --- /workflows/:id/:phaseId -------------------------------------------------------------------------

export function WorkflowPhasePage() {
  const { id = '', phaseId = '' } = useParams();
  return (
    <Gate>
      <WorkflowPhase id={id} phaseId={phaseId} />
    </Gate>
  );
}

function WorkflowPhase({ id, phaseId }: { id: string; phaseId: string }) {
  const view = useDefinition(id);
  if (view.isError) return <LoadFailed error={view.error} />;
  if (!view.data) return <Loading />;
  const version = view.data.draft ?? view.data.published;
  const phase = version?.phases.find((p) => p.id === phaseId);
  if (!version || !phase) return <PhaseMissing view={view.data} />;
  return view.data.draft ? (
    <DraftPhase key={`${version.id}-${phase.id}`} view={view.data} draft={version} initial={phase} />
  ) : (
    <PhaseView view={view.data} version={version} phase={phase} />
  );
}

function PhaseMissing({ view }: { view: TDefinitionView }) {
  const { t } = useWorkflowTexts();
  const title = useRouteTitle(view.definition.name);
  return (
    <Page title={title} testId="workflow-phase-missing">
      <p>{t('phaseNotFound')}</p>
      <p>
        <Link to={workflowPath(view.definition.id)}>
          {t('backToWorkflow', { name: view.definition.name })}
        </Link>
      </p>
    </Page>
  );
}

function PhaseHead({ view, phase, index }: { view: TDefinitionView; phase: TWorkflowPhase; index: number }) {
  const { t, lang } = useWorkflowTexts();
  const title = useRouteTitle(phaseName(phase, lang));
  return (
    <>
      <p>
        <Link to={workflowPath(view.definition.id)} data-testid="back-to-workflow">
          {t('backToWorkflow', { name: view.definition.name })}
        </Link>
      </p>
      <p className="eyebrow">
        {view.definition.name} · {t('phaseNumber', { number: index + 1 })}
      </p>
      <h1 data-testid="page-title">{title}</h1>
    </>
  );
}

function PhaseView({
  view,
  version,
  phase,
}: {
  view: TDefinitionView;
  version: TWorkflowVersion;
  phase: TWorkflowPhase;
}) {
  const switches = useSwitches();
  const { t } = useWorkflowTexts();
  return (
    <article className="container page workflow" data-testid="workflow-phase-page" data-state="published">
      <PhaseHead view={view} phase={phase} index={version.phases.indexOf(phase)} />
      <FormAlert tone="info">{t('publishedNote', { version: version.version })}</FormAlert>
      <PhaseEditor phase={phase} onChange={() => undefined} switches={switches} issues={[]} readOnly />
    </article>
  );
}

function DraftPhase({
  view,
  draft,
  initial,
}: {
  view: TDefinitionView;
  draft: TWorkflowVersion;
  initial: TWorkflowPhase;
}) {
  const switches = useSwitches();
  const saver = useDraftSaver(view.definition.id, draft.id);
  const [phase, setPhase] = useState(initial);
  // The version's other phases as last saved (this page changes only its own phase).
  const phases = useMemo(() => replacePhase(draft.phases, phase), [draft.phases, phase]);
  const index = draft.phases.findIndex((p) => p.id === phase.id);
  const issues = useMemo(
    () =>
      issuesOfPhase(
        validateWorkflowDefinition({ contract_type: draft.contract_type, phases }, switches),
        index,
      ),
    [draft.contract_type, phases, switches, index],
  );
  // Saved a moment after the last change (typing a name sends once, not per key).
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(phases);
  latest.current = phases;
  useEffect(
    () => () => {
      // Leaving the page sends what is still waiting.
      if (timer.current) {
        clearTimeout(timer.current);
        saver.save(latest.current);
      }
    },
    [],
  );
  const change = (next: TWorkflowPhase) => {
    setPhase(next);
    // The cached draft has it at once (the workflow's page opened next starts from it); the server a moment later.
    saver.show(replacePhase(latest.current, next));
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      saver.save(latest.current);
    }, 600);
  };
  return (
    <article className="container page workflow" data-testid="workflow-phase-page" data-state="draft">
      <PhaseHead view={view} phase={phase} index={index} />
      <PhaseEditor phase={phase} onChange={change} switches={switches} issues={issues} readOnly={false} />
      <div className="workflow-sticky">
        <SaveStatus state={timer.current ? { kind: 'saving' } : saver.state} onRetry={saver.retry} />
      </div>
    </article>
  );
}
