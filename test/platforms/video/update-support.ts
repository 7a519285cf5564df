import { createKey } from '../../../src/owners.ts';
import { findUserByEmail } from '../../../src/storage/users.ts';
import type { Owner, TestService } from '../../support/service.ts';

/** A pro owner with a TikTok advertiser and a key with the spend scope, which may enable and raise budgets. */
export async function spendOwner(service: TestService): Promise<Owner> {
  const owner = await service.createOwner('pro', ['video']);
  const { db } = service.services.storage;
  const user = await findUserByEmail(db, owner.email);
  if (!user) throw new Error('no owner');
  const limits = { scope: 'spend', accounts: null, ceilings: null } as const;
  const key = await createKey(db, user, 'spend', 'never', service.services.clock.now(), limits);
  return { ...owner, key: key.key, keyId: key.id };
}
