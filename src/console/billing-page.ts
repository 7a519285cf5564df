import { type ConsoleConfig, TIERS, type Tier } from '../config.ts';
import { dataTable } from '../web/data-table.ts';
import { html } from '../web/html.ts';
import { page } from '../web/layout.ts';
import type { SignedIn } from '../web/session.ts';

export interface BillingView {
  session: SignedIn;
  callLimits: Record<Tier, number>;
  console: ConsoleConfig;
}

const TIER_COLUMNS = [{ label: 'Plan' }, { label: 'Billable calls a month' }, { label: 'Active API keys' }];

/** The tier after the owner's, or undefined on the largest (or a tier this release does not know). */
export function tierAbove(current: string): Tier | undefined {
  const index = TIERS.indexOf(current as Tier);
  return index < 0 ? undefined : TIERS[index + 1];
}

function upgradeAction(view: BillingView) {
  if (view.console.upgradeUrl) {
    return html`<p><a class="button" href="${view.console.upgradeUrl}" rel="noopener">Change your plan</a>
(on the operator's site).</p>`;
  }
  const above = tierAbove(view.session.user.tier);
  if (!above) {
    return html`<p>Your plan, <strong>${view.session.user.tier}</strong>, is the largest: there is no plan above it.
For more, ask the operator of this service.</p>`;
  }
  return html`<p>This service is self-hosted: its operator moves you up to <strong>${above}</strong> with the command</p>
<pre><code>npx adops users set-tier --email ${view.session.user.email} --tier ${above}</code></pre>
<p class="muted">using <code>free</code>, <code>plus</code>, <code>pro</code> or <code>max</code>.</p>`;
}

export function billingPage(view: BillingView) {
  const current = view.session.user.tier;
  const rows = TIERS.map((tier) => ({
    current: tier === current,
    cells: [
      {
        rowHeader: true,
        content: html`${tier}${tier === current ? html` <span class="muted">(your plan)</span>` : ''}`,
      },
      view.callLimits[tier],
      view.console.keyLimits[tier],
    ],
  }));
  const body = html`<p>Your plan is <strong>${current}</strong>. Billable tool calls count against the monthly
allowance; reading usage, accounts and connections is free. Counters reset on the first day of each month (UTC).</p>
${dataTable({ caption: 'Plans and their limits', columns: TIER_COLUMNS, rows, className: 'tiers' })}
<h2>Upgrade</h2>
${upgradeAction(view)}`;
  return page({ title: 'Plan', session: view.session, section: '/billing', body });
}
