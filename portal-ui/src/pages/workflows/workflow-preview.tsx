import { useMemo, useState } from 'react';
import type { TWorkflowPhase } from '@stageplein/contracts/phases/workflow-rules';
import { previewTimeline } from '@stageplein/contracts/phases/workflow-timeline';
import { DateField } from '@stageplein/design-system/forms/date-field.tsx';
import { useWorkflowTexts } from './workflow-messages.ts';
import { samplePeriod } from './workflow-model.ts';
import { phaseName } from './phase-list.tsx';

/** "3 februari 2027" of a calendar day (`YYYY-MM-DD`), never shifted by the device's zone. */
export function formatDay(day: string, lang: 'nl' | 'en'): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString(lang === 'en' ? 'en-GB' : 'nl-NL', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * The preview timeline (issue #33 item 1): the phases and their tasks dated for a sample internship
 * whose dates the designer picks, by contracts' `previewTimeline` (what the server's timeline answers),
 * redrawn as the phases change.
 */
export function WorkflowPreview({ phases }: { phases: readonly TWorkflowPhase[] }) {
  const { t, lang } = useWorkflowTexts();
  const [period, setPeriod] = useState(() => samplePeriod(new Date()));
  const isDay = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`));
  const valid = isDay(period.start_date) && isDay(period.end_date);
  const timeline = useMemo(
    () => (valid ? previewTimeline({ phases: [...phases] }, period) : []),
    [phases, period, valid],
  );
  const day = (d: string) => formatDay(d, lang);
  const field = (key: 'start_date' | 'end_date') => ({
    name: key,
    value: period[key],
    error: undefined,
    onChange: (value: unknown) => setPeriod((p) => ({ ...p, [key]: typeof value === 'string' ? value : '' })),
    onBlur: () => undefined,
  });
  return (
    <section
      className="card workflow-preview"
      aria-labelledby="workflow-preview"
      data-testid="workflow-preview"
    >
      <h2 id="workflow-preview">{t('previewTitle')}</h2>
      <p className="field__hint">{t('previewIntro')}</p>
      <div className="workflow-preview__dates">
        <DateField label={t('previewStart')} required field={field('start_date')} />
        <DateField label={t('previewEnd')} required field={field('end_date')} />
      </div>
      {phases.length === 0 ? (
        <p>{t('previewEmpty')}</p>
      ) : (
        <ol className="workflow-timeline" data-testid="workflow-timeline">
          {timeline.map((phase) => (
            <li key={phase.id} className="workflow-timeline__phase" data-testid="workflow-timeline-phase">
              <h3>{phaseName(phase, lang)}</h3>
              <p className="workflow-timeline__dates">
                {phase.starts_on === phase.ends_on
                  ? t('previewPhaseDay', { start: day(phase.starts_on) })
                  : t('previewPhaseDates', { start: day(phase.starts_on), end: day(phase.ends_on) })}
              </p>
              {phase.tasks.length === 0 ? (
                <p className="field__hint">{t('previewNoTasks')}</p>
              ) : (
                <ul className="workflow-timeline__tasks">
                  {phase.tasks.map((task) => (
                    <li key={task.id} data-testid="workflow-timeline-task">
                      <strong>{(lang === 'en' && task.title.en) || task.title.nl}</strong> (
                      {t(`actorsShort.${task.actor}`)}
                      {task.required ? '' : `, ${t('optional')}`}):{' '}
                      {task.due_on ? t('previewDue', { date: day(task.due_on) }) : t('previewNoDeadline')}
                      {task.reminders_on.length > 0 && (
                        <>
                          <br />
                          <span className="field__hint">
                            {t('previewReminders', { dates: task.reminders_on.map(day).join(', ') })}
                          </span>
                        </>
                      )}
                      {task.escalations.map((e) => (
                        <span key={e.to} className="field__hint">
                          <br />
                          {t('previewEscalation', { date: day(e.on), to: t(`actorsShort.${e.to}`) })}
                        </span>
                      ))}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
