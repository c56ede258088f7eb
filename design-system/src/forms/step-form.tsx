import type { ReactNode } from 'react';

export interface TStep {
  key: string;
  title: string;
  content: ReactNode;
}

/**
 * A form in steps: the steps as an ordered list (the current one `aria-current="step"`), the current
 * step's fields, and back / next buttons. The caller validates a step before `onNext` (useForm's
 * `validate([...fields])`) and submits on the last one; labels come from the caller.
 */
export function StepForm({
  steps,
  current,
  onBack,
  onNext,
  labels,
  pending = false,
}: {
  steps: readonly TStep[];
  current: number;
  onBack: () => void;
  onNext: () => void;
  labels: { steps: string; back: string; next: string; finish: string };
  pending?: boolean;
}) {
  const step = steps[current];
  const last = current === steps.length - 1;
  return (
    <div className="step-form" data-testid="step-form">
      <ol className="step-form__steps" aria-label={labels.steps}>
        {steps.map((s, i) => (
          <li key={s.key} aria-current={i === current ? 'step' : undefined} data-done={i < current}>
            {s.title}
          </li>
        ))}
      </ol>
      <section aria-label={step?.title}>{step?.content}</section>
      <div className="form__actions">
        {current > 0 && (
          <button type="button" className="btn btn--neutral" onClick={onBack}>
            {labels.back}
          </button>
        )}
        <button
          type="button"
          className="btn btn--primary"
          aria-disabled={pending || undefined}
          onClick={() => !pending && onNext()}
        >
          {last ? labels.finish : labels.next}
        </button>
      </div>
    </div>
  );
}
