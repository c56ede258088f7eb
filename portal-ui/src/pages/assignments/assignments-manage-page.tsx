import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '@stageplein/contracts/client/api-client';
import { formFields, type TFormDefinition } from '@stageplein/contracts/forms/form-definition';
import { mayManageAssignments } from '@stageplein/contracts/placements/assignment-policy';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { rules } from '@stageplein/design-system/forms/field-rules.ts';
import {
  FormAlert,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from '@stageplein/design-system/forms/fields.tsx';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';
import { useApi } from '../../api/api-context.ts';
import { localized } from '../../forms-renderer/answer-model.ts';
import { useSession } from '../../session/session-context.ts';
import { StatusErrorScreen } from '../../shell/error-screen.tsx';
import { currentOrganizationFacts } from '../dev/gallery-gate.tsx';
import { errorMessage, Page, useRouteTitle } from '../page-kit.tsx';
import {
  createAssignment,
  fetchAssignment,
  fetchOptions,
  listAssignments,
  publishAssignment,
  remind,
  updateAssignment,
  type TAssignment,
  type TAssignmentInput,
  type TOptions,
  type TTask,
} from './assignments-api.ts';
import { useAssignmentTexts } from './assignments-texts.ts';
import './assignments.css';

/** Only a school's admins manage assignments (contracts' policy, the server's too). */
function useManager(): { ready: boolean; allowed: boolean; schoolId: string | undefined } {
  const session = useSession();
  if (!session.user) return { ready: false, allowed: false, schoolId: undefined };
  return {
    ready: true,
    allowed: mayManageAssignments(session.permissions, currentOrganizationFacts(session)),
    schoolId: session.currentOrganization?.id,
  };
}

/** `/opdrachten/beheer`: the school's assignments and a form for a new one. */
export function AssignmentsManagePage() {
  const { t } = useAssignmentTexts();
  const manager = useManager();
  if (!manager.ready) return <div className="container page" aria-busy="true" />;
  if (!manager.allowed) return <StatusErrorScreen status={403} message={t('forbidden')} />;
  return <AssignmentsManage schoolId={manager.schoolId!} />;
}

function AssignmentsManage({ schoolId }: { schoolId: string }) {
  const { t, date, lang } = useAssignmentTexts();
  const title = useRouteTitle();
  const api = useApi();
  const list = useQuery({
    queryKey: ['assignments', schoolId],
    queryFn: ({ signal }) => listAssignments(api.client, signal),
  });
  const options = useQuery({
    queryKey: ['assignment-options', schoolId],
    queryFn: ({ signal }) => fetchOptions(api.client, signal),
  });
  return (
    <Page title={title} lead={<p>{t('intro')}</p>} testId="assignments-manage-page">
      <section aria-labelledby="assignments-list">
        <h2 id="assignments-list">{t('list')}</h2>
        {list.isError ? (
          <FormAlert tone="error">{t('loadError')}</FormAlert>
        ) : !list.data ? (
          <p role="status">{t('loading')}</p>
        ) : list.data.length === 0 ? (
          <p>{t('none')}</p>
        ) : (
          <ul className="vacancy-list" data-testid="assignments-list">
            {list.data.map((a) => (
              <li key={a.id} className="card vacancy-card" data-testid="assignment-card">
                <h3 className="vacancy-card__title">
                  <Link to={`/opdrachten/beheer/${a.id}`}>{localized(a.title, lang)}</Link>
                </h3>
                <p>
                  <span className="badge badge--inline">{t(`statuses.${a.status}`)}</span>{' '}
                  {t('due', { date: date(a.due_on) })}
                </p>
                <Completion a={a} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card form-card" aria-labelledby="assignment-new">
        <h2 id="assignment-new">{t('newTitle')}</h2>
        {options.isError ? (
          <FormAlert tone="error">{t('loadError')}</FormAlert>
        ) : !options.data ? (
          <p role="status">{t('loading')}</p>
        ) : (
          <NewAssignment schoolId={schoolId} options={options.data} />
        )}
      </section>
    </Page>
  );
}

function Completion({ a }: { a: Pick<TAssignment, 'task_count' | 'completed_count' | 'percent'> }) {
  const { t } = useAssignmentTexts();
  if (a.task_count === 0) return null;
  return (
    <p data-testid="assignment-completion">
      {t('completion', { completed: a.completed_count, total: a.task_count })}
      <progress className="assignment-progress" max={100} value={a.percent ?? 0} aria-hidden="true" />
    </p>
  );
}

function NewAssignment({ schoolId, options }: { schoolId: string; options: TOptions }) {
  const { t } = useAssignmentTexts();
  const api = useApi();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const create = useMutation({ mutationFn: createAssignment.bind(null, api.client) });
  return (
    <AssignmentForm
      options={options}
      testId="assignment-form"
      submitLabel={t('save')}
      submitTestId="assignment-save"
      onSave={async (input) => {
        const made = await create.mutateAsync(input as TAssignmentInput);
        toast.success(t('saved'));
        await queries.invalidateQueries({ queryKey: ['assignments', schoolId] });
        void navigate(`/opdrachten/beheer/${made.assignment.id}`);
      }}
    />
  );
}

/**
 * The server's field errors point into the wire's nested attributes (`title/nl`, `form_id`,
 * `selection/group_ids/0`); this form's fields are flat, so the pointers are moved onto them.
 */
const FIELD_OF: [RegExp, string][] = [
  [/^\/data\/attributes\/(title|instructions)\/(nl|en)\b.*/, '/data/attributes/$1_$2'],
  [/^\/data\/attributes\/form_(id|version)\b.*/, '/data/attributes/form'],
  [/^\/data\/attributes\/selection\/internship_period_ids\b.*/, '/data/attributes/period'],
  [/^\/data\/attributes\/selection\/group_ids\b.*/, '/data/attributes/group'],
];
function ontoFields(error: unknown): unknown {
  if (!(error instanceof ApiRequestError)) return error;
  const errors = error.errors.map((e) => {
    const pointer = e.source?.pointer;
    const rule = pointer ? FIELD_OF.find(([re]) => re.test(pointer)) : undefined;
    return rule ? { ...e, source: { ...e.source, pointer: pointer!.replace(rule[0], rule[1]) } } : e;
  });
  return new ApiRequestError({
    status: error.status,
    errors,
    method: error.method,
    path: error.path,
    body: error.body,
    message: error.message,
    traceparent: error.traceparent,
  });
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * The assignment's fields, for a new one (everything) or a change of an existing one: a draft takes
 * every field, a published one only its texts and due date (`edit` vs `change_selection` in the
 * contracts' actions), so only those are shown and only what changed is sent.
 */
function AssignmentForm({
  options,
  initial,
  testId,
  submitLabel,
  submitTestId,
  onSave,
  onCancel,
}: {
  options: TOptions;
  initial?: TAssignment;
  testId: string;
  submitLabel: string;
  submitTestId: string;
  onSave: (input: Partial<TAssignmentInput>) => Promise<void>;
  onCancel?: () => void;
}) {
  const { t, lang } = useAssignmentTexts();
  const { t: tc } = useTranslation();
  const fixed = initial !== undefined && !initial.actions.includes('change_selection');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(initial?.selection.internship_ids));
  const forms = options.forms.map((f) => ({
    value: `${f.form_id}:${f.version}`,
    label: localized(f.title, lang),
  }));
  const current = initial ? `${initial.form_id}:${initial.form_version}` : '';
  // A draft's form version may no longer be the newest offered: keep it choosable.
  if (initial && !forms.some((f) => f.value === current))
    forms.unshift({
      value: current,
      label: initial.form_title ? localized(initial.form_title, lang) : current,
    });
  const form = useForm(
    {
      titleNl: initial?.title.nl ?? '',
      titleEn: initial?.title.en ?? '',
      instructionsNl: initial?.instructions.nl ?? '',
      instructionsEn: initial?.instructions.en ?? '',
      form: initial ? current : forms.length === 1 ? forms[0]!.value : '',
      dueOn: initial?.due_on ?? '',
      period: initial?.selection.internship_period_ids[0] ?? '',
      group: initial?.selection.group_ids[0] ?? '',
    },
    {
      titleNl: [rules.required(), rules.maxLength(200)],
      titleEn: [rules.maxLength(200)],
      instructionsNl: [rules.required(), rules.maxLength(5000)],
      instructionsEn: [rules.maxLength(5000)],
      form: [rules.required()],
      dueOn: [rules.required()],
    },
  );
  const onSubmit = form.handleSubmit(async (v) => {
    const title = { nl: String(v.titleNl).trim(), en: String(v.titleEn).trim() };
    const instructions = { nl: String(v.instructionsNl).trim(), en: String(v.instructionsEn).trim() };
    const dueOn = String(v.dueOn);
    const texts = { title, instructions, due_on: dueOn };
    if (fixed) {
      try {
        return await onSave(texts);
      } catch (error) {
        throw ontoFields(error);
      }
    }
    const selection = {
      internship_period_ids: v.period ? [String(v.period)] : [],
      group_ids: v.group ? [String(v.group)] : [],
      internship_ids: [...chosen],
    };
    if (!selection.internship_period_ids.length && !selection.group_ids.length && !chosen.size)
      throw new Error(t('noneChosen'));
    const [formId, version] = String(v.form).split(':');
    const input: TAssignmentInput = {
      ...texts,
      form_id: formId!,
      form_version: Number(version),
      selection,
    };
    // A change sends only the form and selection when they changed (a period or group beyond the
    // first, which this form cannot show, stays as it was).
    const keep =
      initial &&
      sameIds(selection.internship_ids, initial.selection.internship_ids) &&
      (selection.internship_period_ids[0] ?? '') === (initial.selection.internship_period_ids[0] ?? '') &&
      (selection.group_ids[0] ?? '') === (initial.selection.group_ids[0] ?? '');
    const sameForm = initial && String(v.form) === current;
    try {
      await onSave({
        ...texts,
        ...(sameForm ? {} : { form_id: input.form_id, form_version: input.form_version }),
        ...(keep ? {} : { selection }),
      });
    } catch (error) {
      throw ontoFields(error);
    }
  });
  const toggle = (id: string) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  if (forms.length === 0) return <FormAlert tone="info">{t('noForms')}</FormAlert>;
  return (
    <form noValidate onSubmit={onSubmit} className="form" data-testid={testId}>
      {form.formError !== undefined && <FormAlert tone="error">{errorMessage(form.formError, tc)}</FormAlert>}
      {fixed && <p className="field__hint">{t('editPublishedHint')}</p>}
      <TextField label={t('titleNl')} required field={form.bind('titleNl')} />
      <TextField label={t('titleEn')} hint={t('optionalEn')} field={form.bind('titleEn')} />
      <TextAreaField label={t('instructionsNl')} required rows={5} field={form.bind('instructionsNl')} />
      <TextAreaField
        label={t('instructionsEn')}
        hint={t('optionalEn')}
        rows={3}
        field={form.bind('instructionsEn')}
      />
      {!fixed && (
        <SelectField
          label={t('form')}
          required
          field={form.bind('form')}
          options={[{ value: '', label: t('chooseForm') }, ...forms]}
        />
      )}
      <TextField label={t('dueOn')} type="date" required field={form.bind('dueOn')} />
      {!fixed && (
        <fieldset className="assignment-selection">
          <legend>{t('selection')}</legend>
          <p className="field__hint">{t('selectionHint')}</p>
          <div className="form__row">
            <SelectField
              label={t('period')}
              field={form.bind('period')}
              options={[
                { value: '', label: t('anyPeriod') },
                ...options.internship_periods.map((p) => ({ value: p.id, label: p.name })),
              ]}
            />
            <SelectField
              label={t('group')}
              field={form.bind('group')}
              options={[
                { value: '', label: t('anyGroup') },
                ...options.groups.map((g) => ({ value: g.id, label: g.name })),
              ]}
            />
          </div>
          {options.internships.length === 0 ? (
            <p>{t('noInternships')}</p>
          ) : (
            <ul className="bulk-list" aria-label={t('internships')} data-testid="assignment-internships">
              {options.internships.map((i) => (
                <InternshipChoice
                  key={i.id}
                  row={i}
                  checked={chosen.has(i.id)}
                  onToggle={() => toggle(i.id)}
                />
              ))}
            </ul>
          )}
        </fieldset>
      )}
      <p>
        <SubmitButton pending={form.submitting} testId={submitTestId}>
          {submitLabel}
        </SubmitButton>{' '}
        {onCancel && (
          <button type="button" className="btn btn--secondary" onClick={onCancel}>
            {t('cancel')}
          </button>
        )}
      </p>
    </form>
  );
}

function InternshipChoice({
  row,
  checked,
  onToggle,
}: {
  row: TOptions['internships'][number];
  checked: boolean;
  onToggle: () => void;
}) {
  const { t } = useAssignmentTexts();
  const id = useId();
  return (
    <li className="field field--checkbox" data-testid="assignment-internship">
      <input id={id} type="checkbox" checked={checked} onChange={onToggle} disabled={!row.has_supervisor} />
      <label htmlFor={id}>
        <strong>{row.student_name}</strong>
        {row.organization_name && <> · {row.organization_name}</>} ·{' '}
        {row.has_supervisor ? row.supervisor_name : <em>{t('noSupervisor')}</em>}
      </label>
    </li>
  );
}

/** `/opdrachten/beheer/{id}`: one assignment, its selection, completion per internship, reminders. */
export function AssignmentPage() {
  const { t } = useAssignmentTexts();
  const manager = useManager();
  const { id } = useParams();
  if (!manager.ready) return <div className="container page" aria-busy="true" />;
  if (!manager.allowed) return <StatusErrorScreen status={403} message={t('forbidden')} />;
  return <AssignmentDetail id={id!} schoolId={manager.schoolId!} />;
}

function AssignmentDetail({ id, schoolId }: { id: string; schoolId: string }) {
  const { t, date, lang } = useAssignmentTexts();
  const { t: tc } = useTranslation();
  const api = useApi();
  const queries = useQueryClient();
  const key = ['assignment', schoolId, id];
  const detail = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchAssignment(api.client, id, signal),
  });
  const options = useQuery({
    queryKey: ['assignment-options', schoolId],
    queryFn: ({ signal }) => fetchOptions(api.client, signal),
  });
  const refresh = async () => {
    await queries.invalidateQueries({ queryKey: key });
    await queries.invalidateQueries({ queryKey: ['assignments', schoolId] });
  };
  const publish = useMutation({
    mutationFn: () => publishAssignment(api.client, id),
    onSuccess: async (next) => {
      queries.setQueryData(key, next);
      const supervisors = new Set(next.tasks.map((x) => x.supervisor_email)).size;
      toast.success(t('published', { count: supervisors }));
      await refresh();
    },
  });
  const reminder = useMutation({
    mutationFn: (taskId?: string) => remind(api.client, id, taskId),
    onSuccess: async (out) => {
      toast.success(t('reminded', { count: out.supervisors }));
      await refresh();
    },
  });
  const [editing, setEditing] = useState(false);
  const title = useRouteTitle(detail.data ? localized(detail.data.assignment.title, lang) : undefined);
  if (detail.isError)
    return (
      <Page title={title} testId="assignment-page">
        <FormAlert tone="error">{errorMessage(detail.error, tc)}</FormAlert>
      </Page>
    );
  if (!detail.data)
    return (
      <Page title={title} testId="assignment-page">
        <p role="status">{t('loading')}</p>
      </Page>
    );
  const { assignment: a, tasks, form } = detail.data;
  const names = (ids: readonly string[], list: readonly { id: string; name: string }[] | undefined) =>
    ids.map((i) => list?.find((x) => x.id === i)?.name ?? '—').join(', ');
  const error = publish.error ?? reminder.error;
  return (
    <Page title={title} testId="assignment-page">
      <p>
        <Link to="/opdrachten/beheer">{t('back')}</Link>
      </p>
      <p>
        <span className="badge badge--inline" data-testid="assignment-status">
          {t(`statuses.${a.status}`)}
        </span>{' '}
        {t('due', { date: date(a.due_on) })}
        {a.form_title && <> · {t('formOf', { title: localized(a.form_title, lang) })}</>}
      </p>
      <Completion a={a} />
      {a.actions.includes('edit') &&
        (editing && options.data ? (
          <section className="card form-card" aria-labelledby="assignment-edit">
            <h2 id="assignment-edit">{t('editTitle')}</h2>
            <AssignmentForm
              options={options.data}
              initial={a}
              testId="assignment-edit-form"
              submitLabel={t('saveChanges')}
              submitTestId="assignment-edit-save"
              onCancel={() => setEditing(false)}
              onSave={async (changes) => {
                queries.setQueryData(key, await updateAssignment(api.client, id, changes));
                toast.success(t('changed'));
                setEditing(false);
                await refresh();
              }}
            />
          </section>
        ) : (
          <p>
            <button
              type="button"
              className="btn btn--secondary btn--block-phone"
              data-testid="assignment-edit"
              aria-disabled={!options.data || undefined}
              onClick={() => options.data && setEditing(true)}
            >
              {t('edit')}
            </button>
          </p>
        ))}
      <section aria-labelledby="assignment-instructions">
        <h2 id="assignment-instructions">{t('instructions')}</h2>
        <p className="assignment-instructions">{localized(a.instructions, lang)}</p>
      </section>
      <section aria-labelledby="assignment-selection">
        <h2 id="assignment-selection">{t('chosen')}</h2>
        <ul data-testid="assignment-selection">
          {a.selection.internship_period_ids.length > 0 && (
            <li>
              {t('chosenPeriods', {
                names: names(a.selection.internship_period_ids, options.data?.internship_periods),
              })}
            </li>
          )}
          {a.selection.group_ids.length > 0 && (
            <li>{t('chosenGroups', { names: names(a.selection.group_ids, options.data?.groups) })}</li>
          )}
          {a.selection.internship_ids.length > 0 && (
            <li>{t('chosenInternships', { count: a.selection.internship_ids.length })}</li>
          )}
        </ul>
      </section>
      {error ? <FormAlert tone="error">{errorMessage(error, tc)}</FormAlert> : null}
      {a.actions.includes('publish') && (
        <p>
          <button
            type="button"
            className="btn btn--primary btn--block-phone"
            data-testid="assignment-publish"
            aria-disabled={publish.isPending || undefined}
            onClick={() => !publish.isPending && publish.mutate()}
          >
            {t('publish')}
          </button>
        </p>
      )}
      {a.actions.includes('remind') && (
        <p>
          <button
            type="button"
            className="btn btn--secondary btn--block-phone"
            data-testid="assignment-remind-all"
            aria-disabled={reminder.isPending || undefined}
            onClick={() => !reminder.isPending && reminder.mutate(undefined)}
          >
            {t('remindAll')}
          </button>
          <br />
          <span className="field__hint">{t('remindHint')}</span>
        </p>
      )}
      <section aria-labelledby="assignment-tasks">
        <h2 id="assignment-tasks">{t('tasks')}</h2>
        {tasks.length === 0 ? (
          <p>{t('noTasks')}</p>
        ) : (
          <ul className="assignment-tasks" data-testid="assignment-tasks">
            {tasks.map((task) => (
              <TaskRow
                key={task.id}
                task={task}
                form={form}
                pending={reminder.isPending}
                onRemind={() => reminder.mutate(task.id)}
              />
            ))}
          </ul>
        )}
      </section>
    </Page>
  );
}

function TaskRow({
  task,
  form,
  pending,
  onRemind,
}: {
  task: TTask;
  form: TFormDefinition | null;
  pending: boolean;
  onRemind: () => void;
}) {
  const { t, date, lang } = useAssignmentTexts();
  const status = task.status === 'completed' ? 'completed' : task.overdue ? 'overdue' : 'open';
  return (
    <li className="card assignment-task" data-testid="assignment-task" data-status={status}>
      <h3 className="assignment-task__title">
        {task.student_name}
        {task.organization_name && <span className="field__hint"> · {task.organization_name}</span>}
      </h3>
      <p>
        {t('supervisor')}: {task.supervisor_name ?? task.supervisor_email}
      </p>
      <p>
        <span
          className={`badge badge--inline assignment-badge--${status}`}
          data-testid="assignment-task-status"
        >
          {t(`taskStatuses.${status}`)}
        </span>
        {task.completed_at && <> · {t('completedOn', { date: date(task.completed_at) })}</>}
        {task.status === 'open' && task.link_sent_at && (
          <> · {t('linkSent', { date: date(task.link_sent_at) })}</>
        )}
      </p>
      {task.status === 'completed' && task.answers && (
        <details>
          <summary>{t('answers')}</summary>
          <dl className="assignment-answers" data-testid="assignment-answers">
            {(form ? formFields(form) : [])
              .map(({ field }) => field)
              .filter((f) => f.type !== 'info_text' && task.answers![f.id] !== undefined)
              .map((f) => (
                <div key={f.id}>
                  <dt>{'label' in f ? localized(f.label, lang) : f.id}</dt>
                  <dd>{answerText(task.answers![f.id], f, lang)}</dd>
                </div>
              ))}
          </dl>
        </details>
      )}
      {task.status === 'open' && (
        <button
          type="button"
          className="btn btn--secondary"
          data-testid="assignment-remind"
          aria-disabled={pending || undefined}
          onClick={() => !pending && onRemind()}
        >
          {t('remind')}
        </button>
      )}
    </li>
  );
}

/** An answer as a person reads it: a choice's label, yes/no, a list joined. */
function answerText(
  value: unknown,
  field: ReturnType<typeof formFields>[number]['field'],
  lang: string,
): string {
  const label = (v: unknown) =>
    'options' in field
      ? (field.options.find((o) => o.value === v)?.label ?? { nl: String(v), en: '' })
      : null;
  if (Array.isArray(value))
    return value.map((v) => (label(v) ? localized(label(v)!, lang) : String(v))).join(', ');
  if (typeof value === 'boolean')
    return value ? (lang === 'en' ? 'Yes' : 'Ja') : lang === 'en' ? 'No' : 'Nee';
  const l = label(value);
  if (l) return localized(l, lang);
  if (field.type === 'signature' || field.type === 'file_upload') return '✓';
  return String(value);
}
