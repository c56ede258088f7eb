import { useId } from 'react';

/** The page sizes lists offer (spec §9 list defaults). */
export const PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;

/** "Per page" selector of a list: a labelled native select (keyboard and phone friendly). */
export function PerPageSelect({
  label,
  value,
  onChange,
  options = PER_PAGE_OPTIONS,
}: {
  label: string;
  value: number;
  onChange: (perPage: number) => void;
  options?: readonly number[];
}) {
  const id = useId();
  return (
    <div className="field field--compact per-page">
      <label htmlFor={id}>{label}</label>
      <select id={id} data-testid="per-page" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {options.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}
