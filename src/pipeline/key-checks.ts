import { allowsScope, type Scope } from '../auth/key-limits.ts';
import type { Config } from '../config.ts';
import type { Caller } from '../context.ts';
import { AppError } from '../errors.ts';
import { formatMicros } from '../money.ts';
import type { SpendChange, Tool } from '../tools/tool.ts';

/** The scope a tool needs: `read` for tools that only read, `write` for the others. */
export function toolScope(tool: Tool): Scope {
  return tool.annotations.readOnlyHint ? 'read' : 'write';
}

function refusal(message: string, details: Record<string, unknown>): AppError {
  return new AppError('insufficient_scope', message, { structuredContent: details });
}

/** Whose limits refused the call, as the subject of the refusal: the key, or the owner's grant to an app. */
function holderOf(caller: Caller): string {
  return caller.oauth ? `The access the owner gave ${caller.oauth.clientName}` : 'This API key';
}

/**
 * How the owner allows more: for a key, the key advice given; for an OAuth app, a new approval (a grant,
 * like a key, is never widened).
 */
function wider(caller: Caller, config: Config, granting: string, keyAdvice: string): string {
  if (!caller.oauth) return keyAdvice;
  return (
    `The owner can revoke this app under Connected apps at ${config.appUrl}/keys and connect it again, ` +
    `granting ${granting}.`
  );
}

/** Refuses a tool the key's scope does not reach (checked before quota: nothing is used). */
export function requireToolScope(caller: Caller, tool: Tool, config: Config): void {
  const needed = toolScope(tool);
  if (allowsScope(caller.limits, needed)) return;
  throw refusal(
    `${holderOf(caller)} has the ${caller.limits.scope} scope, and ${tool.name} writes to the ad platform. ` +
      wider(
        caller,
        config,
        'the write scope',
        `Use a key with the write scope: the owner creates one at ${config.appUrl}/keys (a key's scope is ` +
          'never widened).',
      ),
    { limit: 'scope', scope: caller.limits.scope, needed },
  );
}

/**
 * Refuses a change the key may not make, before it reaches the platform: starting or raising spend
 * without the spend scope; a daily budget above the key's ceiling in the account's currency (a key with
 * ceilings sets budgets only in the currencies it has one for); a lifetime budget when the key has
 * ceilings, which cap budgets per day and so cannot bound one for the whole run.
 */
export function checkChange(caller: Caller, config: Config, tool: string, change: SpendChange): void {
  const { limits } = caller;
  const where = `${config.appUrl}/keys`;
  if (change.startsOrRaisesSpend && !allowsScope(limits, 'spend')) {
    throw refusal(
      `${holderOf(caller)} has the ${limits.scope} scope: it may pause and lower budgets, not start or ` +
        `raise spend, and ${tool} would ${change.what}. Make a change that spends less, or: ` +
        wider(
          caller,
          config,
          'the spend scope',
          `use a key with the spend scope (the owner creates one at ${where}).`,
        ),
      { limit: 'scope', scope: limits.scope, needed: 'spend', change: change.what },
    );
  }
  if (change.lifetimeBudget && limits.ceilings !== null) {
    const { currency, micros } = change.lifetimeBudget;
    const ceilings = Object.entries(limits.ceilings).map(
      ([code, most]) => `${formatMicros(most, code)} ${code}`,
    );
    const ceiling = limits.ceilings[currency];
    throw refusal(
      `${holderOf(caller)} caps daily budgets (at most ${ceilings.join(', ')} a day), and ${tool} would set ` +
        `a lifetime budget of ${formatMicros(micros, currency)} ${currency}, which a daily ceiling cannot ` +
        "bound. Change this budget in the platform's own ads manager, or: " +
        wider(
          caller,
          config,
          'no ceiling',
          `use a key without a ceiling (the owner creates one at ${where}).`,
        ),
      {
        limit: 'ceiling',
        currency,
        asked: formatMicros(micros, currency),
        ceiling: ceiling === undefined ? null : formatMicros(ceiling, currency),
        budget_type: 'lifetime',
      },
    );
  }
  const budget = change.dailyBudget;
  if (!budget || limits.ceilings === null) return;
  const { currency, micros } = budget;
  const ceiling = limits.ceilings[currency];
  const asked = `${formatMicros(micros, currency)} ${currency}`;
  if (ceiling === undefined) {
    throw refusal(
      `${holderOf(caller)} sets daily budgets only in ${Object.keys(limits.ceilings).join(', ')}, up to its ` +
        `ceiling, and this account's budgets are in ${currency} (${tool} would set ${asked}). ` +
        wider(
          caller,
          config,
          `a ${currency} ceiling`,
          `The owner can create a key with a ${currency} ceiling at ${where}.`,
        ),
      { limit: 'ceiling', currency, asked: formatMicros(micros, currency), ceiling: null },
    );
  }
  if (micros > ceiling) {
    const most = `${formatMicros(ceiling, currency)} ${currency}`;
    throw refusal(
      `${holderOf(caller)} may set daily budgets up to ${most}, and ${tool} would set ${asked}. Ask for ` +
        `${most} or less, or: ` +
        wider(
          caller,
          config,
          'a higher ceiling',
          `the owner creates a key with a higher ceiling at ${where}.`,
        ),
      {
        limit: 'ceiling',
        currency,
        asked: formatMicros(micros, currency),
        ceiling: formatMicros(ceiling, currency),
      },
    );
  }
}
