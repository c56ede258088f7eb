import { useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { managesAllocation } from '@stageplein/contracts/placements/allocation-policy';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import {
  CheckboxField,
  FormAlert,
  SelectField,
  SubmitButton,
  TextField,
} from '@stageplein/design-system/forms/fields.tsx';
import { rules, type TRule } from '@stageplein/design-system/forms/field-rules.ts';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';
import { useApi } from '../../api/api-context.ts';
import { useSession } from '../../session/session-context.ts';
import { StatusErrorScreen } from '../../shell/error-screen.tsx';
import { currentOrganizationFacts } from '../dev/gallery-gate.tsx';
import { errorMessage, Page, useRouteTitle } from '../page-kit.tsx';
import {
  adjustLine,
  assign,
  createRound,
  fetchOptions,
  fetchPlacesLeft,
  fetchProposal,
  fetchRounds,
  fetchStudents,
  publishRound,
  runRound,
  studentName,
  type TProposalLine,
  type TRound,
  type TVacancyOption,
} from './allocation-api.ts';
import { bind, deadlineDate, formatDeadline, takenPlaces } from './allocation-model.ts';
import { useAllocationTexts } from './student-choices-section.tsx';
import { VacancyPicker } from './vacancy-picker.tsx';

const TABS = ['direct', 'rounds'] as const;
type TTab = (typeof TABS)[number];

/**
 * `/internships/assign` (issue #16 item 3, docs/decisions/allocation.md): a school admin places
 * students directly (pick by group, level and period, then a vacancy: internships in one go) or runs
 * allocation rounds (open one, follow who has chosen, run the allocation, adjust, publish). The tab
 * and the open round are in the address, so a reload shows the same screen.
 */
export function InternshipsAssignPage() {
  const { t, tc } = useAllocationTexts();
  const title = useRouteTitle();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const tabId = useId();
  // Who may assign depends on the selected organization: no verdict before it is known.
  const organizationPending =
    !session.currentOrganization &&
    session.organizationsState !== 'success' &&
    session.organizationsState !== 'error';
  if (!session.user || organizationPending) {
    return (
      <Page title={title}>
        <p role="status">{tc('shell.loading')}</p>
      </Page>
    );
  }
  if (!managesAllocation(session.permissions, currentOrganizationFacts(session))) {
    return <StatusErrorScreen status={403} />;
  }
  const tab: TTab = params.get('tab') === 'rounds' ? 'rounds' : 'direct';
  const roundId = params.get('round');
  return (
    <Page title={title} lead={t('intro')} testId="internships-assign-page">
      <div className="tabs tabs--boxed" role="tablist" aria-label={t('tabs.label')}>
        {TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${tabId}-${key}`}
            aria-selected={tab === key}
            aria-controls={`${tabId}-panel`}
            tabIndex={tab === key ? 0 : -1}
            className={`tab${tab === key ? ' tab--active' : ''}`}
            data-testid={`assign-tab-${key}`}
            onClick={() => setParams(key === 'direct' ? {} : { tab: key })}
          >
            {t(`tabs.${key}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${tabId}-panel`} aria-labelledby={`${tabId}-${tab}`}>
        {tab === 'direct' ? (
          <DirectAssign />
        ) : roundId ? (
          <RoundDetail id={roundId} onBack={() => setParams({ tab: 'rounds' })} />
        ) : (
          <RoundsList onOpen={(id) => setParams({ tab: 'rounds', round: id })} />
        )}
      </div>
    </Page>
  );
}

function useCatalogue() {
  const api = useApi();
  const { currentOrganization } = useSession();
  const options = useQuery({
    queryKey: ['assignment-options', currentOrganization?.id],
    queryFn: () => fetchOptions(api.client),
  });
  return { options };
}

/** Required once the other field of the pair is filled: a supervisor is a name and an address. */
const withOther =
  (other: string): TRule =>
  (value, values) =>
    rules.required()(values[other], values) ? undefined : rules.required()(value, values);

/**
 * The supervisor named with the batch (issue #30 item 6), by the rules of the internship editor's named
 * supervisor (required together, an e-mail address); the server applies an internship's own.
 */
const SUPERVISOR_SCHEMA: Record<'supervisorName' | 'supervisorEmail', readonly TRule[]> = {
  supervisorName: [withOther('supervisorEmail'), rules.maxLength(200)],
  supervisorEmail: [withOther('supervisorName'), rules.email()],
};

function DirectAssign() {
  const { t, tc } = useAllocationTexts();
  const api = useApi();
  const queryClient = useQueryClient();
  const { options } = useCatalogue();
  const [groupId, setGroupId] = useState('');
  const [levelId, setLevelId] = useState('');
  const [periodId, setPeriodId] = useState('');
  const [vacancy, setVacancy] = useState<TVacancyOption | null>(null);
  const vacancyId = vacancy?.id ?? '';
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string | undefined>();
  const supervisor = useForm({ supervisorName: '', supervisorEmail: '' }, SUPERVISOR_SCHEMA);
  // One key per intended batch: a double submit (or a retry after a lost answer) creates nothing twice.
  const key = useRef(crypto.randomUUID());
  const students = useQuery({
    queryKey: ['assignable-students', groupId, levelId],
    queryFn: () => fetchStudents(api.client, groupId, levelId),
  });
  const create = useMutation({
    mutationFn: () =>
      assign(api.client, key.current, {
        internshipPeriodId: periodId || null,
        assignments: [...picked].map((studentId) => ({ studentId, vacancyId })),
        supervisorName: supervisor.values.supervisorName.trim() || null,
        supervisorEmail: supervisor.values.supervisorEmail.trim() || null,
      }),
    // The server's refusal of the supervisor (e.g. the student's own address) shows beside its field.
    onError: (error) => {
      supervisor.applyApiErrors(error);
      // A vacancy that filled while the school chose: the picker shows the places it has left now.
      const chosen = vacancy;
      if (!chosen) return;
      void queryClient.invalidateQueries({ queryKey: ['pickable-vacancies'] });
      void fetchPlacesLeft(api.client, chosen.id).then(
        (placesLeft) => setVacancy((v) => (v?.id === chosen.id ? { ...v, placesLeft } : v)),
        () => undefined,
      );
    },
    onSuccess: (batch) => {
      toast.success(t('assigned', { count: batch.internshipIds.length }));
      key.current = crypto.randomUUID();
      setPicked(new Set());
      supervisor.setValues({ supervisorName: '', supervisorEmail: '' });
      void queryClient.invalidateQueries({ queryKey: ['internships'] });
    },
  });
  const all = (label: string) => [{ value: '', label }];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (picked.size === 0 || !vacancyId) return setProblem(t('pickStudents'));
    setProblem(undefined);
    if (!supervisor.validate(['supervisorName', 'supervisorEmail'], event.currentTarget as HTMLFormElement))
      return;
    create.mutate();
  };
  const list = students.data ?? [];
  return (
    <form className="card assign-form" onSubmit={submit} noValidate data-testid="direct-assign-form">
      <div className="assign-filters">
        <SelectField
          label={t('group')}
          options={[
            ...all(t('all')),
            ...(options.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name })),
          ]}
          field={bind('group', groupId, setGroupId)}
        />
        <SelectField
          label={t('level')}
          options={[
            ...all(t('all')),
            ...(options.data?.levels ?? []).map((l) => ({ value: l.id, label: l.name })),
          ]}
          field={bind('level', levelId, setLevelId)}
        />
        <SelectField
          label={t('period')}
          options={[
            ...all(t('none')),
            ...(options.data?.internshipPeriods ?? []).map((p) => ({ value: p.id, label: p.name })),
          ]}
          field={bind('period', periodId, setPeriodId)}
        />
      </div>
      <fieldset className="field" data-testid="assign-students">
        <legend className="field__label">{t('students')}</legend>
        {students.isPending ? (
          <p role="status">{t('loading')}</p>
        ) : list.length === 0 ? (
          <p>{t('noStudents')}</p>
        ) : (
          <>
            <CheckboxField
              label={t('selectAll')}
              field={bind(
                'all-students',
                list.every((s) => picked.has(s.id)),
                (on: boolean) => setPicked(on ? new Set(list.map((s) => s.id)) : new Set()),
              )}
            />
            {list.map((s) => (
              <CheckboxField
                key={s.id}
                label={[studentName(s), s.groupName].filter(Boolean).join(' · ')}
                field={bind(`student-${s.id}`, picked.has(s.id), (on: boolean) =>
                  setPicked((prev) => {
                    const next = new Set(prev);
                    if (on) next.add(s.id);
                    else next.delete(s.id);
                    return next;
                  }),
                )}
              />
            ))}
          </>
        )}
      </fieldset>
      <VacancyPicker
        legend={t('vacancy')}
        multiple={false}
        chosen={vacancy ? [vacancy] : []}
        onChange={(chosen) => setVacancy(chosen[0] ?? null)}
        testId="assign-vacancy"
      />
      <fieldset className="field" data-testid="assign-supervisor">
        <legend className="field__label">{t('supervisor.legend')}</legend>
        <p className="field__hint">{t('supervisor.hint')}</p>
        <TextField
          label={t('supervisor.name')}
          autoComplete="off"
          field={supervisor.bind('supervisorName')}
        />
        <TextField
          label={t('supervisor.email')}
          type="email"
          autoComplete="off"
          field={supervisor.bind('supervisorEmail')}
        />
      </fieldset>
      {problem && <FormAlert tone="error">{problem}</FormAlert>}
      {create.error && <FormAlert tone="error">{errorMessage(create.error, tc)}</FormAlert>}
      <SubmitButton pending={create.isPending} testId="direct-assign-submit">
        {t('assign')}
      </SubmitButton>
    </form>
  );
}

function RoundsList({ onOpen }: { onOpen: (id: string) => void }) {
  const { t, i18n } = useAllocationTexts();
  const api = useApi();
  const { currentOrganization } = useSession();
  const [adding, setAdding] = useState(false);
  const rounds = useQuery({
    queryKey: ['allocation-rounds', currentOrganization?.id],
    queryFn: () => fetchRounds(api.client),
  });
  return (
    <section aria-labelledby="rounds-title" data-testid="rounds">
      <h2 id="rounds-title">{t('rounds.title')}</h2>
      {rounds.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : !rounds.data?.length ? (
        <p>{t('rounds.none')}</p>
      ) : (
        <ul className="allocation-rounds">
          {rounds.data.map((r) => (
            <li key={r.id} className="card" data-testid="round-item">
              <h3>{r.name}</h3>
              <p>
                <span className="badge">{t(`rounds.status.${r.status}`)}</span>{' '}
                {t('rounds.deadlineOn', { date: formatDeadline(r.deadline, i18n.language) })}
              </p>
              <p>
                {t('rounds.counts', {
                  ranked: r.meta?.rankedStudents ?? 0,
                  eligible: r.meta?.eligibleStudents ?? 0,
                })}
              </p>
              <button type="button" className="btn btn--neutral" onClick={() => onOpen(r.id)}>
                {t('rounds.open')}
                <span className="visually-hidden">: {r.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {adding ? (
        <NewRoundForm onCreated={onOpen} />
      ) : (
        <button
          type="button"
          className="btn btn--primary"
          data-testid="round-new"
          onClick={() => setAdding(true)}
        >
          {t('rounds.new')}
        </button>
      )}
    </section>
  );
}

function NewRoundForm({ onCreated }: { onCreated: (id: string) => void }) {
  const { t, tc } = useAllocationTexts();
  const api = useApi();
  const queryClient = useQueryClient();
  const { options } = useCatalogue();
  const [name, setName] = useState('');
  const [deadline, setDeadline] = useState('');
  const [periodId, setPeriodId] = useState('');
  const [groups, setGroups] = useState<ReadonlySet<string>>(new Set());
  const [chosen, setChosen] = useState<TVacancyOption[]>([]);
  const [problem, setProblem] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: () =>
      createRound(api.client, {
        name,
        deadline: deadlineDate(deadline),
        internshipPeriodId: periodId || null,
        groupIds: [...groups],
        vacancies: chosen.map((v) => ({ vacancyId: v.id })),
      }),
    onSuccess: (round) => {
      toast.success(t('rounds.created'));
      void queryClient.invalidateQueries({ queryKey: ['allocation-rounds'] });
      onCreated(round.id);
    },
  });
  const toggle = (set: typeof setGroups, id: string) => (on: boolean) =>
    set((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (!name.trim() || !deadlineDate(deadline) || chosen.length === 0)
      return setProblem(tc('validation.required'));
    setProblem(undefined);
    create.mutate();
  };
  return (
    <form
      className="card"
      onSubmit={submit}
      noValidate
      data-testid="round-form"
      aria-labelledby="round-form-title"
    >
      <h3 id="round-form-title">{t('rounds.new')}</h3>
      <TextField label={t('rounds.name')} required field={bind('name', name, setName)} />
      <TextField
        label={t('rounds.deadline')}
        hint={t('rounds.deadlineHint')}
        required
        type="date"
        field={bind('deadline', deadline, setDeadline)}
      />
      <SelectField
        label={t('period')}
        options={[
          { value: '', label: t('none') },
          ...(options.data?.internshipPeriods ?? []).map((p) => ({ value: p.id, label: p.name })),
        ]}
        field={bind('period', periodId, setPeriodId)}
      />
      {!!options.data?.groups.length && (
        <fieldset className="field">
          <legend className="field__label">{t('rounds.groups')}</legend>
          <p className="field__hint">{t('rounds.groupsHint')}</p>
          {options.data.groups.map((g) => (
            <CheckboxField
              key={g.id}
              label={g.name}
              field={bind(`group-${g.id}`, groups.has(g.id), toggle(setGroups, g.id))}
            />
          ))}
        </fieldset>
      )}
      <VacancyPicker
        legend={t('rounds.vacancies')}
        hint={t('rounds.vacanciesHint')}
        multiple
        chosen={chosen}
        onChange={setChosen}
        testId="round-vacancies"
      />
      {problem && <FormAlert tone="error">{problem}</FormAlert>}
      {create.error && <FormAlert tone="error">{errorMessage(create.error, tc)}</FormAlert>}
      <SubmitButton pending={create.isPending} testId="round-create">
        {t('rounds.create')}
      </SubmitButton>
    </form>
  );
}

function RoundDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const { t, tc, i18n } = useAllocationTexts();
  const api = useApi();
  const queryClient = useQueryClient();
  const { currentOrganization } = useSession();
  const rounds = useQuery({
    queryKey: ['allocation-rounds', currentOrganization?.id],
    queryFn: () => fetchRounds(api.client),
  });
  const round = rounds.data?.find((r) => r.id === id);
  const proposal = useQuery({
    queryKey: ['allocation-proposal', id],
    enabled: !!round?.allocatedAt,
    queryFn: () => fetchProposal(api.client, id),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['allocation-rounds'] });
  const run = useMutation({
    mutationFn: () => runRound(api.client, id),
    onSuccess: (lines) => {
      queryClient.setQueryData(['allocation-proposal', id], lines);
      toast.success(t('rounds.ran'));
      void refresh();
    },
    onError: (error) => toast.error(errorMessage(error, tc)),
  });
  const publish = useMutation({
    mutationFn: () => publishRound(api.client, id),
    onSuccess: () => {
      toast.success(t('rounds.published'));
      void refresh();
    },
    onError: (error) => toast.error(errorMessage(error, tc)),
  });
  if (rounds.isPending) return <p role="status">{t('loading')}</p>;
  if (!round) return <FormAlert tone="error">{t('loadFailed')}</FormAlert>;
  return (
    <section aria-labelledby="round-title" data-testid="round-detail" data-status={round.status}>
      <button type="button" className="btn btn--neutral" onClick={onBack}>
        {t('rounds.back')}
      </button>
      <h2 id="round-title">{round.name}</h2>
      <p>
        <span className="badge" data-testid="round-status">
          {t(`rounds.status.${round.status}`)}
        </span>{' '}
        {t('rounds.deadlineOn', { date: formatDeadline(round.deadline, i18n.language) })}
      </p>
      <p data-testid="round-counts">
        {t('rounds.counts', {
          ranked: round.meta?.rankedStudents ?? 0,
          eligible: round.meta?.eligibleStudents ?? 0,
        })}
      </p>
      {round.status !== 'published' && (
        <div className="assign-actions">
          <p className="field__hint">{t('rounds.runHint')}</p>
          <button
            type="button"
            className="btn btn--primary"
            data-testid="round-run"
            aria-disabled={run.isPending || undefined}
            onClick={() => !run.isPending && run.mutate()}
          >
            {round.allocatedAt ? t('rounds.rerun') : t('rounds.run')}
          </button>
        </div>
      )}
      {proposal.data && <ProposalTable round={round} lines={proposal.data} />}
      {round.status === 'closed' && (
        <div className="assign-actions">
          <p className="field__hint">{t('rounds.publishHint')}</p>
          <button
            type="button"
            className="btn btn--primary"
            data-testid="round-publish"
            aria-disabled={publish.isPending || undefined}
            onClick={() => !publish.isPending && publish.mutate()}
          >
            {t('rounds.publish')}
          </button>
        </div>
      )}
    </section>
  );
}

function ProposalTable({ round, lines }: { round: TRound; lines: TProposalLine[] }) {
  const { t, tc } = useAllocationTexts();
  const api = useApi();
  const queryClient = useQueryClient();
  const taken = takenPlaces(lines);
  const titleOf = (id: string) => round.vacancies.find((v) => v.vacancyId === id)?.title ?? id;
  const move = useMutation({
    mutationFn: ({ studentId, vacancyId }: { studentId: string; vacancyId: string | null }) =>
      adjustLine(api.client, round.id, studentId, vacancyId),
    onSuccess: (line) => {
      queryClient.setQueryData<TProposalLine[]>(['allocation-proposal', round.id], (old) =>
        old?.map((l) => (l.id === line.id ? line : l)),
      );
      toast.success(t('rounds.moved'));
    },
    onError: (error) => toast.error(errorMessage(error, tc)),
  });
  const editable = round.status === 'closed';
  return (
    <>
      <h3>{t('rounds.proposal')}</h3>
      <ul className="allocation-capacity">
        {round.vacancies.map((v) => (
          <li key={v.vacancyId}>
            {/* Places held outside the round (internships) leave fewer to fill. */}
            {v.title}:{' '}
            {t('rounds.capacity', {
              taken: taken.get(v.vacancyId) ?? 0,
              capacity: Math.min(v.capacity, v.placesLeft ?? v.capacity),
            })}
          </li>
        ))}
      </ul>
      {/* One card per student rather than a table: it stays readable on a phone. */}
      <ul className="allocation-proposal" data-testid="proposal-table">
        {lines.map((line) => (
          <li key={line.id} className="card" data-testid="proposal-line" data-student={line.studentId}>
            <h4>{line.studentName}</h4>
            <p>{t('rounds.choices')}:</p>
            <ol>
              {line.preferences.map((p) => (
                <li key={p}>{titleOf(p)}</li>
              ))}
            </ol>
            {editable ? (
              <div className="field">
                <label className="field__label" htmlFor={`line-${line.id}`}>
                  {t('rounds.placedAt')}
                </label>
                <select
                  id={`line-${line.id}`}
                  className="field__input"
                  value={line.vacancyId ?? ''}
                  data-testid="proposal-select"
                  onChange={(e) =>
                    move.mutate({ studentId: line.studentId, vacancyId: e.target.value || null })
                  }
                >
                  <option value="">{t('rounds.unplaced')}</option>
                  {round.vacancies.map((v) => (
                    <option key={v.vacancyId} value={v.vacancyId}>
                      {v.title}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <p>
                {t('rounds.placedAt')}: {line.vacancyId ? titleOf(line.vacancyId) : t('rounds.unplaced')}
              </p>
            )}
            {line.rank && (
              <span className="badge badge--inline">{t('rounds.choiceRank', { rank: line.rank })}</span>
            )}
            {line.adjusted && <span className="badge badge--inline">{t('rounds.adjusted')}</span>}
          </li>
        ))}
      </ul>
    </>
  );
}
