import { TokenCipherError } from '../crypto/token-cipher.ts';
import type { Platform } from '../platform-families.ts';
import { readConnectionTokens } from '../storage/connections.ts';
import { foreignSandboxAccounts } from './ownership.ts';
import type { SandboxServices } from './sandbox-services.ts';
import { hashSandboxToken } from './tokens.ts';

/**
 * Tokens issued before sandbox accounts had owners (migration 0006) have none. A token held by an
 * owner's sandbox connection, covering only that owner's accounts, becomes that owner's; every other one
 * is revoked: among them the codes and tokens the unguarded consent page handed to anyone. Only the
 * service's cipher can tell which connection holds which token, so this runs when the sandbox starts,
 * not in the migration; once done, it finds nothing to do.
 */
export async function adoptLegacySandboxTokens(
  services: SandboxServices,
): Promise<{ adopted: number; revoked: number }> {
  const { db } = services.storage;
  const pending = await db
    .selectFrom('sandbox_tokens')
    .select('hash')
    .where('user_id', 'is', null)
    .where('revoked_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  if (!pending) return { adopted: 0, revoked: 0 };
  let adopted = 0;
  const connections = await db.selectFrom('connections').selectAll().where('mode', '=', 'sandbox').execute();
  for (const connection of connections) {
    let tokens: ReturnType<typeof readConnectionTokens>;
    try {
      tokens = readConnectionTokens(services.cipher, connection);
    } catch (error) {
      if (!(error instanceof TokenCipherError)) throw error;
      continue;
    }
    if (!tokens) continue;
    const held = [tokens.accessToken, tokens.refreshToken].flatMap((token) =>
      token ? [hashSandboxToken(token)] : [],
    );
    const rows = await db
      .selectFrom('sandbox_tokens')
      .select(['hash', 'account_ids'])
      .where('hash', 'in', held)
      .where('platform', '=', connection.platform)
      .where('user_id', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    for (const row of rows) {
      const accountIds = JSON.parse(row.account_ids) as string[];
      const platform = connection.platform as Platform;
      if ((await foreignSandboxAccounts(db, platform, connection.user_id, accountIds)).length > 0) continue;
      await db
        .updateTable('sandbox_tokens')
        .set({ user_id: connection.user_id })
        .where('hash', '=', row.hash)
        .execute();
      adopted++;
    }
  }
  const result = await db
    .updateTable('sandbox_tokens')
    .set({ revoked_at: services.clock.now().toISOString() })
    .where('user_id', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return { adopted, revoked: Number(result.numUpdatedRows) };
}
