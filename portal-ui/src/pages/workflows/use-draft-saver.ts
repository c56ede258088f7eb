import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ZWorkflowPhasesInput } from '@stageplein/contracts/phases/workflow-definitions';
import type { TWorkflowPhase } from '@stageplein/contracts/phases/workflow-rules';
import { useApi } from '../../api/api-context.ts';
import { savePhases, type TDefinitionView } from './workflow-api.ts';

export type TSaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  /** Not sent: the wire's schema refuses it (an empty name, a number out of range), where. */
  | { kind: 'incomplete'; phase: number; task: number | undefined }
  | { kind: 'failed'; error: unknown };

/** Where the wire's schema refuses the phases: the first issue's phase and task (1-based). */
export function incompleteAt(
  phases: readonly TWorkflowPhase[],
): { phase: number; task: number | undefined } | undefined {
  const check = ZWorkflowPhasesInput.safeParse(phases);
  if (check.success) return undefined;
  const path = check.error.issues[0]?.path ?? [];
  const phase = typeof path[0] === 'number' ? path[0] + 1 : 1;
  const task = path[1] === 'tasks' && typeof path[2] === 'number' ? path[2] + 1 : undefined;
  return { phase, task };
}

/**
 * One queue per draft version for the whole app: the list page and a phase page save the same draft,
 * and a phase page's last change may still be on its way when the list opens. Changes go one after the
 * other, and a change overtaken by a newer one is never sent.
 */
interface TQueue {
  chain: Promise<void>;
  latest: readonly TWorkflowPhase[] | undefined;
  failed: boolean;
}
const queues = new Map<string, TQueue>();
function queueOf(versionId: string): TQueue {
  let queue = queues.get(versionId);
  if (!queue) {
    queue = { chain: Promise.resolve(), latest: undefined, failed: false };
    queues.set(versionId, queue);
  }
  return queue;
}

/**
 * Saves a draft's phases as the designer changes them. The cached draft shows a change at once (a page
 * opened meanwhile starts from it), the server gets the newest phases only, one call at a time. Phases
 * the wire's schema refuses are not sent; the state says where they are incomplete. `settled()`
 * resolves when nothing is left to send (publishing waits for it): true when the newest is saved.
 */
export function useDraftSaver(definitionId: string, versionId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [state, setState] = useState<TSaveState>({ kind: 'idle' });

  const setDraftPhases = useCallback(
    (phases: TWorkflowPhase[]) =>
      queryClient.setQueryData<TDefinitionView>(['workflow', definitionId], (view) =>
        view?.draft?.id === versionId ? { ...view, draft: { ...view.draft, phases } } : view,
      ),
    [queryClient, definitionId, versionId],
  );

  const save = useCallback(
    (phases: readonly TWorkflowPhase[]) => {
      const queue = queueOf(versionId);
      queue.latest = phases;
      setDraftPhases([...phases]);
      const incomplete = incompleteAt(phases);
      if (incomplete) {
        queue.failed = true;
        setState({ kind: 'incomplete', ...incomplete });
        return;
      }
      setState({ kind: 'saving' });
      queue.chain = queue.chain.then(async () => {
        if (queue.latest !== phases) return;
        try {
          const saved = await savePhases(api.client, versionId, phases);
          if (queue.latest !== phases) return;
          queue.failed = false;
          // The server's own copy (its defaults filled in), unless a newer change came meanwhile.
          setDraftPhases(saved.phases);
          setState({ kind: 'saved' });
        } catch (error) {
          if (queue.latest !== phases) return;
          queue.failed = true;
          setState({ kind: 'failed', error });
        }
      });
    },
    [api.client, versionId, setDraftPhases],
  );

  const settled = useCallback(async () => {
    const queue = queueOf(versionId);
    await queue.chain;
    return !queue.failed;
  }, [versionId]);

  const retry = useCallback(() => {
    const latest = queueOf(versionId).latest;
    if (latest) save(latest);
  }, [save, versionId]);

  /** Shows a change in the cached draft before it is sent (a debounced save's phases). */
  const show = useCallback(
    (phases: readonly TWorkflowPhase[]) => setDraftPhases([...phases]),
    [setDraftPhases],
  );

  return { state, save, show, settled, retry };
}
