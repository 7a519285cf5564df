import type { AccountSpend } from '../owners/account-spend.ts';
import { moneyText } from '../web/format.ts';
import { html } from '../web/html.ts';

const BAR_STEP = 24;
const BAR_WIDTH = 18;
const PLOT_HEIGHT = 56;
/** Room above the bars for the peak's label, and below them for the first and last day. */
const TOP = 16;
const BOTTOM = 16;

/**
 * An account's spend per day as an inline SVG bar chart, today's bar last and marked, the peak labelled
 * on its axis and each bar's day and amount on hover (its title): server-side SVG rather than a chart
 * library, since eight bars need no scripts and the pages load none but their own. A bar is never
 * shorter than 2 px, so a quiet day beside a runaway one still shows.
 */
export function spendChart(spend: AccountSpend, locale: string) {
  const max = Math.max(1, ...spend.days.map((d) => d.spendMicros));
  const width = spend.days.length * BAR_STEP;
  const height = TOP + PLOT_HEIGHT + BOTTOM;
  const bars = spend.days.map((d, i) => {
    const bar = Math.max(2, (d.spendMicros / max) * PLOT_HEIGHT);
    const kind = d.day === spend.today ? 'bar today' : 'bar';
    const amount = moneyText(d.spendMicros, spend.currency, locale);
    return html`<rect class="${kind}" x="${i * BAR_STEP + (BAR_STEP - BAR_WIDTH) / 2}" y="${TOP + PLOT_HEIGHT - bar}" width="${BAR_WIDTH}" height="${bar}"><title>${d.day}: ${amount}</title></rect>`;
  });
  const peak = moneyText(max === 1 ? 0 : max, spend.currency, locale);
  const first = spend.days[0]?.day ?? '';
  const axisY = TOP + PLOT_HEIGHT + 0.5;
  return html`<svg class="spark" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="Spend per day, ${first} to ${spend.today}: at most ${peak} on one day">
<text class="peak" x="0" y="11">max ${peak}</text>
<line class="axis" x1="0" x2="${width}" y1="${axisY}" y2="${axisY}"></line>
${bars}
<text x="0" y="${height - 3}">${first.slice(5)}</text>
<text x="${width}" y="${height - 3}" text-anchor="end">today</text>
</svg>`;
}
