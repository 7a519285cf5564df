import type { Kysely } from 'kysely';
import { DEFAULT_LIMITS, isScope, type KeyAccount, type KeyLimits, SCOPES } from '../key-limits.ts';
import { decimalToMicros } from '../money.ts';
import { isPlatform } from '../platform-families.ts';
import { listAdAccounts } from '../storage/accounts.ts';
import type { Database } from '../storage/schema.ts';

/** What an owner typed for a key's limits, in the CLI or the console. */
export interface KeyLimitsInput {
  scope?: string | undefined;
  /** Account ids (`123`, or `network:123` when two platforms share it). */
  accounts?: string[] | undefined;
  /** `50:USD` or `50.00 USD`: the largest daily budget per currency. */
  ceilings?: string[] | undefined;
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
 * A key's limits from what an owner typed: the scope (default `write`), the owner's own accounts named
 * (each must be connected), the ceilings. Anything unclear is refused with what to write instead.
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
  if (input.accounts && input.accounts.length > 0) {
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
  return { ...base, scope, accounts, ceilings };
}
