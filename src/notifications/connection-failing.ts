import { isPlatform, PLATFORM_INFO } from '../platform-families.ts';
import { listConnectionAccounts } from '../storage/accounts.ts';
import type { Connection } from '../storage/schema.ts';
import { tellOwner } from './emit-event.ts';
import { eventIdOf } from './event-id.ts';
import type { NotificationServices } from './notification-services.ts';

/**
 * `connection.failing`: the platform refused a connection's tokens for good and it was marked expired
 * at `since`. One event per time it stops working: its id is the connection and that moment, and a
 * connection already expired is refused before it reaches the platform, so the next event comes only
 * after it was reconnected and failed again.
 */
export async function connectionFailing(
  services: NotificationServices,
  connection: Connection,
  reason: string,
  since: Date,
): Promise<void> {
  const label = isPlatform(connection.platform)
    ? PLATFORM_INFO[connection.platform].label
    : connection.platform;
  const accounts = await listConnectionAccounts(services.storage.db, connection.id);
  const reconnectUrl = `${services.config.appUrl}/connections`;
  await tellOwner(services, {
    id: eventIdOf('connection.failing', connection.id, since.toISOString()),
    userId: connection.user_id,
    type: 'connection.failing',
    data: {
      connection_id: connection.id,
      platform: connection.platform,
      mode: connection.mode,
      status: 'expired',
      since: since.toISOString(),
      reason,
      accounts: accounts.map((account) => ({ account_id: account.account_id, name: account.name })),
      reconnect_url: reconnectUrl,
    },
    text: `The ${label} connection stopped working (${reason}): agents cannot reach its ${accounts.length === 1 ? 'account' : 'accounts'} until you reconnect it at ${reconnectUrl}.`,
  });
}
