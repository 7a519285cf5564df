import type { FastifyInstance } from 'fastify';
import { buildApp } from './app/build-app.ts';
import { openSandboxLoopback, type SandboxLoopback } from './app/sandbox-loopback.ts';
import type { Services } from './context.ts';
import { closeServices } from './services.ts';
import { deleteExpired } from './storage/idempotency.ts';
import { deleteExpiredOAuthRecords } from './storage/oauth-records.ts';
import { reclaimExpiredHolds } from './storage/quota.ts';

const MAINTENANCE_INTERVAL_MS = 60_000;
/** How often a drain closes connections that fell idle after their last answer. */
const IDLE_SWEEP_MS = 250;

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/**
 * Now and every minute: removes idempotency records past their retention and OAuth records past their
 * lifetime (clients that registered themselves and no owner approved within a day among them), and
 * gives back the quota units of calls whose instance died (a reservation refused for want of units also
 * does this for its owner).
 */
function startMaintenance(services: Services): NodeJS.Timeout {
  const sweep = async () => {
    const now = services.clock.now();
    try {
      const removed = await deleteExpired(services.storage.db, now);
      if (removed > 0) services.logger.info({ removed }, 'expired idempotency records removed');
      const reclaimed = await reclaimExpiredHolds(services.storage.db, now.toISOString());
      if (reclaimed > 0) services.logger.info({ reclaimed }, 'quota units of crashed calls given back');
      await deleteExpiredOAuthRecords(services.storage.db, now);
    } catch (error) {
      services.logger.error({ err: error }, 'maintenance sweep failed');
    }
  };
  void sweep();
  const timer = setInterval(sweep, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return timer;
}

/**
 * Stops taking work and finishes what runs: the listener closes (new connections are refused), idle
 * connections close at once, requests arriving on open ones get the 503 envelope, calls in flight run to
 * their end or to the grace period, whose end closes what is left. Then the audit rows and logs are
 * flushed and the pools closed.
 */
async function drain(
  services: Services,
  app: FastifyInstance,
  loopback: SandboxLoopback | undefined,
): Promise<void> {
  const started = performance.now();
  const graceMs = services.config.shutdownGraceMs;
  services.runtime.draining = true;
  services.logger.info({ grace_ms: graceMs }, 'draining: no new connections, calls in flight finish');
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  const grace = setTimeout(() => {
    services.logger.warn(
      { grace_ms: graceMs },
      'grace period over: closing the connections of calls still running',
    );
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(grace);
  }
  await loopback?.close();
  services.logger.info({ drain_ms: Math.round(performance.now() - started) }, 'drained');
  await closeServices(services);
}

/** Listens on host:port (port 0 picks a free one); `close` drains (see `drain`), then disconnects. */
export async function startServer(services: Services, host: string, port: number): Promise<RunningServer> {
  const app = buildApp(services);
  await app.listen({ host, port });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;
  services.runtime.listeningUrl = url;
  // An external sandbox (ADOPS_SANDBOX_URL) drains on its own; the service's own needs the loopback.
  const loopback =
    services.config.platforms.sandboxUrl === undefined ? await openSandboxLoopback(app, url) : undefined;
  services.runtime.sandboxDispatcher = loopback?.dispatcher;
  const timer = startMaintenance(services);
  let closing: Promise<void> | undefined;
  return {
    app,
    url,
    close: () => {
      clearInterval(timer);
      closing ??= drain(services, app, loopback);
      return closing;
    },
  };
}
