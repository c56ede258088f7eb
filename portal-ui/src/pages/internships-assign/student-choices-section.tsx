import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { FormAlert, SelectField, SubmitButton } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { useSession } from '../../session/session-context.ts';
import { errorMessage } from '../page-kit.tsx';
import { fetchRounds, submitPreferences, type TRound } from './allocation-api.ts';
import { rankingClosedReason } from '@stageplein/contracts/placements/allocation-policy';
import { bind, formatDeadline, rankedChoices, slotsOf } from './allocation-model.ts';
import { ALLOCATION_NAMESPACE, registerAllocationMessages } from './allocation-messages.ts';

/** `t` of the `allocation` namespace; `tc` the shared catalogue's (API error texts). */
export function useAllocationTexts() {
  const { t, i18n } = useTranslation(ALLOCATION_NAMESPACE);
  const { t: tc } = useTranslation();
  registerAllocationMessages(i18n);
  return { t, tc, i18n };
}

/**
 * The student's side of allocation rounds, a section of their dashboard (docs/decisions/allocation.md):
 * for every round of their school they may rank in, their top 3 while it is open, their choices after
 * the deadline, and their outcome once the school has published it. Nothing when there is no round.
 */
export function StudentChoicesSection() {
  const { t } = useAllocationTexts();
  const api = useApi();
  const { currentOrganization } = useSession();
  const rounds = useQuery({
    queryKey: ['allocation-rounds', currentOrganization?.id],
    queryFn: () => fetchRounds(api.client),
  });
  if (!rounds.data?.length) return null;
  return (
    <section
      className="card allocation-choices"
      aria-labelledby="allocation-choices-title"
      data-testid="allocation-choices"
    >
      <h2 id="allocation-choices-title">{t('student.title')}</h2>
      <p>{t('student.intro')}</p>
      {rounds.data.map((round) => (
        <RoundChoices key={round.id} round={round} />
      ))}
    </section>
  );
}

function RoundChoices({ round }: { round: TRound }) {
  const { t, i18n } = useAllocationTexts();
  const titleOf = (id: string) => round.vacancies.find((v) => v.vacancyId === id)?.title ?? id;
  const deadline = formatDeadline(round.deadline, i18n.language);
  // The server says whether ranking is open; the text says why it is not (contracts' rule).
  const closed = rankingClosedReason(
    { status: round.status, deadline: new Date(round.deadline) },
    new Date(),
  );
  const preferences = round.meta?.preferences ?? null;
  const outcome = round.meta?.outcome;
  return (
    <article className="allocation-round" data-testid="allocation-round" data-round={round.id}>
      <h3>{round.name}</h3>
      {round.acceptingPreferences ? (
        <>
          <p>{t('student.deadline', { date: deadline })}</p>
          <ChoicesForm round={round} />
        </>
      ) : (
        <>
          <p data-testid="allocation-closed">{t(`student.closed.${closed ?? 'deadline'}`)}</p>
          {preferences?.length ? (
            <ol data-testid="allocation-my-choices">
              {preferences.map((id) => (
                <li key={id}>{titleOf(id)}</li>
              ))}
            </ol>
          ) : (
            <p>{t('student.noneChosen')}</p>
          )}
          <h4>{t('student.outcome')}</h4>
          <p data-testid="allocation-outcome" role="status">
            {round.status !== 'published'
              ? t('student.waiting')
              : outcome?.vacancyId
                ? t('student.placed', {
                    title: outcome.title,
                    organization: outcome.organizationName ? ` (${outcome.organizationName})` : '',
                  })
                : t('student.notPlaced')}
          </p>
        </>
      )}
    </article>
  );
}

function ChoicesForm({ round }: { round: TRound }) {
  const { t, tc } = useAllocationTexts();
  const api = useApi();
  const queryClient = useQueryClient();
  const [slots, setSlots] = useState(() => slotsOf(round.meta?.preferences));
  const [problem, setProblem] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (ids: string[]) => submitPreferences(api.client, round.id, ids),
    onSuccess: () => {
      toast.success(t('student.saved'));
      void queryClient.invalidateQueries({ queryKey: ['allocation-rounds'] });
    },
  });
  const options = [
    { value: '', label: t('student.noChoice') },
    ...round.vacancies.map((v) => ({
      value: v.vacancyId,
      label: [v.title, v.organizationName, v.city].filter(Boolean).join(' · '),
    })),
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const chosen = rankedChoices(slots);
    if (chosen === 'duplicate') return setProblem(t('student.duplicate'));
    setProblem(undefined);
    save.mutate(chosen);
  };
  return (
    <form onSubmit={submit} noValidate data-testid="allocation-choices-form">
      {slots.map((value, i) => (
        <SelectField
          key={i}
          label={t('student.choice', { n: i + 1 })}
          required={i === 0}
          options={options}
          field={bind(`choice-${i + 1}`, value, (v: string) =>
            setSlots((s) => s.map((x, j) => (j === i ? v : x))),
          )}
        />
      ))}
      {problem && (
        <FormAlert tone="error" testId="allocation-choices-problem">
          {problem}
        </FormAlert>
      )}
      {save.error && (
        <FormAlert tone="error" testId="allocation-choices-error">
          {errorMessage(save.error, tc)}
        </FormAlert>
      )}
      <SubmitButton pending={save.isPending} testId="allocation-choices-save">
        {t('student.save')}
      </SubmitButton>
    </form>
  );
}
