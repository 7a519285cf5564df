import type { FastifyRequest } from 'fastify';
import type { KeyLimitsInput } from '../auth/key-limits-input.ts';
import { type KeyLimits, SCOPES, type Scope, scopeCovers } from '../key-limits.ts';
import { formatMicros } from '../money.ts';
import { PLATFORM_INFO, type Platform } from '../platform-families.ts';
import type { AdAccount } from '../storage/schema.ts';
import { formField, formFields } from './form.ts';
import { html } from './html.ts';

export const SCOPE_LABELS: Record<Scope, string> = {
  read: 'Read: only tools that read (lists, performance, usage)',
  write:
    'Write: also change campaigns, never starting or raising spend (create paused, pause, lower a budget)',
  spend: 'Spend: also activate campaigns and raise budgets',
};

/**
 * The scope, accounts and ceiling of a key or an app: to create a key, to narrow one (then only what the
 * key has now is offered, as a key is never widened), or to grant an app what it asked at most.
 */
export function limitFields(
  id: string,
  limits: KeyLimits,
  accounts: AdAccount[],
  holder: 'key' | 'app' = 'key',
  /** The scope ticked at first; the widest offered unless told. */
  checked: Scope = limits.scope,
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
${
  offered.length > 0
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
  <input id="ceiling-${id}" type="text" name="max_daily_budget" value="${ceilings}" placeholder="e.g. 50 USD, 40 EUR" maxlength="200"></div>`;
}

/** The limits the form asks for: the scope, the ticked accounts (none: all), the ceilings. */
export function limitsInput(request: FastifyRequest): KeyLimitsInput {
  const ceilings = formField(request, 'max_daily_budget')
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean);
  return { scope: formField(request, 'scope'), accounts: formFields(request, 'account'), ceilings };
}
