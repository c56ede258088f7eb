import { useId } from 'react';

/**
 * Inputs of an editor that holds its document in state (the form builder's field editor, the contract
 * template's company fields, the workflow phase editor): a label and a controlled value, no form
 * binding (for a form submitted as a whole use `fields.tsx` with `useForm`).
 */

/** A labelled checkbox. */
export function EditorCheckbox({
  label,
  checked,
  onChange,
  testId,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="field field--checkbox">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        data-testid={testId}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id} className="field__label">
        {label}
      </label>
    </div>
  );
}

/** A labelled select of the given options; `onChange` gets one of their values; `hint` below it, described by. */
export function EditorSelect<TValue extends string>({
  label,
  value,
  options,
  onChange,
  testId,
  hint,
}: {
  label: string;
  value: TValue;
  options: readonly { value: TValue; label: string }[];
  onChange: (value: TValue) => void;
  testId?: string;
  hint?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        data-testid={testId}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => {
          const chosen = options.find((o) => o.value === e.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
