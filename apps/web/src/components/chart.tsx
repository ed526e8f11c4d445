/**
 * A chart with its data as an accessible table and a CSV download (dashboards, reports).
 *
 * Chart.js draws on a canvas, which screen readers cannot read: the canvas is hidden from them and
 * the same numbers stand in a table right below it (collapsed behind a disclosure by default). The
 * library loads only when a chart first renders, so no page pays for it until it shows one.
 */
import { ScrollRegion } from './scroll-region';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNamespace, useTranslation } from '../lib/i18n/i18n';
import { buttonClasses } from './button';

import type { ChartSeries } from './chart-renderer';

export type { ChartSeries };

export interface ChartFigureProps {
  title: string;
  /** One label per point on the x axis (weeks, months, buckets). */
  labels: string[];
  series: ChartSeries[];
  kind?: 'bar' | 'line';
  /** File name of the CSV download, without extension. */
  csvName: string;
  /** Heading of the label column in the table and the CSV. */
  labelHeading: string;
  description?: string;
  /** Shows the table open instead of behind the disclosure. */
  tableOpen?: boolean;
}

/** Series colours that keep 3:1 contrast against white and apart from each other. */
const COLOURS = ['#1d4ed8', '#b45309', '#047857', '#7c3aed', '#be123c', '#0f766e'];

/** RFC 4180 CSV: quotes around fields that need them, doubled quotes inside. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  const field = (value: string | number) => {
    const text = String(value);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

export function chartRows(labelHeading: string, labels: string[], series: ChartSeries[]) {
  return [
    [labelHeading, ...series.map((one) => one.label)],
    ...labels.map((label, index) => [label, ...series.map((one) => one.values[index] ?? 0)]),
  ];
}

export function ChartFigure({
  title,
  labels,
  series,
  kind = 'bar',
  csvName,
  labelHeading,
  description,
  tableOpen = false,
}: ChartFigureProps) {
  useNamespace('charts');
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const headingId = useId();
  const rows = useMemo(() => chartRows(labelHeading, labels, series), [labelHeading, labels, series]);
  const csvHref = useMemo(
    () => `data:text/csv;charset=utf-8,${encodeURIComponent('\uFEFF' + toCsv(rows))}`,
    [rows],
  );

  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    import('./chart-renderer')
      .then(({ drawChart }) => {
        if (cancelled || !canvas.current) return;
        chart = drawChart(canvas.current, { kind, labels, series, colours: COLOURS });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [kind, labels, series]);

  return (
    <figure
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby={headingId}
      data-testid="chart"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            {title}
          </h3>
          {description && <p className="text-sm text-slate-600">{description}</p>}
        </div>
        <a
          href={csvHref}
          download={`${csvName}.csv`}
          className={buttonClasses('secondary', 'sm')}
          data-testid="chart-csv"
        >
          {t('charts.download_csv')}
          <span className="sr-only">: {title}</span>
        </a>
      </div>
      <div className="relative h-56">
        {failed ? (
          <p className="text-sm text-slate-600">{t('charts.unavailable')}</p>
        ) : (
          <canvas ref={canvas} aria-hidden="true" />
        )}
      </div>
      <details open={tableOpen} className="text-sm">
        <summary className="cursor-pointer font-medium text-primary-text">{t('charts.show_table')}</summary>
        <ScrollRegion label={title} className="mt-2">
          <table className="min-w-full text-left" data-testid="chart-table">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-slate-200">
                {rows[0]!.map((heading) => (
                  <th key={String(heading)} scope="col" className="px-2 py-1 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.slice(1).map(([label, ...values]) => (
                <tr key={String(label)} className="border-b border-slate-100">
                  <th scope="row" className="px-2 py-1 font-normal">
                    {label}
                  </th>
                  {values.map((value, index) => (
                    <td key={index} className="px-2 py-1 tabular-nums">
                      {value}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </figure>
  );
}
