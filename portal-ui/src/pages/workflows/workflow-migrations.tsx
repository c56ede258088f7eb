import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { migrationTarget } from '@stageplein/contracts/placements/phase-run-policy';
import { Modal } from '@stageplein/design-system/components/modal.tsx';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { useSession } from '../../session/session-context.ts';
import { errorMessage } from '../page-kit.tsx';
import {
  listRuns,
  migrateRuns,
  type TMigrationOutcome,
  type TPhaseRun,
  type TWorkflowVersion,
} from './workflow-api.ts';
import { useWorkflowTexts } from './workflow-messages.ts';

/**
 * Moving running internships to a published version, the newest by default or any other (issue #33 item 4,
 * docs/decisions/phases.md "Runtime": migrations are explicit and logged). A running internship keeps the
 * version it started with; here a designer picks the target version, sees for each internship on another
 * version where it continues (the same phase, `migrationTarget`; one whose phase the target lacks cannot
 * be chosen), chooses, confirms naming how many, and sees the outcome per internship, then what the log
 * holds (`last_migration`, placements' audit log).
 */

/** Per published version too: publishing a new one reads the runs and the versions (the targets) again. */
const runsKey = (definitionId: string, publishedId: string) => ['workflow-runs', definitionId, publishedId];
/** The section's anchor: the notice at the top of the workflow's page links to it. */
const SECTION_ID = 'workflow-migrations';

function useRuns(definitionId: string, publishedId: string) {
  const api = useApi();
  const { currentOrganization } = useSession();
  return useQuery({
    queryKey: runsKey(definitionId, publishedId),
    enabled: !!currentOrganization,
    queryFn: ({ signal }) => listRuns(api.client, definitionId, signal),
  });
}

const olderOf = (runs: readonly TPhaseRun[] | undefined, version: number) =>
  (runs ?? []).filter((r) => r.state === 'running' && r.version < version);

/**
 * At the top of the workflow's page: how many running internships are on an older version than the
 * published one, with a link to the section that moves them (below the phases and the preview).
 */
export function OlderRunsNotice({
  definitionId,
  published,
}: {
  definitionId: string;
  published: TWorkflowVersion;
}) {
  const { t } = useWorkflowTexts();
  const older = olderOf(useRuns(definitionId, published.id).data?.runs, published.version);
  if (older.length === 0) return null;
  return (
    <FormAlert tone="warning" testId="workflow-older-runs">
      {t('migrations.notice', { count: older.length, version: published.version })}{' '}
      <a href={`#${SECTION_ID}`}>{t('migrations.noticeLink')}</a>
    </FormAlert>
  );
}

