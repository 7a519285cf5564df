import type { Connection } from '../storage/schema.ts';
import { tellConnectionFailing } from './connection-failing.ts';
import type { NotificationServices } from './notification-services.ts';

/** A connection whose token cannot renew itself is said to be failing this many days before it lapses. */
export const EXPIRY_WARNING_DAYS = 7;

const DAY_MS = 86_400_000;

/**
 * When the connection stops working by itself, if it will within EXPIRY_WARNING_DAYS: an active one
 * whose access token has an end and no refresh token to renew it (Meta's long-lived user tokens, about
 * 60 days; a system user's set to expire). A connection that refreshes its token is not said to expire.
 */
export function lapsesSoon(connection: Connection, now: Date): Date | undefined {
  if (connection.status !== 'active' || !connection.token_expires_at || connection.refresh_token)
    return undefined;
  const lapses = new Date(connection.token_expires_at);
  return lapses.getTime() - now.getTime() <= EXPIRY_WARNING_DAYS * DAY_MS ? lapses : undefined;
}

/**
 * `connection.failing` a week before a connection lapses, once for each end of its token (a reconnect
 * gives it another): its accounts, when, and where to reconnect before then.
 */
export async function warnLapsingConnections(services: NotificationServices): Promise<number> {
  const now = services.clock.now();
  const horizon = new Date(now.getTime() + EXPIRY_WARNING_DAYS * DAY_MS).toISOString();
  const candidates = await services.storage.db
    .selectFrom('connections')
    .selectAll()
    .where('status', '=', 'active')
    .where('refresh_token', 'is', null)
    .where('token_expires_at', 'is not', null)
    .where('token_expires_at', '<=', horizon)
    .execute();
  let warned = 0;
  for (const connection of candidates) {
    const lapses = lapsesSoon(connection, now);
    if (!lapses) continue;
    await tellLapsing(services, connection, lapses, now);
    warned++;
  }
  return warned;
}

async function tellLapsing(services: NotificationServices, connection: Connection, lapses: Date, now: Date) {
  const days = Math.max(0, Math.ceil((lapses.getTime() - now.getTime()) / DAY_MS));
  const when = `${lapses.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  await tellConnectionFailing(services, connection, {
    moment: `lapses:${lapses.toISOString()}`,
    state: { status: 'expiring', expires_at: lapses.toISOString() },
    told: ({ label, accounts, reconnectUrl }) => ({
      reason: `its access token expires on ${when} and ${label} gives no way to renew it`,
      text: `The ${label} connection stops working on ${when} (in ${days} day${days === 1 ? '' : 's'}): reconnect it at ${reconnectUrl} before then, or agents cannot reach its ${accounts}.`,
    }),
  });
}
