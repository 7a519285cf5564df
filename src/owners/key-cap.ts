import { listApiKeys } from '../storage/api-keys.ts';
import type { User } from '../storage/schema.ts';
import { keyStatus } from './key-status.ts';
import { OwnerError } from './owner-error.ts';
import type { OwnerServices } from './owner-services.ts';

/** The most active keys an owner of `tier` may hold (`ADOPS_KEY_LIMITS`); 0 for a tier it does not name. */
export function keyCapOf(config: OwnerServices['config'], tier: string): number {
  return config.console.keyLimits[tier] ?? 0;
}

/** A new key would take the owner past their tier's number of active keys. */
export class KeyCapError extends OwnerError {
  readonly tier: string;
  /** The most active keys the tier allows. */
  readonly cap: number;

  constructor(email: string, tier: string, cap: number, active: number) {
    super(
      `${email} has ${active} active key${active === 1 ? '' : 's'} and the ${tier} tier allows ${cap}: ` +
        'revoke one first (npx adops keys list, then npx adops keys revoke --id ID) or raise the tier (npx adops users set-tier)',
    );
    this.tier = tier;
    this.cap = cap;
  }
}

/**
 * Refuses a new key to an owner who holds as many active keys (neither revoked nor expired) as their
 * tier allows. Checked, then inserted: two simultaneous creations may pass one over the cap, which a
 * person does not do; the cap is a plan allowance, not a security boundary.
 */
export async function checkKeyCap(owners: OwnerServices, user: User, now: Date): Promise<void> {
  const cap = keyCapOf(owners.config, user.tier);
  const keys = await listApiKeys(owners.storage.db, user.id);
  const active = keys.filter((key) => keyStatus(key, now) === 'active').length;
  if (active >= cap) throw new KeyCapError(user.email, user.tier, cap, active);
}
