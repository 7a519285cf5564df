import { formatMicros } from '../money.ts';
import type { AccountSpend } from '../owners/account-spend.ts';
import { html } from '../web/html.ts';

const BAR_STEP = 14;
const BAR_WIDTH = 10;
const HEIGHT = 40;

/**
 * An account's spend per day as a small inline SVG bar chart, today's bar last and marked: server-side
 * SVG rather than a chart library, since eight bars need no scripts and the pages load none but their own.
 */
export function spendChart(spend: AccountSpend) {
  const max = Math.max(1, ...spend.days.map((d) => d.spendMicros));
  const width = spend.days.length * BAR_STEP;
  const bars = spend.days.map((d, i) => {
    const height = Math.max(1, (d.spendMicros / max) * HEIGHT);
    const kind = d.day === spend.today ? 'bar today' : 'bar';
    return html`<rect class="${kind}" x="${i * BAR_STEP}" y="${HEIGHT - height}" width="${BAR_WIDTH}" height="${height}"><title>${d.day}: ${formatMicros(d.spendMicros, spend.currency)} ${spend.currency}</title></rect>`;
  });
  const peak = formatMicros(max === 1 ? 0 : max, spend.currency);
  return html`<svg class="spark" viewBox="0 0 ${width} ${HEIGHT}" width="${width}" height="${HEIGHT}" role="img" aria-label="Spend per day, ${spend.days[0]?.day} to ${spend.today}: at most ${peak} ${spend.currency} on one day">${bars}</svg>`;
}
