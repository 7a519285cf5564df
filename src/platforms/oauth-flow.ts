import type { Services } from '../context.ts';
import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import { listConnectionAccounts } from '../storage/accounts.ts';
import { saveConnectionTokens } from '../storage/connections.ts';
import type { AdAccount, Connection } from '../storage/schema.ts';
import type { ConnectProtocol } from './connect-protocol.ts';
import { CONNECT_PROTOCOLS } from './connect-registry.ts';
import { endpointsFor } from './endpoints.ts';
import { PLATFORM_INFO, type Platform } from './families.ts';
import { UpstreamFailure } from './upstream-failure.ts';

const STATE_SECONDS = 15 * 60;
const STATE_BINDING = 'oauth-state';

interface State {
  userId: string;
  platform: Platform;
  mode: 'live' | 'sandbox';
  expiresAt: number;
}

/** Where the platform sends the owner back: the console's callback for that platform. */
export function connectRedirectUri(services: Services, platform: Platform): string {
  return `${services.config.appUrl}/connections/${platform}/callback`;
}

/**
 * The consent URL to send the owner to. Live when the operator configured the platform's app, else the
 * sandbox. The state is encrypted and bound to the owner, so a callback cannot be replayed by someone else.
 */
export function startConnect(
  services: Services,
  userId: string,
  platform: Platform,
  reconnectAccountIds: string[] = [],
): string {
  const mode = services.config.platforms.settings[platform].live ? 'live' : 'sandbox';
  const state: State = {
    userId,
    platform,
    mode,
    expiresAt: services.clock.now().getTime() + STATE_SECONDS * 1000,
  };
  const sealed = services.cipher.encrypt(JSON.stringify(state), STATE_BINDING);
  return CONNECT_PROTOCOLS[platform].authorizeUrl(
    endpointsFor(services, platform, mode),
    sealed,
    connectRedirectUri(services, platform),
    reconnectAccountIds,
  );
}

function openState(services: Services, sealed: string, userId: string, platform: Platform): State {
  let state: State;
  try {
    state = JSON.parse(services.cipher.decrypt(sealed, STATE_BINDING)) as State;
  } catch {
    throw new AppError(
      'invalid_arguments',
      'This connection attempt is not valid. Start again from the connections page.',
    );
  }
  if (
    state.userId !== userId ||
    state.platform !== platform ||
    state.expiresAt < services.clock.now().getTime()
  ) {
    throw new AppError(
      'invalid_arguments',
      'This connection attempt expired or belongs to someone else. Start again.',
    );
  }
  return state;
}

/**
 * Completes the connect flow: exchanges the code, learns which accounts the grant covers, and stores
 * the connection (tokens encrypted) with its accounts. Reconnecting reuses the connection and
 * marks it active again.
 */
export async function finishConnect(
  services: Services,
  userId: string,
  platform: Platform,
  callback: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
): Promise<{ connection: Connection; accounts: AdAccount[] }> {
  const label = PLATFORM_INFO[platform].label;
  const state = openState(services, callback.state ?? '', userId, platform);
  if (callback.error || !callback.code) {
    throw new AppError(
      'invalid_arguments',
      `${label} did not grant access (${callback.error ?? 'no code'}). Nothing changed.`,
    );
  }
  const protocol = CONNECT_PROTOCOLS[platform];
  const endpoints = endpointsFor(services, platform, state.mode);
  let grant: Awaited<ReturnType<ConnectProtocol['exchangeCode']>>;
  let discovered: Awaited<ReturnType<ConnectProtocol['listAccounts']>>;
  try {
    grant = await protocol.exchangeCode(endpoints, callback.code, connectRedirectUri(services, platform));
    discovered = await protocol.listAccounts(endpoints, grant.accessToken);
  } catch (error) {
    if (error instanceof UpstreamFailure) {
      throw new AppError(
        'upstream_rejected',
        `${label} refused the connection: ${error.message.replace(/[.\s]+$/, '')}. Try connecting again.`,
      );
    }
    throw error;
  }
  const now = services.clock.now();
  return services.storage.db.transaction().execute(async (trx) => {
    let connection = await trx
      .selectFrom('connections')
      .selectAll()
      .where('user_id', '=', userId)
      .where('platform', '=', platform)
      .where('mode', '=', state.mode)
      .executeTakeFirst();
    if (!connection) {
      connection = {
        id: newId('con'),
        user_id: userId,
        platform,
        mode: state.mode,
        status: 'active',
        token_expires_at: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        access_token: null,
        refresh_token: null,
      };
      await trx.insertInto('connections').values(connection).execute();
    }
    const known = new Set((await listConnectionAccounts(trx, connection.id)).map((a) => a.account_id));
    for (const account of discovered) {
      if (known.has(account.accountId)) continue;
      await trx
        .insertInto('ad_accounts')
        .values({
          id: newId('acc'),
          user_id: userId,
          connection_id: connection.id,
          platform,
          account_id: account.accountId,
          name: account.name,
          currency: account.currency,
          status: 'active',
          created_at: now.toISOString(),
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'platform', 'account_id']).doNothing())
        .execute();
    }
    await saveConnectionTokens(trx, services.cipher, connection.id, grant, now);
    const accounts = await listConnectionAccounts(trx, connection.id);
    return { connection: { ...connection, status: 'active' }, accounts };
  });
}

/** Removes a connection and its accounts; the platform's grant itself is revoked on the platform's side. */
export async function disconnect(services: Services, userId: string, connectionId: string): Promise<boolean> {
  const result = await services.storage.db
    .deleteFrom('connections')
    .where('id', '=', connectionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
