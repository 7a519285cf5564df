import type { FastifyInstance } from 'fastify';
import { buildApp } from './app/build-app.ts';
import { openSandboxLoopback, type SandboxLoopback } from './app/sandbox-loopback.ts';
import type { Services } from './context.ts';
import { closeServices } from './services.ts';

/** How often a drain closes connections that fell idle after their last answer. */
const IDLE_SWEEP_MS = 250;

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/**
 * Stops taking work and finishes what runs: the listener closes (new connections are refused), idle
 * connections close at once, requests arriving on open ones get the 503 envelope, calls in flight run to
 * their end or to the grace period, whose end closes what is left; at the same time the job engine takes
 * no new job and waits for its active ones within the grace period (one still running then is retried
 * elsewhere or at the next start). Then the audit rows and logs are flushed and the pools closed.
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
  // Jobs may call the service's own sandbox, whose loopback stays open until both have ended.
  const jobs = services.jobs.stop();
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(grace);
    await jobs;
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
  // The every-minute maintenance sweep (src/app/background-jobs.ts) among the jobs: its first runs now.
  await services.jobs.start();
  let closing: Promise<void> | undefined;
  return {
    app,
    url,
    close: () => {
      closing ??= drain(services, app, loopback);
      return closing;
    },
  };
}
