import type { Caller } from '../caller.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { allowsScope, type Scope } from '../key-limits.ts';
import { formatMicros } from '../money.ts';
import {
  amountsOf,
  type Change,
  liftsSpend,
  type ObjectChange,
  startsDelivery,
} from '../tools/changes/change.ts';
import { kindWords } from '../tools/changes/object-words.ts';
import type { Tool } from '../tools/tool.ts';

/** The scope a tool needs: `read` for tools that only read, `write` for the others. */
export function toolScope(tool: Tool): Scope {
  return tool.annotations.readOnlyHint ? 'read' : 'write';
}

function refusal(message: string, details: Record<string, unknown>): AppError {
  return new AppError('insufficient_scope', message, { structuredContent: details });
}

/** Whose limits refused the call, as the subject of the refusal: the key, or the owner's grant to an app. */
export function holderOf(caller: Caller): string {
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
 * Refuses a change the key may not make, before it reaches the platform, judging every field by its money
 * meaning at whatever level it is. Starting an object delivering or raising any amount (a daily or
 * lifetime budget, a bid) needs the spend scope. A key with ceilings leaves nothing delivering on more than
 * its ceiling a day: a daily budget it sets is within the ceiling (raise or not, in the account's currency,
 * and only in currencies it has a ceiling for), and so is a bid; it sets no lifetime budget, which a daily
 * ceiling cannot bound; and an object it starts delivering runs on a daily budget within the ceiling and on
 * no lifetime budget, nor on budgets held elsewhere (its ad sets, say).
 */
export function checkChange(caller: Caller, config: Config, tool: string, change: Change): void {
  const { limits } = caller;
  if (liftsSpend(change) && !allowsScope(limits, 'spend')) {
    throw refusal(
      `${holderOf(caller)} has the ${limits.scope} scope: it may pause and lower budgets, not start or ` +
        `raise spend, and ${tool} would ${change.what}. Make a change that spends less, or: ` +
        wider(
          caller,
          config,
          'the spend scope',
          `use a key with the spend scope (the owner creates one at ${config.appUrl}/keys).`,
        ),
      { limit: 'scope', scope: limits.scope, needed: 'spend', change: change.what },
    );
  }
  const ceilings = limits.ceilings;
  if (ceilings === null) return;
  const ceiling = new CeilingCheck(caller, config, tool, ceilings);
  for (const object of change.objects) checkObject(ceiling, change, object);
}

function checkObject(ceiling: CeilingCheck, change: Change, object: ObjectChange): void {
  const { currency } = change;
  const amounts = amountsOf(object);
  for (const field of amounts) {
    if (field.money !== 'lifetime_budget' || field.after === null) continue;
    ceiling.refuse(
      currency,
      `would set a lifetime budget of ${amount(field.after, currency)}, which a daily ceiling cannot bound. ` +
        "Leave the lifetime budget out, or set it in the platform's own ads manager, or: ",
      { asked: formatMicros(field.after, currency), budget_type: 'lifetime' },
    );
  }
  for (const field of amounts) {
    if (field.money !== 'daily_budget' || field.after === null) continue;
    ceiling.checkDaily(field.after, currency, `would set ${amount(field.after, currency)}`, 'Ask for', {});
  }
  for (const field of amounts) {
    if (field.money !== 'bid' || field.after === null) continue;
    ceiling.checkDaily(
      field.after,
      currency,
      `would set a bid of ${amount(field.after, currency)} on ${object.label}, more than a day may cost`,
      'Bid',
      { budget_type: 'bid' },
    );
  }
  if (!startsDelivery(object)) return;
  const { dailyMicros, lifetimeMicros, elsewhere } = object.budgets;
  const it = `the ${kindWords(object.ref.kind)}`;
  const starts = `would ${change.what}, and ${it} would then deliver`;
  const startElsewhere = "Start it in the platform's own ads manager, or: ";
  if (lifetimeMicros !== undefined) {
    ceiling.refuse(
      currency,
      `${starts} on a lifetime budget of ${amount(lifetimeMicros, currency)}, which a daily ceiling cannot ` +
        `bound. ${startElsewhere}`,
      { asked: formatMicros(lifetimeMicros, currency), budget_type: 'lifetime', starts_delivery: true },
    );
  }
  if (dailyMicros === undefined) {
    ceiling.refuse(
      currency,
      `${starts} with its spend bounded ${elsewhere ?? 'by no daily budget of its own'}, which this ` +
        `key's ceiling cannot check. ${startElsewhere}`,
      { asked: null, budget_type: 'none', starts_delivery: true },
    );
  }
  ceiling.checkDaily(
    dailyMicros,
    currency,
    `${starts} on its daily budget of ${amount(dailyMicros, currency)}`,
    'Set its daily budget to',
    { starts_delivery: true },
  );
}

export function amount(micros: number, currency: string): string {
  return `${formatMicros(micros, currency)} ${currency}`;
}

/** The refusals of a key's (or a grant's) budget ceilings, each naming them and how to get wider ones. */
class CeilingCheck {
  readonly #caller: Caller;
  readonly #config: Config;
  readonly #tool: string;
  readonly #ceilings: Record<string, number>;

  constructor(caller: Caller, config: Config, tool: string, ceilings: Record<string, number>) {
    this.#caller = caller;
    this.#config = config;
    this.#tool = tool;
    this.#ceilings = ceilings;
  }

  /**
   * An amount a day may cost: within the ceiling of its currency, and in a currency the key has a ceiling
   * for. `advice` starts the sentence that tells how to stay within it.
   */
  checkDaily(
    micros: number,
    currency: string,
    doing: string,
    advice: string,
    details: Record<string, unknown>,
  ): void {
    const ceiling = this.#ceilings[currency];
    const asked = formatMicros(micros, currency);
    if (ceiling === undefined) {
      throw refusal(
        `${holderOf(this.#caller)} sets daily budgets only in ${Object.keys(this.#ceilings).join(', ')}, up ` +
          `to its ceiling, and this account's budgets are in ${currency} (${this.#tool} ${doing}). ` +
          this.#wider(
            `a ${currency} ceiling`,
            `The owner can create a key with a ${currency} ceiling at ${this.#config.appUrl}/keys.`,
          ),
        { limit: 'ceiling', currency, asked, ceiling: null, ...details },
      );
    }
    if (micros <= ceiling) return;
    const most = amount(ceiling, currency);
    throw refusal(
      `${holderOf(this.#caller)} may set daily budgets up to ${most}, and ${this.#tool} ${doing}. ` +
        `${advice} ${most} or less, or: ` +
        this.#wider(
          'a higher ceiling',
          `the owner creates a key with a higher ceiling at ${this.#config.appUrl}/keys.`,
        ),
      { limit: 'ceiling', currency, asked, ceiling: formatMicros(ceiling, currency), ...details },
    );
  }

  /** A budget no daily ceiling bounds: `doing` says what the call would do and ends with what to do. */
  refuse(currency: string, doing: string, details: Record<string, unknown>): never {
    const ceilings = Object.entries(this.#ceilings).map(([code, most]) => amount(most, code));
    const ceiling = this.#ceilings[currency];
    throw refusal(
      `${holderOf(this.#caller)} caps daily budgets (at most ${ceilings.join(', ')} a day), and ` +
        `${this.#tool} ${doing}` +
        this.#wider(
          'no ceiling',
          `use a key without a ceiling (the owner creates one at ${this.#config.appUrl}/keys).`,
        ),
      {
        limit: 'ceiling',
        currency,
        ceiling: ceiling === undefined ? null : formatMicros(ceiling, currency),
        ...details,
      },
    );
  }

  #wider(granting: string, keyAdvice: string): string {
    return wider(this.#caller, this.#config, granting, keyAdvice);
  }
}
