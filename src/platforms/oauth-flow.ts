import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import { PLATFORM_INFO, type Platform } from '../platform-families.ts';
import { listConnectionAccounts } from '../storage/accounts.ts';
import { saveConnectionTokens } from '../storage/connections.ts';
import { sandboxOwners } from '../storage/sandbox-owners.ts';
import type { AdAccount, Connection } from '../storage/schema.ts';
import type { ConnectProtocol } from './connect-protocol.ts';
import { CONNECT_PROTOCOLS } from './connect-registry.ts';
import { endpointsFor } from './endpoints.ts';
import type { PlatformServices } from './platform-services.ts';
import { grantExpiry } from './protocol.ts';
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
export function connectRedirectUri(services: Pick<PlatformServices, 'config'>, platform: Platform): string {
  return `${services.config.appUrl}/connections/${platform}/callback`;
}

/** How a platform connects: live when the operator configured its app, else the sandbox unless it is off. */
export function connectMode(
  services: PlatformServices,
  platform: Platform,
): 'live' | 'sandbox' | 'unavailable' {
  const { platforms } = services.config;
  if (platforms.settings[platform].live) return 'live';
  return platforms.sandboxEnabled ? 'sandbox' : 'unavailable';
}

export function sandboxOffError(platform: Platform): AppError {
  const label = PLATFORM_INFO[platform].label;
  return new AppError(
    'invalid_arguments',
    `${label} cannot be connected: the sandbox is turned off on this service (ADOPS_SANDBOX=off) and no ` +
      `live ${label} app is configured. Ask the operator to configure the platform's app ` +
      `(ADOPS_${platform.toUpperCase()}_CLIENT_ID and ADOPS_${platform.toUpperCase()}_CLIENT_SECRET) or to turn the sandbox on.`,
  );
}

/**
 * The consent URL to send the owner to: the live platform's, or the sandbox's (see connectMode). The
 * state is encrypted and bound to the owner, so a callback cannot be replayed by someone else.
 */
export function startConnect(
  services: PlatformServices,
  userId: string,
  platform: Platform,
  reconnectAccountIds: string[] = [],
): string {
  const mode = connectMode(services, platform);
  if (mode === 'unavailable') throw sandboxOffError(platform);
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

function openState(services: PlatformServices, sealed: string, userId: string, platform: Platform): State {
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
 * A sandbox grant holds only its owner's accounts; a code made for another owner and slipped into this
 * owner's callback (code injection) must not connect that owner's accounts here.
 */
async function refuseForeignSandboxAccounts(
  services: PlatformServices,
  userId: string,
  platform: Platform,
  discovered: Array<{ accountId: string }>,
): Promise<void> {
  const ids = discovered.map((account) => account.accountId);
  const owners = await sandboxOwners(services.storage.db, platform, ids);
  const foreign = ids.filter((id) => owners.get(id) !== userId);
  if (foreign.length === 0) return;
  throw new AppError(
    'invalid_arguments',
    `The ${PLATFORM_INFO[platform].label} sandbox granted accounts that are not yours (${foreign.join(', ')}). ` +
      'Nothing was connected; start again from the connections page.',
  );
}

/**
 * Completes the connect flow: exchanges the code, learns which accounts the grant covers, and stores
 * the connection (tokens encrypted) with its accounts. Reconnecting reuses the connection and
 * marks it active again.
 */
export async function finishConnect(
  services: PlatformServices,
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
  if (state.mode === 'sandbox' && !services.config.platforms.sandboxEnabled) throw sandboxOffError(platform);
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
  if (state.mode === 'sandbox') await refuseForeignSandboxAccounts(services, userId, platform, discovered);
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
    const known = new Map((await listConnectionAccounts(trx, connection.id)).map((a) => [a.account_id, a]));
    for (const account of discovered) {
      const loginCustomerId = account.loginCustomerId ?? null;
      const was = known.get(account.accountId);
      if (was) {
        // Reached another way now (directly, or through another manager): the next call goes that way.
        if (was.login_customer_id !== loginCustomerId) {
          await trx
            .updateTable('ad_accounts')
            .set({ login_customer_id: loginCustomerId })
            .where('id', '=', was.id)
            .execute();
        }
        continue;
      }
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
          time_zone: account.timeZone ?? 'UTC',
          login_customer_id: loginCustomerId,
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'platform', 'account_id']).doNothing())
        .execute();
    }
    const tokens = { ...grant, expiresAt: grantExpiry(grant, now) };
    await saveConnectionTokens(trx, services.cipher, connection.id, tokens, now);
    const accounts = await listConnectionAccounts(trx, connection.id);
    return { connection: { ...connection, status: 'active' }, accounts };
  });
}

/** Removes a connection and its accounts; the platform's grant itself is revoked on the platform's side. */
export async function disconnect(
  services: PlatformServices,
  userId: string,
  connectionId: string,
): Promise<boolean> {
  const result = await services.storage.db
    .deleteFrom('connections')
    .where('id', '=', connectionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
