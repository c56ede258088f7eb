import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
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

const TICK_PX = 12;
/** Between a category label's end and the plot: Recharts' tick line (6) and margin (2), and 2 to spare. */
const TICK_GAP = 10;
let measuring: CanvasRenderingContext2D | null | undefined;

/** A label's width in the axis' font (a canvas measures it; an estimate where there is none). */
function textWidth(text: string): number {
  measuring ??= document.createElement('canvas').getContext('2d');
  if (!measuring) return text.length * TICK_PX * 0.62;
  measuring.font = `${TICK_PX}px ${getComputedStyle(document.body).fontFamily}`;
  return measuring.measureText(text).width;
}

/** The label cut to fit `room` px, ending in … where it had to be (the table and tooltip keep it whole). */
function fit(label: string, room: number): string {
  if (textWidth(label) <= room) return label;
  let n = label.length - 1;
  while (n > 1 && textWidth(`${label.slice(0, n).trimEnd()}…`) > room) n--;
  return `${label.slice(0, n).trimEnd()}…`;
}

/**
 * The category axis' width and labels for a plot `plotWidth` px wide: as wide as the widest label, at
 * most 40% of the plot (at least 72 px), every label cut to fit inside it — on a 375 px phone a long
 * name is shortened, never clipped at the chart's left edge.
 */
function categoryAxis(labels: readonly string[], plotWidth: number) {
  const most = Math.max(72, Math.floor((plotWidth || 300) * 0.4));
  const widest = Math.max(0, ...labels.map(textWidth));
  const width = Math.min(most, Math.ceil(widest) + TICK_GAP);
  return { width, label: (l: string) => fit(l, width - TICK_GAP) };
}

/** A ref for an element that may come and go (the chart, not its table) and its width as it changes. */
function useWidth() {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    setWidth(el.clientWidth);
    observer.current = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.current.observe(el);
  }, []);
  return [ref, width] as const;
}

/** Series colours: the tenant's link colour, then a blue, an amber, a purple; each at least 3:1 against the page. */
const COLOURS = ['var(--color-link, #15803d)', '#1d4ed8', '#b45309', '#7e22ce'] as const;

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
  const [plot, plotWidth] = useWidth();
  const axis = categoryAxis(
    rows.map((r) => r.label),
    plotWidth,
  );
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
          ref={plot}
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
                width={axis.width}
                tick={{ fontSize: TICK_PX }}
                tickFormatter={axis.label}
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
