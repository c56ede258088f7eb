import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StepForm, type TStep } from '@stageplein/design-system/forms/step-form.tsx';
import { DateField } from '@stageplein/design-system/forms/date-field.tsx';
import { rules } from '@stageplein/design-system/forms/field-rules.ts';
import { FormAlert, TextField } from '@stageplein/design-system/forms/fields.tsx';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';

/**
 * A step form: each step is validated (useForm's `validate([...])`) before the next one opens.
 * `variant="dates"` is the second test bed (`/test/step-form-2`): a period, its end not before its start.
 */
export function StepFormDemo({ variant = 'contact' }: { variant?: 'contact' | 'dates' }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const [done, setDone] = useState(false);
  const form = useForm(
    { name: '', email: '', start: '', end: '', note: '' },
    {
      name: [rules.required()],
      email: [rules.required(), rules.email()],
      start: [rules.required()],
      end: [rules.required(), rules.notBefore('start')],
    },
  );
  const contact: TStep[] = [
    {
      key: 'name',
      title: t('gallery:name'),
      content: <TextField label={t('gallery:name')} field={form.bind('name')} required />,
    },
    {
      key: 'email',
      title: t('gallery:email'),
      content: <TextField label={t('gallery:email')} field={form.bind('email')} type="email" required />,
    },
    {
      key: 'note',
      title: t('gallery:note'),
      content: <TextField label={t('gallery:note')} field={form.bind('note')} />,
    },
  ];
  const dates: TStep[] = [
    {
      key: 'start',
      title: t('gallery:startDate'),
      content: <DateField label={t('gallery:startDate')} field={form.bind('start')} required />,
    },
    {
      key: 'end',
      title: t('gallery:endDate'),
      content: <DateField label={t('gallery:endDate')} field={form.bind('end')} required />,
    },
  ];
  const steps = variant === 'dates' ? dates : contact;
  const fieldsOf = (step: TStep | undefined) =>
    step ? [step.key as 'name' | 'email' | 'note' | 'start' | 'end'] : [];
  return (
    <form
      className="form"
      noValidate
      onSubmit={(e) => e.preventDefault()}
      data-testid={`step-form-${variant}`}
    >
      {done && (
        <FormAlert tone="success" testId="step-form-done">
          {t('gallery:formValid')}
        </FormAlert>
      )}
      <StepForm
        steps={steps}
        current={current}
        onBack={() => setCurrent((c) => Math.max(0, c - 1))}
        onNext={() => {
          if (
            !form.validate(
              fieldsOf(steps[current]),
              document.querySelector(`[data-testid="step-form-${variant}"]`),
            )
          )
            return;
          if (current === steps.length - 1) setDone(true);
          else setCurrent(current + 1);
        }}
        labels={{
          steps: t('gallery:steps'),
          back: t('gallery:back'),
          next: t('gallery:next'),
          finish: t('gallery:finish'),
        }}
      />
    </form>
  );
}
