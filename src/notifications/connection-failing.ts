import { isPlatform, PLATFORM_INFO } from '../platform-families.ts';
import { listConnectionAccounts } from '../storage/accounts.ts';
import type { Connection } from '../storage/schema.ts';
import { tellOwner } from './emit-event.ts';
import { eventIdOf } from './event-id.ts';
import type { NotificationServices } from './notification-services.ts';

/** The platform's label, `account` or `accounts`, and where to reconnect: what a failure is told with. */
export interface FailureWords {
  label: string;
  accounts: string;
  reconnectUrl: string;
}

/** What sets one `connection.failing` apart from another: when, its state fields, why and its line for people. */
export interface ConnectionFailure {
  /** Makes the event's id with the connection's: the same failure is told once. */
  moment: string;
  state: Record<string, string>;
  told: (words: FailureWords) => { reason: string; text: string };
}

/** Tells the owner a connection is failing, or is about to: the connection, its accounts, where to reconnect. */
export async function tellConnectionFailing(
  services: NotificationServices,
  connection: Connection,
  failure: ConnectionFailure,
): Promise<void> {
  const label = isPlatform(connection.platform)
    ? PLATFORM_INFO[connection.platform].label
    : connection.platform;
  const accounts = await listConnectionAccounts(services.storage.db, connection.id);
  const reconnectUrl = `${services.config.appUrl}/connections`;
  const { reason, text } = failure.told({
    label,
    accounts: accounts.length === 1 ? 'account' : 'accounts',
    reconnectUrl,
  });
  await tellOwner(services, {
    id: eventIdOf('connection.failing', connection.id, failure.moment),
    userId: connection.user_id,
    type: 'connection.failing',
    data: {
      connection_id: connection.id,
      platform: connection.platform,
      mode: connection.mode,
      ...failure.state,
      reason,
      accounts: accounts.map((account) => ({ account_id: account.account_id, name: account.name })),
      reconnect_url: reconnectUrl,
    },
    text,
  });
}

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
  await tellConnectionFailing(services, connection, {
    moment: since.toISOString(),
    state: { status: 'expired', since: since.toISOString() },
    told: ({ label, accounts, reconnectUrl }) => ({
      reason,
      text: `The ${label} connection stopped working (${reason}): agents cannot reach its ${accounts} until you reconnect it at ${reconnectUrl}.`,
    }),
  });
}
