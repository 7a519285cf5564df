import type { DailyCalls } from '../storage/usage-history.ts';
import { plural } from '../web/format.ts';
import { html } from '../web/html.ts';

const BAR_STEP = 24;
const BAR_WIDTH = 16;
const PLOT_HEIGHT = 160;
const LEFT = 36;
const TOP = 10;
const BOTTOM = 20;

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
  const width = LEFT + days.length * BAR_STEP + 4;
  const height = TOP + PLOT_HEIGHT + BOTTOM;
  const scale = (count: number) => (count / max) * PLOT_HEIGHT;
  const baseline = TOP + PLOT_HEIGHT;
  const total = days.reduce((sum, d) => sum + d.calls, 0);
  const bars = days.map((d, i) => {
    const x = LEFT + i * BAR_STEP;
    const dayNumber = Number(d.day.slice(8, 10));
    const label =
      dayNumber === 1 || dayNumber % 5 === 0
        ? html`<text x="${x + BAR_WIDTH / 2}" y="${height - 4}" text-anchor="middle">${dayNumber}</text>`
        : '';
    return html`<g><title>${d.day}: ${plural(d.calls, 'call')}, ${d.billed} billed</title>
<rect class="bar" x="${x}" y="${baseline - scale(d.calls)}" width="${BAR_WIDTH}" height="${scale(d.calls)}"></rect>
<rect class="billed" x="${x}" y="${baseline - scale(d.billed)}" width="${BAR_WIDTH}" height="${scale(d.billed)}"></rect>${label}</g>`;
  });
  const rows = days
    .filter((d) => d.calls > 0)
    .map((d) => html`<tr><td>${d.day}</td><td>${d.calls}</td><td>${d.billed}</td></tr>`);
  return html`<figure>
<svg class="chart" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="chart-title">
<title id="chart-title">Calls per day this period: ${plural(total, 'call')} in all, at most ${max} on one day</title>
<line class="axis" x1="${LEFT - 2}" y1="${baseline}" x2="${width}" y2="${baseline}"></line>
<text x="${LEFT - 4}" y="${TOP + 8}" text-anchor="end">${max}</text>
<text x="${LEFT - 4}" y="${baseline}" text-anchor="end">0</text>
${bars}
</svg>
<figcaption class="muted">Calls per day (UTC); the lighter part of a bar is the billed calls.</figcaption>
</figure>
<details><summary>Calls per day as a table</summary>
${rows.length === 0 ? html`<p>No calls yet this period.</p>` : html`<div class="table-wrap"><table><thead><tr><th scope="col">Day</th><th scope="col">Calls</th><th scope="col">Billed</th></tr></thead><tbody>${rows}</tbody></table></div>`}
</details>`;
}
