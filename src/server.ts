import type { FastifyInstance } from 'fastify';
import type { Services } from './context.ts';
import { buildApp } from './http/app.ts';
import { closeServices } from './services.ts';
import { deleteExpired } from './storage/idempotency.ts';

const MAINTENANCE_INTERVAL_MS = 10 * 60_000;

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/** Removes idempotency records past their retention, now and every ten minutes. */
function startMaintenance(services: Services): NodeJS.Timeout {
  const sweep = async () => {
    try {
      const removed = await deleteExpired(services.storage.db, services.clock.now());
      if (removed > 0) services.logger.info({ removed }, 'expired idempotency records removed');
    } catch (error) {
      services.logger.error({ err: error }, 'idempotency cleanup failed');
    }
  };
  void sweep();
  const timer = setInterval(sweep, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return timer;
}

/** Listens on host:port (port 0 picks a free one); `close` drains requests, then flushes and disconnects. */
export async function startServer(services: Services, host: string, port: number): Promise<RunningServer> {
  const app = buildApp(services);
  await app.listen({ host, port });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;
  services.runtime.listeningUrl = url;
  const timer = startMaintenance(services);
  let closing: Promise<void> | undefined;
  return {
    app,
    url,
    close: () => {
      closing ??= (async () => {
        clearInterval(timer);
        await app.close();
        await closeServices(services);
      })();
      return closing;
    },
  };
}