function useDateText() {
  const { lang } = useWorkflowTexts();
  return (iso: string) =>
    new Date(iso).toLocaleDateString(lang === 'en' ? 'en-GB' : 'nl-NL', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
}

export function WorkflowMigrations({
  definitionId,
  published,
}: {
  definitionId: string;
  published: TWorkflowVersion;
}) {
  const { t, tShared, lang } = useWorkflowTexts();
  const api = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const runs = useRuns(definitionId, published.id);
  // Null: the newest published version (also after another one is published).
  const [picked, setPicked] = useState<string | null>(null);
  const targetId = picked ?? published.id;
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [nothingChosen, setNothingChosen] = useState(false);
  const [outcome, setOutcome] = useState<{ results: TMigrationOutcome[]; version: number } | undefined>();
  const resultRef = useRef<HTMLDivElement>(null);
  const date = useDateText();

  const versions = runs.data?.versions ?? [];
  // The target: a published version of the definition (the newest until another is picked).
  const target = versions.find((v) => v.id === targetId) ?? {
    id: published.id,
    version: published.version,
    phases: published.phases.map((p) => ({ id: p.id, name: p.name })),
  };
  const newest = target.id === published.id;
  const running = (runs.data?.runs ?? []).filter((r) => r.state === 'running');
  const older = running.filter((r) => r.version_id !== target.id);
  const maps = (run: TPhaseRun) => migrationTarget(run.current_phase?.id ?? null, target.phases);
  const movable = older.filter((r) => maps(r));
  const moved = (runs.data?.runs ?? []).filter((r) => r.last_migration);
  const chosenOlder = movable.filter((r) => chosen.has(r.id));

  const migrate = useMutation({
    mutationFn: () =>
      migrateRuns(
        api.client,
        target.id,
        chosenOlder.map((r) => r.id),
      ),
    onSuccess: async (results) => {
      setConfirming(false);
      setChosen(new Set());
      setOutcome({ results, version: target.version });
      // The workflow takes the new version once it leaves the phase: read again until the moved ones show it.
      const movedIds = new Set(results.filter((r) => r.migrated).map((r) => r.internship_id));
      for (let attempt = 0; attempt < 15; attempt++) {
        const list = await queryClient.fetchQuery({
          queryKey: runsKey(definitionId, published.id),
          queryFn: ({ signal }) => listRuns(api.client, definitionId, signal),
          staleTime: 0,
        });
        if (list.runs.every((r) => !movedIds.has(r.id) || r.version_id === target.id)) break;
        // Polling the server for the workflows' next step, not waiting for a moment on purpose.
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    },
  });
  useEffect(() => {
    if (outcome) resultRef.current?.focus();
  }, [outcome]);

  const toggle = (run: TPhaseRun, on: boolean) => {
    setNothingChosen(false);
    setChosen((before) => {
      const next = new Set(before);
      if (on) next.add(run.id);
      else next.delete(run.id);
      return next;
    });
  };
  const allChosen = movable.length > 0 && chosenOlder.length === movable.length;
  const phaseText = (run: TPhaseRun) =>
    run.current_phase
      ? t('migrations.inPhase', { name: run.current_phase.name[lang] || run.current_phase.name.nl })
      : t('migrations.betweenPhases');
  const name = (n: { nl: string; en: string }) => n[lang] || n.nl;
  const mappingText = (run: TPhaseRun) => {
    const to = maps(run);
    if (to)
      return t('migrations.mapsTo', {
        name: name(to.phase.name),
        position: to.position + 1,
        total: target.phases.length,
      });
    return run.current_phase
      ? t('migrations.mapsNowhere', { version: target.version, name: name(run.current_phase.name) })
      : t('migrations.betweenPhases');
  };

  return (
    <section
      id={SECTION_ID}
      className="card workflow-migrations"
      aria-labelledby={`${id}-title`}
      data-testid="workflow-migrations"
    >
      <h2 id={`${id}-title`}>{t('migrations.title')}</h2>
      <p>{t('migrations.intro', { version: target.version })}</p>
      {versions.length > 1 && (
        <div className="field">
          <label htmlFor={`${id}-target`}>{t('migrations.targetLabel')}</label>
          <select
            id={`${id}-target`}
            value={target.id}
            data-testid="workflow-migrations-target"
            onChange={(e) => {
              setPicked(e.target.value === published.id ? null : e.target.value);
              setChosen(new Set());
              setOutcome(undefined);
            }}
          >
            {versions.map((v) => (
              <option key={v.id} value={v.id}>
                {v.id === published.id
                  ? t('migrations.versionNewest', { version: v.version })
                  : t('migrations.onVersion', { version: v.version })}
              </option>
            ))}
          </select>
        </div>
      )}
      {runs.isPending && <p role="status">{t('loading')}</p>}
      {runs.isError && <FormAlert tone="error">{errorMessage(runs.error, tShared)}</FormAlert>}
      <div ref={resultRef} tabIndex={-1} className="workflow-migrations__result">
        {outcome && <MigrationOutcome outcome={outcome} runs={runs.data?.runs ?? []} />}
      </div>
      {runs.data && running.length === 0 && (
        <p data-testid="workflow-migrations-none">{t('migrations.noneRunning')}</p>
      )}
      {runs.data && running.length > 0 && older.length === 0 && (
        <p data-testid="workflow-migrations-none">
          {t('migrations.allCurrent', { count: running.length, version: target.version })}
        </p>
      )}
      {older.length > 0 && (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (chosenOlder.length === 0) {
              setNothingChosen(true);
              return;
            }
            migrate.reset();
            setConfirming(true);
          }}
        >
          <fieldset className="workflow-migrations__choice">
            <legend>
              {t(newest ? 'migrations.olderTitle' : 'migrations.otherTitle', {
                count: older.length,
                version: target.version,
              })}
            </legend>
            <div className="field field--checkbox">
              <input
                id={`${id}-all`}
                type="checkbox"
                checked={allChosen}
                data-testid="workflow-migrations-all"
                onChange={(e) => {
                  setNothingChosen(false);
                  setChosen(e.target.checked ? new Set(movable.map((r) => r.id)) : new Set());
                }}
              />
              <label htmlFor={`${id}-all`}>{t('migrations.chooseAll')}</label>
            </div>
            <ul className="workflow-runs">
              {older.map((run) => (
                <li
                  key={run.id}
                  className="field field--checkbox workflow-run"
                  data-testid="workflow-run"
                  data-id={run.id}
                >
                  <input
                    id={`${id}-${run.id}`}
                    type="checkbox"
                    checked={chosen.has(run.id) && !!maps(run)}
                    disabled={!maps(run)}
                    aria-describedby={`${id}-${run.id}-facts`}
                    onChange={(e) => toggle(run, e.target.checked)}
                  />
                  <label htmlFor={`${id}-${run.id}`}>
                    <strong>{run.student_name}</strong> · {run.internship_title}
                  </label>
                  <p id={`${id}-${run.id}-facts`} className="field__hint workflow-run__facts">
                    {t('migrations.onVersion', { version: run.version })} · {phaseText(run)} ·{' '}
                    {t('migrations.since', { date: date(run.started_at) })}
                  </p>
                  <p
                    className="field__hint workflow-run__facts"
                    data-testid="workflow-run-mapping"
                    data-maps={maps(run) ? 'yes' : 'no'}
                  >
                    {mappingText(run)}
                  </p>
                </li>
              ))}
            </ul>
          </fieldset>
          <p role="status" className="field__hint" data-testid="workflow-migrations-chosen">
            {nothingChosen
              ? t('migrations.chooseFirst')
              : t('migrations.chosen', { count: chosenOlder.length })}
          </p>
          <div className="form__actions">
            <button type="submit" className="btn btn--primary" data-testid="workflow-migrate">
              {t('migrations.move', { version: target.version })}
            </button>
          </div>
        </form>
      )}
      {moved.length > 0 && (
        <>
          <h3>{t('migrations.loggedTitle')}</h3>
          <p className="muted">{t('migrations.loggedIntro')}</p>
          <ul className="workflow-runs" data-testid="workflow-migrations-log">
            {moved.map((run) => (
              <li key={run.id} className="workflow-run" data-testid="workflow-migrated" data-id={run.id}>
                <p className="workflow-run__who">
                  <strong>{run.student_name}</strong> ·{' '}
                  <Link to={`/internships/${run.id}`}>{run.internship_title}</Link>
                </p>
                <p className="field__hint workflow-run__facts">
                  {t('migrations.loggedRow', {
                    from: run.last_migration!.from_version ?? '?',
                    to: run.last_migration!.to_version ?? '?',
                    date: date(run.last_migration!.at),
                  })}{' '}
                  ·{' '}
                  {run.last_migration!.to_version === null || run.last_migration!.to_version === run.version
                    ? t('migrations.nowOn', { version: run.version })
                    : t('migrations.moving')}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
      <Modal
        open={confirming}
        title={t('migrations.confirmTitle')}
        closeLabel={tShared('shell.close')}
        onClose={() => !migrate.isPending && setConfirming(false)}
        testId="workflow-migrate-dialog"
      >
        {migrate.isError && <FormAlert tone="error">{errorMessage(migrate.error, tShared)}</FormAlert>}
        <p>{t('migrations.confirm', { count: chosenOlder.length, version: target.version })}</p>
        <ul className="workflow-migrate-dialog__list">
          {chosenOlder.map((run) => (
            <li key={run.id}>
              {run.student_name} · {run.internship_title} (
              {t('migrations.onVersion', { version: run.version })}): {mappingText(run)}
            </li>
          ))}
        </ul>
        <div className="form__actions">
          <button
            type="button"
            className="btn btn--primary"
            data-testid="workflow-migrate-confirm"
            aria-disabled={migrate.isPending || undefined}
            onClick={() => !migrate.isPending && migrate.mutate()}
          >
            {migrate.isPending
              ? t('migrations.sending')
              : t('migrations.confirmButton', { count: chosenOlder.length, version: target.version })}
          </button>
          <button
            type="button"
            className="btn btn--neutral"
            onClick={() => !migrate.isPending && setConfirming(false)}
          >
            {t('cancel')}
          </button>
        </div>
      </Modal>
    </section>
  );
}

/** The outcome per internship: how many moved, and why each other one did not. */
function MigrationOutcome({
  outcome,
  runs,
}: {
  outcome: { results: TMigrationOutcome[]; version: number };
  runs: readonly TPhaseRun[];
}) {
  const { t } = useWorkflowTexts();
  const movedCount = outcome.results.filter((r) => r.migrated).length;
  const failed = outcome.results.filter((r) => !r.migrated);
  const nameOf = (internshipId: string) => {
    const run = runs.find((r) => r.id === internshipId);
    return run ? `${run.student_name} · ${run.internship_title}` : internshipId;
  };
  return (
    <FormAlert
      tone={failed.length ? 'warning' : 'success'}
      title={t('migrations.outcome', {
        count: movedCount,
        total: outcome.results.length,
        version: outcome.version,
      })}
      testId="workflow-migrations-outcome"
    >
      {failed.length > 0 && (
        <>
          <p>{t('migrations.notMoved')}</p>
          <ul>
            {failed.map((r) => (
              <li key={r.internship_id} data-testid="workflow-migration-failed">
                {nameOf(r.internship_id)}: {reasonText(t, r.error)}
              </li>
            ))}
          </ul>
        </>
      )}
      <p>{t('migrations.logged')}</p>
    </FormAlert>
  );
}

const REASONS = [
  'not_found',
  'phase_task_not_current',
  'phase_update_invalid',
  'phases_unavailable',
  'phase_migration_phase_missing',
] as const;

function reasonText(t: ReturnType<typeof useWorkflowTexts>['t'], code: string | null): string {
  const known = REASONS.find((r) => r === code);
  return known ? t(`migrations.reasons.${known}`) : t('migrations.reasons.other', { code: code ?? '?' });
}
