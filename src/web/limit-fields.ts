import type { FastifyRequest } from 'fastify';
import { type KeyLimitsInput, MAX_RAISE_PERCENT_RANGE } from '../auth/key-limits-input.ts';
import { type KeyLimits, SCOPES, type Scope, scopeCovers } from '../key-limits.ts';
import { formatMicros } from '../money.ts';
import { PLATFORM_INFO, type Platform } from '../platform-families.ts';
import type { AdAccount, Client } from '../storage/schema.ts';
import { formField, formFields } from './form.ts';
import { html } from './html.ts';

export const SCOPE_LABELS: Record<Scope, string> = {
  read: 'Read: only tools that read (lists, performance, usage)',
  write:
    'Write: also change campaigns, never starting or raising spend (create paused, pause, lower a budget)',
  spend: 'Spend: also activate campaigns and raise budgets',
};

/**
 * The spend guardrails of a key or an app. Narrowing, the largest raise is offered up to the key's own
 * and approval of every spend change comes ticked when the key has it (unticking it would widen the key).
 */
function guardrailFields(id: string, limits: KeyLimits) {
  const max = limits.maxRaisePercent ?? MAX_RAISE_PERCENT_RANGE.max;
  const raiseHint =
    limits.maxRaisePercent === null
      ? `Optional, a whole percent from ${MAX_RAISE_PERCENT_RANGE.min} to ${max}. A change that raises a campaign's daily budget by more than this share of it is not made: it waits for your approval. Empty: no such limit.`
      : `At most ${max}%, the key's own. A change that raises a campaign's daily budget by more than this share of it is not made: it waits for your approval.`;
  return html`<fieldset><legend>Spend guardrails</legend>
  <div class="field"><label for="max-raise-${id}">Largest raise without approval (%)</label>
    <input id="max-raise-${id}" type="number" name="max_raise_percent" min="${MAX_RAISE_PERCENT_RANGE.min}" max="${max}" step="1" inputmode="numeric" value="${limits.maxRaisePercent ?? ''}" placeholder="e.g. 50" aria-describedby="max-raise-hint-${id}"></div>
  <p id="max-raise-hint-${id}" class="muted">${raiseHint}</p>
  <label><input type="checkbox" name="approval" value="spend" aria-describedby="approval-hint-${id}"${limits.approval === 'spend' ? html` checked` : ''}> Every spend change needs my approval</label>
  <p id="approval-hint-${id}" class="muted">Activating a campaign, raising a budget, creating one that runs: each waits until you approve it.</p>
</fieldset>`;
}

/**
 * The scope, accounts, ceiling and spend guardrails of a key or an app: to create a key, to narrow one
 * (then only what the key has now is offered, as a key is never widened), or to grant an app what it
 * asked at most.
 */
export function limitFields(
  id: string,
  limits: KeyLimits,
  accounts: AdAccount[],
  holder: 'key' | 'app' = 'key',
  /** The scope ticked at first; the widest offered unless told. */
  checked: Scope = limits.scope,
  /** A new key's client choices (docs/teams.md#clients); `required` for a member limited to clients. */
  clients?: { choices: Client[]; required: boolean },
) {
  const scopes = SCOPES.filter((scope) => scopeCovers(limits.scope, scope));
  const offered = accounts.filter(
    (a) =>
      limits.accounts === null ||
      limits.accounts.some((k) => k.platform === a.platform && k.accountId === a.account_id),
  );
  const ceilings = limits.ceilings
    ? Object.entries(limits.ceilings)
        .map(([currency, micros]) => `${formatMicros(micros, currency)} ${currency}`)
        .join(', ')
    : '';
  return html`<fieldset><legend>What the ${holder} may do</legend>
  ${scopes.map(
    (scope) =>
      html`<label><input type="radio" name="scope" value="${scope}"${scope === checked ? html` checked` : ''}> ${SCOPE_LABELS[scope]}</label>`,
  )}
</fieldset>
${clients && clients.choices.length > 0 ? clientField(id, clients) : ''}
${
  limits.clientId !== null
    ? html`<p>Accounts: every account of its client, those assigned to it later too.</p>`
    : offered.length > 0
      ? html`<fieldset><legend>Accounts it may act on</legend>
  <p class="muted">None ticked: ${limits.accounts === null ? 'every account, those you connect later too' : 'the ones it has now'}.</p>
  ${offered.map(
    (a) =>
      html`<label><input type="checkbox" name="account" value="${a.platform}:${a.account_id}"> ${PLATFORM_INFO[a.platform as Platform].label}: ${a.name} (${a.account_id})</label>`,
  )}
</fieldset>`
      : ''
}
<div class="field"><label for="ceiling-${id}">Largest daily budget it may set (optional)</label>
  <input id="ceiling-${id}" type="text" name="max_daily_budget" value="${ceilings}" placeholder="e.g. 50 USD, 40 EUR" maxlength="200"></div>
${guardrailFields(id, limits)}`;
}

function clientField(id: string, clients: { choices: Client[]; required: boolean }) {
  const none = clients.required ? '' : html`<option value="">No client: the accounts ticked below</option>`;
  return html`<div class="field"><label for="client-${id}">Client</label>
  <select id="client-${id}" name="client" aria-describedby="client-hint-${id}"${clients.required ? html` required` : ''}>${none}${clients.choices.map(
    (client) => html`<option value="${client.id}">${client.name}</option>`,
  )}</select></div>
<p id="client-hint-${id}" class="muted">A key for a client acts on every account of it, those assigned to it later too.${clients.required ? ' You may make keys only for your clients.' : ''}</p>`;
}

/**
 * The limits the form asks for: the scope, the ticked accounts (none: all), the ceilings, the largest raise
 * (empty: the key's own) and the approval, which the form always says: an unticked box is `none`.
 */
export function limitsInput(request: FastifyRequest): KeyLimitsInput {
  const ceilings = formField(request, 'max_daily_budget')
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean);
  return {
    scope: formField(request, 'scope'),
    accounts: formFields(request, 'account'),
    client: formField(request, 'client'),
    ceilings,
    maxRaisePercent: formField(request, 'max_raise_percent'),
    approval: formField(request, 'approval') || 'none',
  };
}
