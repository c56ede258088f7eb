/** A run's progress as a bar (an import, a write-back): `percent` of 100, named by `label`. */
export function ProgressBar({ label, percent, testId }: { label: string; percent: number; testId?: string }) {
  return (
    <div
      className="import-progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-testid={testId}
    >
      <div className="import-progress__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
