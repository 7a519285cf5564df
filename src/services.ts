import pino, { type Logger } from 'pino';
import { defineBackgroundJobs } from './app/background-jobs.ts';
import { CredentialCache } from './auth/credential-cache.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import type { Services } from './context.ts';
import { loadTokenCipher } from './crypto/key-ring.ts';
import { createJobEngine } from './jobs/create-job-engine.ts';
import { Metrics } from './metrics/metrics.ts';
import { connectionFailing } from './notifications/connection-failing.ts';
import { OAuthServer } from './oauth/oauth-server.ts';
import { AuditLog } from './pipeline/audit-log.ts';
import { PlatformThrottles } from './platforms/throttles.ts';
import { MemoryRateLimiter } from './ratelimit/memory-rate-limiter.ts';
import type { RateLimiter } from './ratelimit/rate-limiter.ts';
import { RedisRateLimiter } from './ratelimit/redis-rate-limiter.ts';
import { openStorage } from './storage/database.ts';
import { createRegistry } from './tools/registry.ts';
import type { Tool } from './tools/tool.ts';

/** Log fields that could hold a secret; pino replaces them before anything is written. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'headers.authorization',
  'authorization',
  'key',
  'apiKey',
  'api_key',
];

/**
 * JSON lines on stdout (or the given stream). Writes are buffered and flushed in the background, as a
 * synchronous write per request costs more than the request; `closeServices` flushes what is left.
 */
export function createLogger(config: Config, destination?: pino.DestinationStream): Logger {
  const options = { level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}

function createRateLimiter(config: Config): RateLimiter | undefined {
  const { perSecond, burst } = config.rateLimit;
  if (perSecond === 0 || burst === 0) return undefined;
  return config.redisUrl
    ? new RedisRateLimiter(config.redisUrl, perSecond, burst)
    : new MemoryRateLimiter(perSecond, burst);
}

export interface ServiceOptions {
  clock?: Clock;
  logger?: Logger;
  tools?: readonly Tool[];
}

export function createServices(config: Config, options: ServiceOptions = {}): Services {
  const logger = options.logger ?? createLogger(config);
  const storage = openStorage(config.databaseUrl, logger);
  const tools = createRegistry(options.tools);
  const clock = options.clock ?? systemClock;
  const shared = {
    config,
    storage,
    logger,
    clock,
    cipher: loadTokenCipher(config, logger),
    metrics: new Metrics({ tools: tools.keys(), poolState: storage.poolState }),
  };
  const services: Services = {
    ...shared,
    audit: new AuditLog(storage, logger),
    credentials: new CredentialCache(storage, logger, config.credentialCacheMs),
    rateLimiter: createRateLimiter(config),
    tools,
    throttles: new PlatformThrottles(clock),
    oauth: new OAuthServer(shared),
    jobs: createJobEngine(config, storage, clock, logger),
    runtime: { listeningUrl: undefined, sandboxDispatcher: undefined, draining: false },
    // The platform clients stand below the notifications: they report a failing connection through this.
    onConnectionFailing: (connection, reason, since) =>
      connectionFailing(services, connection, reason, since),
  };
  // Defined here, not where the engine starts, so that a service that never listens can still queue.
  defineBackgroundJobs(services);
  return services;
}

/** Stops the job engine (a no-op unless it ran), flushes the audit rows, then closes the connections. */
export async function closeServices(services: Services): Promise<void> {
  await services.jobs.close();
  // A stop does not wait long for a database that is away: what cannot be written by then is logged.
  await services.audit.flush({ within: 5000 });
  await services.rateLimiter?.close();
  await services.credentials.close();
  await services.storage.close();
  await new Promise<void>((resolve) => services.logger.flush(() => resolve()));
}
