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

/**
 * A list's paging row: the per-page selector, and previous / "page X of Y" / next once there is more
 * than one page. Texts come translated (each app has its own catalogue).
 */
export function ListPaging({
  perPage,
  perPageOptions,
  page,
  pages,
  onChange,
  texts,
  testId = 'pagination',
}: {
  perPage: number;
  perPageOptions?: readonly number[];
  page: number;
  pages: number;
  onChange: (change: { perPage?: number; page?: number }) => void;
  texts: { perPage: string; pagination: string; previous: string; next: string; pageOf: string };
  testId?: string;
}) {
  return (
    <div className="list-paging">
      <PerPageSelect
        label={texts.perPage}
        value={perPage}
        options={perPageOptions}
        onChange={(next) => onChange({ perPage: next })}
      />
      {pages > 1 && (
        <nav aria-label={texts.pagination} className="list-paging__pages" data-testid={testId}>
          <button
            type="button"
            className="btn"
            disabled={page <= 1}
            onClick={() => onChange({ page: page - 1 })}
          >
            {texts.previous}
          </button>
          <span>{texts.pageOf}</span>
          <button
            type="button"
            className="btn"
            disabled={page >= pages}
            onClick={() => onChange({ page: page + 1 })}
          >
            {texts.next}
          </button>
        </nav>
      )}
    </div>
  );
}
