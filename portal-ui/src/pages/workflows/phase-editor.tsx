import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  availableTaskKinds,
  DEADLINE_ANCHORS,
  PHASE_COMPLETION_RULES,
  PHASE_STATUSES,
  WORKFLOW_LIMITS,
  type TWorkflowIssue,
  type TWorkflowPhase,
  type TWorkflowSwitches,
  type TWorkflowTask,
  type TWorkflowText,
} from '@stageplein/contracts/phases/workflow-rules';
import { EditorSelect } from '@stageplein/design-system/forms/editor-inputs.tsx';
import { RadioGroup } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { assignmentChoices, evaluationTemplateChoices, type TChoice } from './workflow-api.ts';
import { useWorkflowTexts } from './workflow-messages.ts';
import {
  actorsFor,
  blankTask,
  deadlineForm,
  deadlineOf,
  deadlineSummaryKey,
  issueMessageKey,
  taskIndexOf,
  wholeNumber,
  withKind,
  type TDeadlineForm,
} from './workflow-model.ts';

const binding = (name: string, value: string, onChange: (value: string) => void) => ({
  name,
  value,
  error: undefined,
  onChange: (v: unknown) => onChange(typeof v === 'string' ? v : ''),
  onBlur: () => undefined,
});

/** A text in Dutch and English; the Dutch one required (said under it when empty). */
function TextPair({
  labels,
  value,
  onChange,
  required,
  multiline,
  testId,
  hintEn,
  autoFocus,
}: {
  labels: [string, string];
  value: TWorkflowText;
  onChange: (value: TWorkflowText) => void;
  required?: boolean;
  multiline?: boolean;
  testId: string;
  hintEn?: string | undefined;
  autoFocus?: boolean;
}) {
  const { tShared } = useWorkflowTexts();
  const id = useId();
  const empty = !!required && value.nl.trim() === '';
  const input = (lang: 'nl' | 'en', label: string) => {
    const invalid = lang === 'nl' && empty;
    const hint = lang === 'en' ? hintEn : undefined;
    const described = [invalid ? `${id}-error` : '', hint ? `${id}-${lang}-hint` : '']
      .filter(Boolean)
      .join(' ');
    const props = {
      id: `${id}-${lang}`,
      className: `field__input${multiline ? ' field__input--multiline' : ''}`,
      value: value[lang],
      maxLength: multiline ? WORKFLOW_LIMITS.description : WORKFLOW_LIMITS.name,
      'data-testid': `${testId}-${lang}`,
      'aria-required': (required && lang === 'nl') || undefined,
      'aria-invalid': invalid || undefined,
      'aria-describedby': described || undefined,
      autoFocus: (autoFocus && lang === 'nl') || undefined,
      onChange: (e: { target: { value: string } }) => onChange({ ...value, [lang]: e.target.value }),
    };
    return (
      <div className={`field${invalid ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-${lang}`} className="field__label">
          {label}
          {required && lang === 'nl' && (
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </label>
        {hint && (
          <p id={`${id}-${lang}-hint`} className="field__hint">
            {hint}
          </p>
        )}
        {multiline ? <textarea rows={3} {...props} /> : <input type="text" {...props} />}
        {invalid && (
          <p id={`${id}-error`} className="field__error" data-testid="field-error">
            {tShared('validation.required')}
          </p>
        )}
      </div>
    );
  };
  return (
    <div className="workflow-pair">
      {input('nl', labels[0])}
      {input('en', labels[1])}
    </div>
  );
}

/**
 * A whole number as people type it (a text field with the numeric keyboard: `type=number` refuses some
 * input silently); empty is null. The text stays as typed while it is being typed.
 */
function NumberInput({
  label,
  value,
  onValue,
  min,
  max,
  testId,
}: {
  label: string;
  value: number | null;
  onValue: (value: number | null) => void;
  min: number;
  max: number;
  testId: string;
}) {
  const id = useId();
  const [text, setText] = useState(value === null ? '' : String(value));
  useEffect(() => {
    if (wholeNumber(text) !== value) setText(value === null ? '' : String(value));
    // Only an outside change resets the text (typing keeps it as typed).
  }, [value]);
  const n = wholeNumber(text);
  const outside = n !== null && (n < min || n > max);
  return (
    <div className={`field workflow-number${outside ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        className="field__input"
        value={text}
        data-testid={testId}
        aria-invalid={outside || undefined}
        aria-describedby={outside ? `${id}-error` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          onValue(wholeNumber(e.target.value));
        }}
      />
      {outside && <RangeError id={`${id}-error`} below={n < min} min={min} max={max} />}
    </div>
  );
}

function RangeError({ id, below, min, max }: { id: string; below: boolean; min: number; max: number }) {
  const { tShared } = useWorkflowTexts();
  return (
    <p id={id} className="field__error" data-testid="field-error">
      {below ? tShared('validation.numberMin', { min }) : tShared('validation.numberMax', { max })}
    </p>
  );
}

/** The messages of validation issues (the catalogue's texts, the server's own), with their place. */
export function IssueList({ issues, testId }: { issues: readonly TWorkflowIssue[]; testId: string }) {
  const { tShared } = useWorkflowTexts();
  return (
    <ul className="workflow-issues" data-testid={testId}>
      {issues.map((issue, n) => (
        <li key={`${issue.code}-${issue.pointer}-${n}`} data-code={issue.code}>
          {tShared(issueMessageKey(issue), issue.vars)}
        </li>
      ))}
    </ul>
  );
}

/**
 * One phase of a draft: its name, status and completion rule, and its tasks (who, what, required,
 * deadline, reminders, escalation). Changes go to `onChange` as they are made; `readOnly` shows a
 * published version's phase.
 */
export function PhaseEditor({
  phase,
  onChange,
  switches,
  issues,
  readOnly,
}: {
  phase: TWorkflowPhase;
  onChange: (phase: TWorkflowPhase) => void;
  switches: TWorkflowSwitches;
  /** Validation issues of this phase (pointers into the whole version). */
  issues: readonly TWorkflowIssue[];
  readOnly: boolean;
}) {
  const { t } = useWorkflowTexts();
  const [open, setOpen] = useState<string | undefined>();
  const [added, setAdded] = useState<string | undefined>();
  const update = (task: TWorkflowTask) =>
    onChange({ ...phase, tasks: phase.tasks.map((x) => (x.id === task.id ? task : x)) });
  return (
    <div className="workflow-phase-editor">
      <section className="card" aria-labelledby="phase-settings">
        <h2 id="phase-settings">{t('phaseSettings')}</h2>
        {readOnly ? (
          <dl className="details">
            <div>
              <dt>{t('status')}</dt>
              <dd data-testid="phase-status">{t(`statuses.${phase.status}`)}</dd>
            </div>
            <div>
              <dt>{t('completion')}</dt>
              <dd>{t(`completions.${phase.completion}`)}</dd>
            </div>
          </dl>
        ) : (
          <div className="form">
            <TextPair
              labels={[t('phaseNameNl'), t('phaseNameEn')]}
              value={phase.name}
              required
              hintEn={t('phaseNameEnHint')}
              onChange={(name) => onChange({ ...phase, name })}
              testId="phase-name"
            />
            <RadioGroup
              legend={t('status')}
              field={binding('status', phase.status, (status) =>
                onChange({ ...phase, status: status as TWorkflowPhase['status'] }),
              )}
              options={PHASE_STATUSES.map((s) => ({
                value: s,
                label: t(`statuses.${s}`),
                hint: t(`statusHints.${s}`),
              }))}
            />
            <RadioGroup
              legend={t('completion')}
              field={binding('completion', phase.completion, (completion) =>
                onChange({ ...phase, completion: completion as TWorkflowPhase['completion'] }),
              )}
              options={PHASE_COMPLETION_RULES.map((c) => ({ value: c, label: t(`completions.${c}`) }))}
            />
          </div>
        )}
      </section>
      <section className="card" aria-labelledby="phase-tasks">
        <h2 id="phase-tasks">{t('tasksTitle')}</h2>
        {issues.length > 0 && !readOnly && (
          <div className="alert alert--warning" data-testid="phase-issues">
            <div>
              <p className="alert__title">{t('phaseIssues')}</p>
              <IssueList issues={issues} testId="phase-issue-list" />
            </div>
          </div>
        )}
        {phase.tasks.length === 0 && <p>{t('noTasks')}</p>}
        <ol className="workflow-tasks" data-testid="phase-tasks">
          {phase.tasks.map((task, index) => (
            <TaskCard
              key={task.id}
              task={task}
              phaseId={phase.id}
              switches={switches}
              readOnly={readOnly}
              open={open === task.id}
              focusTitle={added === task.id}
              setOpen={(o) => setOpen(o ? task.id : undefined)}
              invalid={issues.some((i) => taskIndexOf(i) === index)}
              onChange={update}
              onRemove={() => onChange({ ...phase, tasks: phase.tasks.filter((x) => x.id !== task.id) })}
            />
          ))}
        </ol>
        {!readOnly && phase.tasks.length < WORKFLOW_LIMITS.tasksPerPhase && (
          <button
            type="button"
            className="btn btn--primary"
            data-testid="add-task"
            onClick={() => {
              const task = blankTask({ nl: t('newTaskTitle'), en: '' }, switches);
              onChange({ ...phase, tasks: [...phase.tasks, task] });
              setOpen(task.id);
              setAdded(task.id);
            }}
          >
            {t('addTask')}
          </button>
        )}
      </section>
    </div>
  );
}

/** A task's summary, and its editor when opened. */
function TaskCard({
  task,
  phaseId,
  switches,
  readOnly,
  open,
  focusTitle,
  setOpen,
  invalid,
  onChange,
  onRemove,
}: {
  task: TWorkflowTask;
  /** The phase's id: an evaluation task names a template scoped to this phase. */
  phaseId: string;
  switches: TWorkflowSwitches;
  readOnly: boolean;
  open: boolean;
  focusTitle: boolean;
  setOpen: (open: boolean) => void;
  invalid: boolean;
  onChange: (task: TWorkflowTask) => void;
  onRemove: () => void;
}) {
  const { t, lang } = useWorkflowTexts();
  const title = (lang === 'en' && task.title.en.trim()) || task.title.nl || t('newTaskTitle');
  const deadline = deadlineSummaryKey(task.deadline);
  return (
    <li
      className={`workflow-task${invalid ? ' workflow-task--invalid' : ''}`}
      data-testid="phase-task"
      data-id={task.id}
    >
      <div className="workflow-task__row">
        <div className="workflow-task__summary">
          <span className="workflow-task__title" data-testid="phase-task-title">
            {title}
          </span>
          <dl className="workflow-task__facts">
            <div>
              <dt>{t('summaryWho')}</dt>
              <dd>{t(`actors.${task.actor}`)}</dd>
            </div>
            <div>
              <dt>{t('summaryWhat')}</dt>
              <dd>
                {t(`kinds_task.${task.kind}`)}
                {task.kind === 'hours' && task.hours_target ? ` (${task.hours_target})` : ''}
                {task.required ? '' : ` · ${t('optional')}`}
              </dd>
            </div>
            <div>
              <dt>{t('summaryWhen')}</dt>
              <dd data-testid="phase-task-deadline">
                {task.deadline ? t(deadline.key, { count: deadline.days }) : t(deadline.key)}
                {task.reminder_days.map((d) => ` · ${t('remindersSummary', { count: d })}`).join('')}
                {task.escalation.mentor_after_days !== null &&
                  ` · ${t('escalationSummary', { count: task.escalation.mentor_after_days, to: t('actorsShort.mentor') })}`}
                {task.escalation.school_admin_after_days !== null &&
                  ` · ${t('escalationSummary', { count: task.escalation.school_admin_after_days, to: t('actorsShort.school_admin') })}`}
              </dd>
            </div>
          </dl>
        </div>
        {!readOnly && (
          <button
            type="button"
            className="btn btn--neutral"
            aria-expanded={open}
            data-testid="edit-task"
            onClick={() => setOpen(!open)}
          >
            {open ? t('closeTask') : t('editTask')}
            <span className="visually-hidden"> {title}</span>
          </button>
        )}
      </div>
      {open && !readOnly && (
        <TaskEditor
          task={task}
          phaseId={phaseId}
          switches={switches}
          focusTitle={focusTitle}
          onChange={onChange}
          onRemove={onRemove}
        />
      )}
    </li>
  );
}

function TaskEditor({
  task,
  phaseId,
  switches,
  focusTitle,
  onChange,
  onRemove,
}: {
  task: TWorkflowTask;
  phaseId: string;
  switches: TWorkflowSwitches;
  focusTitle: boolean;
  onChange: (task: TWorkflowTask) => void;
  onRemove: () => void;
}) {
  const { t } = useWorkflowTexts();
  const kinds = availableTaskKinds(switches);
  const actors = actorsFor(task.kind);
  const requiredId = useId();
  const form = deadlineForm(task.deadline);
  const setDeadline = (next: TDeadlineForm) => {
    const deadline = deadlineOf(next);
    onChange(
      deadline
        ? { ...task, deadline }
        : // Without a deadline nothing is reminded or escalated.
          {
            ...task,
            deadline: null,
            reminder_days: [],
            escalation: { mentor_after_days: null, school_admin_after_days: null },
          },
    );
  };
  return (
    <div className="workflow-task__editor" data-testid="task-editor">
      <TextPair
        labels={[t('taskTitleNl'), t('taskTitleEn')]}
        value={task.title}
        required
        autoFocus={focusTitle}
        onChange={(title) => onChange({ ...task, title })}
        testId="task-title"
      />
      <RadioGroup
        legend={t('kind')}
        field={binding(`kind-${task.id}`, task.kind, (kind) =>
          onChange(withKind(task, kind as TWorkflowTask['kind'])),
        )}
        options={kinds.map((k) => ({ value: k, label: t(`kinds_task.${k}`), hint: t(`kindHints.${k}`) }))}
      />
      <EditorSelect
        label={t('actor')}
        value={task.actor}
        testId="task-actor"
        options={actors.map((a) => ({ value: a, label: t(`actors.${a}`) }))}
        onChange={(actor) => onChange({ ...task, actor: actor as TWorkflowTask['actor'] })}
      />
      {task.kind === 'hours' && (
        <NumberInput
          label={t('hoursTarget')}
          value={task.hours_target}
          min={1}
          max={WORKFLOW_LIMITS.hoursTarget}
          testId="task-hours"
          onValue={(hours_target) => onChange({ ...task, hours_target })}
        />
      )}
      {task.kind === 'evaluation' && (
        <ChoiceSelect
          label={t('evaluationTemplate')}
          kind="evaluation"
          phaseId={phaseId}
          value={task.evaluation_template_id}
          onChange={(evaluation_template_id) => onChange({ ...task, evaluation_template_id })}
        />
      )}
      {task.kind === 'assignment' && (
        <ChoiceSelect
          label={t('assignment')}
          kind="assignment"
          phaseId={phaseId}
          value={task.assignment_id}
          onChange={(assignment_id) => onChange({ ...task, assignment_id })}
        />
      )}
      <div className="field field--checkbox">
        <input
          id={requiredId}
          type="checkbox"
          checked={task.required}
          data-testid="task-required"
          onChange={(e) => onChange({ ...task, required: e.target.checked })}
        />
        <label htmlFor={requiredId} className="field__label">
          {t('required')}
        </label>
      </div>
      <fieldset className="workflow-fieldset">
        <legend>{t('deadlineTitle')}</legend>
        <div className="workflow-row">
          <EditorSelect
            label={t('deadlineFrom')}
            value={form.from}
            testId="task-deadline-from"
            options={(['none', ...DEADLINE_ANCHORS] as const).map((a) => ({
              value: a,
              label: t(`deadlineFroms.${a}`),
            }))}
            onChange={(from) =>
              setDeadline({
                ...form,
                from: from as TDeadlineForm['from'],
                days: form.from === 'none' ? 3 : form.days,
              })
            }
          />
          {form.from !== 'none' && (
            <NumberInput
              label={t('deadlineDays')}
              value={form.days}
              min={0}
              max={WORKFLOW_LIMITS.deadlineDays}
              testId="task-deadline-days"
              onValue={(days) => setDeadline({ ...form, days: days ?? 0 })}
            />
          )}
          {form.from !== 'none' && form.from !== 'phase_start' && (
            <EditorSelect
              label={t('deadlineDirection')}
              value={form.direction}
              testId="task-deadline-direction"
              options={(['before', 'after'] as const).map((d) => ({ value: d, label: t(`directions.${d}`) }))}
              onChange={(direction) =>
                setDeadline({ ...form, direction: direction as TDeadlineForm['direction'] })
              }
            />
          )}
        </div>
      </fieldset>
      <fieldset className="workflow-fieldset">
        <legend>{t('remindersTitle')}</legend>
        {task.deadline ? (
          <>
            <p className="field__hint">{t('remindersHint')}</p>
            {task.reminder_days.map((days, n) => (
              <div className="workflow-reminder" key={n}>
                <NumberInput
                  label={t('reminderDays', { number: n + 1 })}
                  value={days}
                  min={0}
                  max={WORKFLOW_LIMITS.deadlineDays}
                  testId="task-reminder"
                  onValue={(d) =>
                    onChange({
                      ...task,
                      reminder_days: task.reminder_days.map((x, i) => (i === n ? (d ?? 0) : x)),
                    })
                  }
                />
                <button
                  type="button"
                  className="btn btn--neutral workflow-small-button"
                  onClick={() =>
                    onChange({ ...task, reminder_days: task.reminder_days.filter((_, i) => i !== n) })
                  }
                >
                  {t('removeReminder', { number: n + 1 })}
                </button>
              </div>
            ))}
            {task.reminder_days.length < WORKFLOW_LIMITS.reminders && (
              <button
                type="button"
                className="btn btn--neutral"
                data-testid="add-reminder"
                onClick={() => onChange({ ...task, reminder_days: [...task.reminder_days, 1] })}
              >
                {t('addReminder')}
              </button>
            )}
          </>
        ) : (
          <p className="field__hint">{t('needsDeadline')}</p>
        )}
      </fieldset>
      <fieldset className="workflow-fieldset">
        <legend>{t('escalationTitle')}</legend>
        {task.deadline ? (
          <>
            <p className="field__hint">{t('escalationHint')}</p>
            <div className="workflow-row">
              <NumberInput
                label={t('escalateMentor')}
                value={task.escalation.mentor_after_days}
                min={1}
                max={WORKFLOW_LIMITS.escalationDays}
                testId="task-escalate-mentor"
                onValue={(mentor_after_days) =>
                  onChange({ ...task, escalation: { ...task.escalation, mentor_after_days } })
                }
              />
              <NumberInput
                label={t('escalateAdmin')}
                value={task.escalation.school_admin_after_days}
                min={1}
                max={WORKFLOW_LIMITS.escalationDays}
                testId="task-escalate-admin"
                onValue={(school_admin_after_days) =>
                  onChange({ ...task, escalation: { ...task.escalation, school_admin_after_days } })
                }
              />
            </div>
          </>
        ) : (
          <p className="field__hint">{t('needsDeadline')}</p>
        )}
      </fieldset>
      <div className="form__actions">
        <button type="button" className="btn btn--neutral" data-testid="remove-task" onClick={onRemove}>
          {t('removeTask')}
        </button>
      </div>
    </div>
  );
}

/**
 * The evaluation templates of this phase (scope `phase`: what publishing accepts) or the school's
 * assignments to name (their own lists; none yet: said so).
 */
function ChoiceSelect({
  label,
  kind,
  phaseId,
  value,
  onChange,
}: {
  label: string;
  kind: 'evaluation' | 'assignment';
  phaseId: string;
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const { t, lang } = useWorkflowTexts();
  const api = useApi();
  const choices = useQuery({
    queryKey: ['workflow-choices', kind, lang, kind === 'evaluation' ? phaseId : null],
    queryFn: ({ signal }): Promise<TChoice[]> =>
      kind === 'evaluation'
        ? evaluationTemplateChoices(api.client, phaseId, signal)
        : assignmentChoices(api.client, lang, signal),
  });
  if (choices.isPending) return <p role="status">{t('loading')}</p>;
  const list = choices.data ?? [];
  if (list.length === 0) return <p className="field__hint">{t('noneToChoose')}</p>;
  return (
    <EditorSelect
      label={label}
      value={value ?? ''}
      testId={`task-${kind}`}
      options={[
        { value: '', label: t('choose') },
        ...list.map((c) => ({
          value: c.id,
          label: c.draft ? t('assignmentDraft', { title: c.label }) : c.label,
        })),
      ]}
      hint={kind === 'assignment' ? t('assignmentHint') : undefined}
      onChange={(id) => onChange(id || null)}
    />
  );
}
