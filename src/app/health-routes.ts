import type { FastifyInstance } from 'fastify';
import type { Services } from '../context.ts';
import { AppError } from '../errors.ts';
import { PLATFORMS } from '../platform-families.ts';
import { versionNotice } from '../platforms/api-versions.ts';
import { checkConnection } from '../storage/database.ts';
import { sameToken } from '../web/tokens.ts';

/** The operators' endpoints: no API key, no audit row, and still answered while the service drains. */
export const OPERATOR_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

/** A readiness check slower than this counts as failed: a probe must not hang on a stuck dependency. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

type CheckResult = 'ok' | 'failed' | 'timeout' | 'draining';

async function probe(check: () => Promise<void>): Promise<{ result: CheckResult; error?: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<{ result: CheckResult }>((resolve) => {
    timer = setTimeout(() => resolve({ result: 'timeout' }), READY_CHECK_TIMEOUT_MS);
  });
  const answered = check().then(
    () => ({ result: 'ok' as const }),
    (error: unknown) => ({ result: 'failed' as const, error }),
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** `Authorization: Bearer <token>` carrying exactly the configured token. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] !== undefined && sameToken(match[1], token);
}

/**
 * `GET /healthz` (the process serves), `GET /readyz` (it can do work: database, Redis when the rate limit
 * uses it, not draining) and `GET /metrics` (Prometheus text; off or behind a token by configuration).
 */
export function registerHealthRoutes(app: FastifyInstance, services: Services): void {
  const failing = new Set<string>();
  // A check is logged when it starts failing and when it recovers, not on every probe.
  const run = async (name: string, check: () => Promise<void>): Promise<CheckResult> => {
    const { result, error } = await probe(check);
    if (result === 'ok' && failing.delete(name)) services.logger.info({ check: name }, 'readiness recovered');
    if (result !== 'ok' && !failing.has(name)) {
      failing.add(name);
      services.logger.warn({ check: name, result, err: error }, 'readiness check failing');
    }
    return result;
  };

  app.get('/healthz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { alive: true };
  });

  app.get('/readyz', async (_request, reply) => {
    const { config, rateLimiter, storage } = services;
    const [database, redis] = await Promise.all([
      run('database', () => checkConnection(storage)),
      // Redis holds the shared rate limit; without a limit nothing uses it.
      config.redisUrl && rateLimiter ? run('redis', () => rateLimiter.ping()) : undefined,
    ]);
    const checks: Record<string, CheckResult> = {
      database,
      ...(redis && { redis }),
      serving: services.runtime.draining ? 'draining' : 'ok',
    };
    const failed = Object.keys(checks).filter((name) => checks[name] !== 'ok');
    // A version near or past its sunset fails live calls of one platform, not the instance: said, not failed.
    const warnings = PLATFORMS.flatMap((platform) => {
      const version = config.platforms.settings[platform].apiVersion;
      const notice = versionNotice(platform, version, services.clock.now());
      return notice ? [{ platform, api_version: version, level: notice.level, message: notice.message }] : [];
    });
    reply.header('Cache-Control', 'no-store').status(failed.length === 0 ? 200 : 503);
    return {
      ready: failed.length === 0,
      ...(failed.length > 0 && { failed }),
      checks,
      ...(warnings.length > 0 && { warnings }),
    };
  });

  const { enabled, token } = services.config.metrics;
  if (!enabled) return;
  app.get('/metrics', async (request, reply) => {
    if (token && !bearerMatches(request.headers.authorization, token)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new AppError(
        'unauthenticated',
        'The metrics need the token set in ADOPS_METRICS_TOKEN, sent as Authorization: Bearer <token>.',
      );
    }
    reply.header('Content-Type', services.metrics.contentType).header('Cache-Control', 'no-store');
    return services.metrics.text();
  });
}
