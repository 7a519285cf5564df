import type { Kysely } from 'kysely';
import {
  APPROVAL_MODES,
  type ApprovalMode,
  DEFAULT_LIMITS,
  isApprovalMode,
  isScope,
  type KeyAccount,
  type KeyLimits,
  SCOPES,
  type Scope,
} from '../key-limits.ts';
import { decimalToMicros } from '../money.ts';
import { isPlatform } from '../platform-families.ts';
import { listAdAccounts } from '../storage/accounts.ts';
import { accountsOfClient, findClient } from '../storage/clients.ts';
import type { Database } from '../storage/schema.ts';

/** What an owner typed for a key's limits, in the CLI or the console. */
export interface KeyLimitsInput {
  scope?: string | undefined;
  /** Account ids (`123`, or `network:123` when two platforms share it). */
  accounts?: string[] | undefined;
  /** A client of the workspace, by id or name: every account of it, those assigned later too. */
  client?: string | undefined;
  /** `50:USD` or `50.00 USD`: the largest daily budget per currency. */
  ceilings?: string[] | undefined;
  /** A whole percent from 1 to 1000: the largest raise of a daily budget one change may make unapproved. */
  maxRaisePercent?: string | undefined;
  /** `none` or `spend` (every spend change waits for the owner's approval). */
  approval?: string | undefined;
}

export class KeyLimitsError extends Error {}

/** `50:USD`, `50 USD`, `12.5:eur` as a currency and an amount in micros. */
export function parseCeiling(text: string): { currency: string; micros: number } {
  const match = /^\s*(\d+(?:\.\d+)?)\s*[: ]\s*([A-Za-z]{3})\s*$/.exec(text);
  if (!match?.[1] || !match[2]) {
    throw new KeyLimitsError(
      `"${text}" is not a daily budget ceiling: write an amount and a currency, like 50:USD`,
    );
  }
  const micros = decimalToMicros(match[1]);
  if (micros <= 0) throw new KeyLimitsError(`the ceiling "${text}" must be above zero`);
  return { currency: match[2].toUpperCase(), micros };
}

/**
 * The bounds of a largest raise: under 1% no raise would pass unapproved (approval `spend` says that);
 * over 1000% (an elevenfold budget) the guardrail would hold nothing back.
 */
export const MAX_RAISE_PERCENT_RANGE = { min: 1, max: 1000 } as const;

/** `50` as the largest raise in percent: a whole number within MAX_RAISE_PERCENT_RANGE, nothing else. */
export function parseMaxRaisePercent(text: string): number {
  const { min, max } = MAX_RAISE_PERCENT_RANGE;
  // Digits only: `1e2`, `50.5`, `0x32` or `50%` would each be read some other way than the owner meant.
  const match = /^\s*(\d+)\s*$/.exec(text);
  const percent = match ? Number(match[1]) : Number.NaN;
  if (!(percent >= min && percent <= max)) {
    throw new KeyLimitsError(
      `"${text}" is not a largest raise: give a whole percent from ${min} to ${max}, like 50`,
    );
  }
  return percent;
}

export function parseApproval(text: string): ApprovalMode {
  const mode = text.trim().toLowerCase();
  if (!isApprovalMode(mode)) {
    throw new KeyLimitsError(
      `"${text}" is not an approval: use ${APPROVAL_MODES.join(' or ')} (spend: every spend change waits for you)`,
    );
  }
  return mode;
}

/**
 * A key's limits from what an owner typed: the scope (default `write`), the owner's own accounts named
 * (each must be connected), the ceilings, the spend guardrails; what is left out or empty stays `base`'s.
 * Anything unclear is refused with what to write instead.
 */
export async function keyLimitsFrom(
  db: Kysely<Database>,
  userId: string,
  input: KeyLimitsInput,
  base: KeyLimits = DEFAULT_LIMITS,
): Promise<KeyLimits> {
  const scope = input.scope === undefined || input.scope === '' ? base.scope : input.scope;
  if (!isScope(scope)) throw new KeyLimitsError(`"${scope}" is not a scope: use ${SCOPES.join(', ')}`);
  let accounts = base.accounts;
  let clientId = base.clientId;
  if (isGiven(input.client)) {
    if (input.accounts && input.accounts.length > 0) {
      throw new KeyLimitsError(
        'give a client or accounts, not both: a key limited to a client acts on every account of it',
      );
    }
    const client = await findClient(db, userId, input.client.trim());
    if (!client) throw new KeyLimitsError(`"${input.client}" is not a client of the workspace`);
    clientId = client.id;
    accounts = (await accountsOfClient(db, client.id)).flatMap((a) =>
      isPlatform(a.platform) ? [{ platform: a.platform, accountId: a.account_id }] : [],
    );
  } else if (input.accounts && input.accounts.length > 0) {
    const owned = await listAdAccounts(db, userId);
    accounts = input.accounts.map((text): KeyAccount => {
      const [first, second] = text.trim().split(':');
      const platform = second === undefined ? undefined : first;
      const id = second ?? first ?? '';
      if (platform !== undefined && !isPlatform(platform)) {
        throw new KeyLimitsError(`"${text}": ${platform} is not a platform (search, network, social, video)`);
      }
      const matches = owned.filter(
        (a) => a.account_id === id && (platform === undefined || a.platform === platform),
      );
      if (matches.length === 0)
        throw new KeyLimitsError(`"${text}" is not one of the owner's connected accounts`);
      if (matches.length > 1) {
        throw new KeyLimitsError(
          `"${text}" is an account on ${matches.map((a) => a.platform).join(' and ')}: write platform:id`,
        );
      }
      const [match] = matches;
      return { platform: match?.platform as KeyAccount['platform'], accountId: id };
    });
  }
  let ceilings = base.ceilings;
  if (input.ceilings && input.ceilings.length > 0) {
    ceilings = {};
    for (const text of input.ceilings) {
      const { currency, micros } = parseCeiling(text);
      if (currency in ceilings) throw new KeyLimitsError(`two ceilings for ${currency}: give one`);
      ceilings[currency] = micros;
    }
  }
  const maxRaisePercent = isGiven(input.maxRaisePercent)
    ? parseMaxRaisePercent(input.maxRaisePercent)
    : base.maxRaisePercent;
  const approval = isGiven(input.approval) ? parseApproval(input.approval) : base.approval;
  // A spend key narrowed to write keeps its guardrails (narrowing never drops one); they judge nothing more.
  if (base.scope !== 'spend')
    refuseSpendGuardrailsWithout(scope, {
      maxRaise: isGiven(input.maxRaisePercent),
      approval: isGiven(input.approval) && approval === 'spend',
    });
  return { scope, accounts, clientId, ceilings, maxRaisePercent, approval };
}

/**
 * A largest raise and approval of spend changes judge raises, which only a key with the spend scope makes:
 * on a read or write key a raise is refused outright (403), never sent for approval, so guardrails given
 * to one would promise the owner something that never happens.
 */
function refuseSpendGuardrailsWithout(scope: Scope, given: { maxRaise: boolean; approval: boolean }): void {
  if (scope === 'spend' || (!given.maxRaise && !given.approval)) return;
  const what = given.maxRaise ? 'a largest raise' : 'approval of spend changes';
  throw new KeyLimitsError(
    `${what} applies only to a key with the spend scope: this ${scope} key may not raise a budget or ` +
      'start spend at all (such a call is refused, not sent for approval): choose the spend scope to let ' +
      'it raise within the guardrails, or leave the guardrail empty',
  );
}

function isGiven(text: string | undefined): text is string {
  return text !== undefined && text.trim() !== '';
}
