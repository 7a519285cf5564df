import type { DailyCalls } from '../storage/usage-history.ts';
import { dataTable } from '../web/data-table.ts';
import { plural } from '../web/format.ts';
import { html } from '../web/html.ts';

// The bars are drawn in a plot of their own units stretched to the chart's width; the labels sit in
// CSS pixels around it, at percentages of that width, so they keep their size on a phone and a wide
// screen alike instead of shrinking with the drawing.
const BAR_STEP = 24;
const BAR_WIDTH = 16;
const PLOT_HEIGHT = 160;
const TOP = 10;
const BOTTOM = 20;
const HEIGHT = TOP + PLOT_HEIGHT + BOTTOM;

const DAY_COLUMNS = [{ label: 'Day' }, { label: 'Calls' }, { label: 'Billed' }];

/** A position in the plot's units as a share of the chart's width. */
function percent(units: number, width: number): string {
  return `${((units / width) * 100).toFixed(2)}%`;
}

/** Every day of the period, those without calls as zero, so the bars keep calendar spacing. */
export function fillDays(periodStart: Date, dayCount: number, rows: DailyCalls[]): DailyCalls[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return Array.from({ length: dayCount }, (_, i) => {
    const day = new Date(periodStart.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    return byDay.get(day) ?? { day, calls: 0, billed: 0 };
  });
}

/** Calls per day as an inline SVG bar chart (billed calls a lighter part of each bar), with a table twin. */
export function usageChart(days: DailyCalls[]) {
  const max = Math.max(1, ...days.map((d) => d.calls));
  // A tenth of the width left of the first bar, for the count labels.
  const left = Math.ceil((days.length * BAR_STEP) / 9);
  const width = left + days.length * BAR_STEP;
  const scale = (count: number) => (count / max) * PLOT_HEIGHT;
  const total = days.reduce((sum, d) => sum + d.calls, 0);
  const bars = days.map((d, i) => {
    const x = left + i * BAR_STEP;
    return html`<g><title>${d.day}: ${plural(d.calls, 'call')}, ${d.billed} billed</title>
<rect class="bar" x="${x}" y="${PLOT_HEIGHT - scale(d.calls)}" width="${BAR_WIDTH}" height="${scale(d.calls)}"></rect>
<rect class="billed" x="${x}" y="${PLOT_HEIGHT - scale(d.billed)}" width="${BAR_WIDTH}" height="${scale(d.billed)}"></rect></g>`;
  });
  const dayLabels = days.flatMap((d, i) => {
    const dayNumber = Number(d.day.slice(8, 10));
    if (dayNumber !== 1 && dayNumber % 5 !== 0) return [];
    const x = percent(left + i * BAR_STEP + BAR_WIDTH / 2, width);
    return [html`<text x="${x}" y="${HEIGHT - 4}" text-anchor="middle">${dayNumber}</text>`];
  });
  const baseline = TOP + PLOT_HEIGHT;
  const rows = days.filter((d) => d.calls > 0).map((d) => ({ cells: [d.day, d.calls, d.billed] }));
  return html`<figure>
<svg class="chart" width="100%" height="${HEIGHT}" role="img" aria-labelledby="chart-title">
<title id="chart-title">Calls per day this period: ${plural(total, 'call')} in all, at most ${max} on one day</title>
<svg y="${TOP}" width="100%" height="${PLOT_HEIGHT}" viewBox="0 0 ${width} ${PLOT_HEIGHT}" preserveAspectRatio="none">
${bars}
</svg>
<line class="axis" x1="${percent(left - 2, width)}" y1="${baseline}" x2="100%" y2="${baseline}"></line>
<text x="${percent(left - 6, width)}" y="${TOP + 8}" text-anchor="end">${max}</text>
<text x="${percent(left - 6, width)}" y="${baseline}" text-anchor="end">0</text>
${dayLabels}
</svg>
<figcaption class="muted">Calls per day (UTC); the lighter part of a bar is the billed calls.</figcaption>
</figure>
<details><summary>Calls per day as a table</summary>
${rows.length === 0 ? html`<p class="empty">No calls yet this period.</p>` : dataTable({ caption: 'Calls per day', columns: DAY_COLUMNS, rows })}
</details>`;
}
