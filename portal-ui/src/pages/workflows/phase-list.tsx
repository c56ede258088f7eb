import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { TWorkflowPhase } from '@stageplein/contracts/phases/workflow-rules';
import { Icon } from '@stageplein/design-system/components/icons.tsx';
import { Modal } from '@stageplein/design-system/components/modal.tsx';
import { useWorkflowTexts } from './workflow-messages.ts';
import { movePhase } from './workflow-model.ts';

export const phaseName = (phase: Pick<TWorkflowPhase, 'name'>, lang: 'nl' | 'en') =>
  (lang === 'en' && phase.name.en.trim()) || phase.name.nl;

/**
 * The phases of a version in order. In a draft they are ordered by drag and drop (dnd-kit: pointer,
 * touch and keyboard, with spoken announcements in the page's language) and removed here; their tasks
 * are edited on the phase's own page. A published version lists them read-only.
 */
export function PhaseList({
  phases,
  phasePath,
  onChange,
}: {
  phases: readonly TWorkflowPhase[];
  phasePath: (phase: TWorkflowPhase) => string;
  /** Absent: read-only (a published version). */
  onChange?: ((phases: TWorkflowPhase[]) => void) | undefined;
}) {
  const { t, tShared, lang } = useWorkflowTexts();
  const helpId = useId();
  const [removing, setRemoving] = useState<TWorkflowPhase | undefined>();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  if (phases.length === 0) return <p data-testid="workflow-no-phases">{t('noPhases')}</p>;
  if (!onChange) {
    return (
      <ol className="workflow-phases" data-testid="workflow-phases">
        {phases.map((phase, index) => (
          <PhaseRow key={phase.id} phase={phase} index={index} phasePath={phasePath} />
        ))}
      </ol>
    );
  }
  const nameOf = (id: unknown) => {
    const phase = phases.find((p) => p.id === String(id));
    return phase ? phaseName(phase, lang) : String(id);
  };
  const positionOf = (id: unknown) => phases.findIndex((p) => p.id === String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('pickUp', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('moved', { name: nameOf(active.id), position: positionOf(over.id), count: phases.length })
        : undefined,
    onDragEnd: ({ active, over }) =>
      t('dropped', { name: nameOf(active.id), position: positionOf(over?.id ?? active.id) }),
    onDragCancel: ({ active }) => t('cancelled', { name: nameOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange(movePhase(phases, positionOf(active.id) - 1, positionOf(over.id) - 1));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dragHelp') } }}
    >
      <p id={helpId} className="field__hint">
        {t('dragHelp')}
      </p>
      <SortableContext items={phases.map((p) => p.id)} strategy={verticalListSortingStrategy}>
        <ol className="workflow-phases" data-testid="workflow-phases">
          {phases.map((phase, index) => (
            <SortablePhase
              key={phase.id}
              phase={phase}
              index={index}
              phasePath={phasePath}
              helpId={helpId}
              onRemove={() => setRemoving(phase)}
            />
          ))}
        </ol>
      </SortableContext>
      <Modal
        open={!!removing}
        title={t('removeConfirmTitle')}
        closeLabel={tShared('shell.close')}
        onClose={() => setRemoving(undefined)}
        testId="remove-phase-dialog"
      >
        <p>{removing && t('removeConfirm', { name: phaseName(removing, lang) })}</p>
        <div className="form__actions">
          <button
            type="button"
            className="btn btn--primary"
            data-testid="remove-phase-confirm"
            onClick={() => {
              if (removing) onChange(phases.filter((p) => p.id !== removing.id));
              setRemoving(undefined);
            }}
          >
            {t('removePhase')}
          </button>
          <button type="button" className="btn btn--neutral" onClick={() => setRemoving(undefined)}>
            {t('cancel')}
          </button>
        </div>
      </Modal>
    </DndContext>
  );
}

function PhaseSummary({ phase, index }: { phase: TWorkflowPhase; index: number }) {
  const { t, lang } = useWorkflowTexts();
  return (
    <div className="workflow-phase__summary">
      <span className="workflow-phase__number">{t('phaseNumber', { number: index + 1 })}</span>
      <span className="workflow-phase__name" data-testid="workflow-phase-name">
        {phaseName(phase, lang)}
      </span>
      <span className="field__hint">
        {phase.status === 'finished'
          ? t('statuses.finished')
          : `${t(`statuses.${phase.status}`)} · ${t('taskCount', { count: phase.tasks.length })} · ${t(
              `completions.${phase.completion}`,
            )}`}
      </span>
    </div>
  );
}

function PhaseRow({
  phase,
  index,
  phasePath,
}: {
  phase: TWorkflowPhase;
  index: number;
  phasePath: (phase: TWorkflowPhase) => string;
}) {
  const { t, lang } = useWorkflowTexts();
  return (
    <li className="workflow-phase" data-testid="workflow-phase" data-id={phase.id}>
      <div className="workflow-phase__row">
        <PhaseSummary phase={phase} index={index} />
        <Link to={phasePath(phase)} className="btn btn--neutral" data-testid="workflow-phase-open">
          {t('viewPhase')}
          <span className="visually-hidden"> {phaseName(phase, lang)}</span>
        </Link>
      </div>
    </li>
  );
}

function SortablePhase({
  phase,
  index,
  phasePath,
  helpId,
  onRemove,
}: {
  phase: TWorkflowPhase;
  index: number;
  phasePath: (phase: TWorkflowPhase) => string;
  helpId: string;
  onRemove: () => void;
}) {
  const { t, lang } = useWorkflowTexts();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: phase.id });
  const name = phaseName(phase, lang);
  return (
    <li
      ref={setNodeRef}
      className={`workflow-phase${isDragging ? ' workflow-phase--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="workflow-phase"
      data-id={phase.id}
    >
      <div className="workflow-phase__row">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          className="btn btn--neutral workflow-phase__handle"
          aria-label={t('handle', { name })}
          aria-describedby={helpId}
          data-testid="workflow-phase-handle"
        >
          <Icon name="menu" />
        </button>
        <PhaseSummary phase={phase} index={index} />
      </div>
      <div className="workflow-phase__actions">
        <Link to={phasePath(phase)} className="btn btn--neutral" data-testid="workflow-phase-open">
          {t('editPhase')}
          <span className="visually-hidden"> {name}</span>
        </Link>
        <button
          type="button"
          className="btn btn--neutral"
          data-testid="workflow-phase-remove"
          onClick={onRemove}
        >
          {t('removePhase')}
          <span className="visually-hidden"> {name}</span>
        </button>
      </div>
    </li>
  );
}
