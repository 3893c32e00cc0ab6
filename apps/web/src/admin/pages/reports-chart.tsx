import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';

/**
 * A line chart of per-day series, drawn by uPlot (a small, maintained canvas chart library). The
 * library and its stylesheet load only when a chart mounts: they live in a lazy chunk of the
 * console, never in the player's bundle. The numbers are for drawing only; the tables beside the
 * chart show the exact amounts.
 */
export interface ChartSeries {
  label: string;
  color: string;
  values: number[];
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A business day as the chart's x value: midnight UTC of that calendar day, in seconds. */
const dayX = (day: string) => {
  const m = DAY_RE.exec(day);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 1000 : 0;
};

export function ReportsChart({
  days,
  series,
  label,
  height = 240,
}: {
  days: string[];
  series: ChartSeries[];
  /** Accessible name of the figure (the data is in the table that follows it). */
  label: string;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
      ([{ default: UPlot }]) => {
        if (cancelled) return;
        const ink = getComputedStyle(el).color || '#444';
        const grid = { stroke: 'rgba(127,127,127,0.25)', width: 1 };
        const axis = { stroke: ink, grid, ticks: grid };
        chart = new UPlot(
          {
            width: Math.max(el.clientWidth, 200),
            height,
            // Days are calendar days: label them as such, whatever the viewer's time zone.
            tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
            scales: { x: { time: true } },
            axes: [axis, { ...axis, size: 64 }],
            legend: { show: true },
            series: [
              {},
              ...series.map((s) => ({
                label: s.label,
                stroke: s.color,
                width: 2,
                points: { show: days.length < 40 },
              })),
            ],
          },
          [days.map(dayX), ...series.map((s) => s.values)],
          el,
        );
        observer = new ResizeObserver(() => chart?.setSize({ width: Math.max(el.clientWidth, 200), height }));
        observer.observe(el);
      },
      () => setFailed(true),
    );
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days, series, height]);

  return (
    <figure className="reports-chart" aria-label={label} data-testid="reports-chart">
      <div ref={box} className="reports-chart__canvas" role="img" aria-label={label} />
      {failed && <figcaption className="wallet-error">{label}</figcaption>}
    </figure>
  );
}
