import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ANALYTICS_NAMESPACE } from './analytics-messages.ts';

/** One bar group: a category (its label) and a value per series; `drill` opens the rows behind it. */
export interface TChartRow {
  id: string;
  label: string;
  values: Record<string, number>;
  drill?: () => void;
}

export interface TChartSeries {
  key: string;
  label: string;
}

/**
 * A table that scrolls sideways inside its frame on a phone: the frame is a labelled region that takes
 * the keyboard's focus, so its overflow is reachable without a pointer.
 */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="analytics-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** An axis label that fits its 120 px (the table view and the tooltip keep the whole name). */
const short = (label: string) => (label.length > 22 ? `${label.slice(0, 21)}…` : label);

/** Series colours: the tenant's link colour, then a blue; each at least 3:1 against the page. */
const COLOURS = ['var(--color-link, #15803d)', '#1d4ed8'] as const;

/**
 * A horizontal bar chart (Recharts: SVG, keyboard layer, title and description) with its table view
 * behind one button, so every figure is readable as a table. A row's label in the table, or a bar,
 * opens the rows behind it where the chart has a drill-down.
 */
export function ChartFigure({
  title,
  rows,
  series,
  testId,
  level = 3,
}: {
  title: string;
  rows: readonly TChartRow[];
  series: readonly TChartSeries[];
  testId: string;
  /** The title's heading level where it sits (3 under a section's h2). */
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const { t } = useTranslation(ANALYTICS_NAMESPACE);
  const [table, setTable] = useState(false);
  const id = useId();
  const data = rows.map((r) => ({ id: r.id, label: r.label, ...r.values }));
  const summary = rows
    .map((r) => `${r.label}: ${series.map((s) => r.values[s.key] ?? 0).join(' / ')}`)
    .join('; ');
  return (
    <figure className="analytics-chart" aria-labelledby={`${id}-title`} data-testid={testId}>
      <div className="analytics-chart__head">
        <Heading id={`${id}-title`}>{title}</Heading>
        {rows.length > 0 && (
          <button
            type="button"
            className="analytics-toggle"
            aria-pressed={table}
            onClick={() => setTable((v) => !v)}
          >
            {table ? t('asChart') : t('asTable')}
          </button>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="analytics-muted">{t('noData')}</p>
      ) : table ? (
        <TableFrame label={`${title}: ${t('table')}`}>
          <table className="analytics-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{title}</th>
                {series.map((s) => (
                  <th scope="col" key={s.key} className="analytics-num">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <th scope="row">
                    {r.drill ? (
                      <button type="button" className="analytics-link" onClick={r.drill}>
                        {r.label}
                      </button>
                    ) : (
                      r.label
                    )}
                  </th>
                  {series.map((s) => (
                    <td key={s.key} className="analytics-num">
                      {r.values[s.key] ?? 0}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      ) : (
        <div
          className="analytics-chart__plot"
          style={{ height: Math.max(140, rows.length * (24 + 14 * series.length) + 60) }}
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={data}
              layout="vertical"
              title={title}
              desc={summary}
              margin={{ left: 8, right: 16 }}
            >
              <CartesianGrid horizontal={false} strokeDasharray="3 3" />
              <XAxis type="number" allowDecimals={false} />
              <YAxis
                type="category"
                dataKey="label"
                width={120}
                tick={{ fontSize: 12 }}
                tickFormatter={short}
              />
              <Tooltip />
              {series.length > 1 && <Legend />}
              {series.map((s, i) => (
                <Bar
                  key={s.key}
                  dataKey={s.key}
                  name={s.label}
                  fill={COLOURS[i % COLOURS.length]}
                  isAnimationActive={false}
                  cursor={rows.some((r) => r.drill) ? 'pointer' : undefined}
                  onClick={(_: unknown, index: number) => rows[index]?.drill?.()}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
    </figure>
  );
}
