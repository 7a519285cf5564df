import type { FastifyInstance } from 'fastify';
import type { Services } from '../context.ts';
import { lapsesSoon } from '../notifications/connection-expiring.ts';
import { AccountSpendReports } from '../owners/account-spend.ts';
import { PLATFORMS } from '../platform-families.ts';
import { connectMode } from '../platforms/oauth-flow.ts';
import { periodBounds, periodEnd, quotaPeriod, tierLimit } from '../quota.ts';
import { listConnections } from '../storage/accounts.ts';
import { listApprovals } from '../storage/approvals.ts';
import { firingsSince } from '../storage/monitor-history.ts';
import { listMonitors } from '../storage/monitors.ts';
import { listOAuthGrants } from '../storage/oauth-grants.ts';
import { quotaUsed } from '../storage/quota.ts';
import { activityByCaller, type CallerActivity } from '../storage/usage-history.ts';
import { listDisabledEndpoints } from '../storage/webhook-endpoints.ts';
import { signedIn } from '../web/console-request.ts';
import { sendPage } from '../web/layout.ts';
import { isLimited, visibleAccounts, visibleKeys } from '../web/member-scope.ts';
import { writeToolNames } from './activity-filters.ts';
import { latestChanges, latestChangesList } from './latest-changes.ts';
import { type AgentAtWork, overviewPage, type QuotaBurn } from './overview-page.ts';

const DAY_MS = 86_400_000;
const PENDING_SHOWN = 5;
const LATEST_CHANGES = 5;

/**
 * How many days of a period go by before its pace says where it ends: a new owner's first session is a
 * burst (ten calls in half an hour) that would project hundreds and warn for nothing.
 */
export const PROJECTION_AFTER_DAYS = 7;

/** The calls the period ends with if it goes on as it went so far, once it ran long enough to tell. */
function quotaBurn(used: number, limit: number, tier: string, now: Date): QuotaBurn {
  const bounds = periodBounds(now);
  const start = bounds.start.getTime();
  const end = bounds.end.getTime();
  const elapsed = now.getTime() - start;
  const burn = { used, limit, tier, periodEnd: periodEnd(now) };
  if (elapsed < PROJECTION_AFTER_DAYS * DAY_MS) {
    return {
      ...burn,
      projectsOn: new Date(start + PROJECTION_AFTER_DAYS * DAY_MS).toISOString().slice(0, 10),
    };
  }
  const projected = Math.round((used * (end - start)) / elapsed);
  return { ...burn, projected: Math.max(used, projected) };
}

/** The console's home: what the owner's accounts spent, what agents did, and what needs the owner. */
export function registerOverviewRoutes(app: FastifyInstance, services: Services): void {
  const { config, storage, clock, tools } = services;
  const spendReports = new AccountSpendReports(services);
  const writeTools = writeToolNames(tools);

  app.get('/', async (request, reply) => {
    const session = signedIn(request);
    const userId = session.user.id;
    const now = clock.now();
    const [accounts, connections, keys, grants, pending, used, activity, changes, disabledEndpoints, stored] =
      await Promise.all([
        visibleAccounts(storage.db, session),
        listConnections(storage.db, userId),
        visibleKeys(storage.db, session),
        listOAuthGrants(storage.db, userId),
        listApprovals(storage.db, userId, { status: 'pending', limit: PENDING_SHOWN }),
        quotaUsed(storage.db, userId, quotaPeriod(now)),
        activityByCaller(storage.db, userId, new Date(now.getTime() - DAY_MS), writeTools),
        latestChanges(services, session, LATEST_CHANGES),
        listDisabledEndpoints(storage.db, userId),
        listMonitors(storage.db, userId, {}),
      ]);
    // A member limited to clients counts the monitors of their clients' accounts only, as /monitors lists.
    const monitors = stored.filter(
      (m) =>
        !isLimited(session) ||
        accounts.some((a) => a.platform === m.platform && a.account_id === m.account_id),
    );
    const firedLastDay = await firingsSince(
      storage.db,
      userId,
      new Date(now.getTime() - DAY_MS).toISOString(),
      isLimited(session) ? monitors.map((m) => m.id) : undefined,
    );
    const active = accounts.filter((account) => account.status === 'active');
    const spend = await spendReports.read(active);
    const keyNames = new Map(keys.map((key) => [key.id, key.name]));
    const appNames = new Map(grants.map((grant) => [grant.client_id, grant.client_name]));
    const agentOf = (row: CallerActivity): AgentAtWork => {
      const common = { calls: row.calls, changes: row.changes, errors: row.errors, lastAt: row.last_at };
      if (row.api_key_id)
        return { ...common, kind: 'key', name: keyNames.get(row.api_key_id) ?? row.api_key_id };
      if (row.oauth_client_id) {
        return { ...common, kind: 'app', name: appNames.get(row.oauth_client_id) ?? row.oauth_client_id };
      }
      return { ...common, kind: 'owner', name: 'you' };
    };
    const view = {
      session,
      start: {
        account: accounts.length > 0,
        key: keys.length > 0 || grants.length > 0,
        call: keys.some((key) => key.last_used_at !== null),
        apiUrl: config.publicUrl,
      },
      spend,
      // A member limited to clients sees the keys of their clients at work, not the rest of the workspace.
      agents: activity
        .filter((row) => !isLimited(session) || (row.api_key_id !== null && keyNames.has(row.api_key_id)))
        .map(agentOf),
      // A member limited to clients sees the approvals on their accounts only.
      pending: isLimited(session)
        ? pending.filter((approval) => accounts.some((a) => a.account_id === approval.account_id))
        : pending,
      unhealthy: connections.filter(
        (connection) => connection.status !== 'active' || lapsesSoon(connection, services.clock.now()),
      ),
      connected: connections.length,
      quota: quotaBurn(used, tierLimit(config, session.user.tier), session.user.tier, now),
      latestChanges: latestChangesList(changes),
      disabledEndpoints,
      monitors: {
        enabled: monitors.filter((m) => m.enabled === 1).length,
        suspended: monitors.filter((m) => m.enabled !== 1).length,
        firedLastDay,
      },
      sandboxPlatforms: PLATFORMS.filter((platform) => connectMode(services, platform) === 'sandbox'),
    };
    return sendPage(reply, 200, overviewPage(view));
  });
}
