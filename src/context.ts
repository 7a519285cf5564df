import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import type { KeyLimits } from './auth/key-limits.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { TokenCipher } from './crypto/token-cipher.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { OAuthServer } from './oauth/oauth-server.ts';
import type { AuditLog } from './pipeline/audit-log.ts';
import type { RateLimiter } from './ratelimit/rate-limiter.ts';
import type { Storage } from './storage/database.ts';
import type { ToolRegistry } from './tools/registry.ts';

/** Everything the doors and the pipeline share, built once at start (see services.ts). */
export interface Services {
  config: Config;
  storage: Storage;
  logger: Logger;
  clock: Clock;
  audit: AuditLog;
  /** Absent when the per-key rate limit is turned off. */
  rateLimiter: RateLimiter | undefined;
  tools: ToolRegistry;
  /** Encrypts platform tokens at rest. */
  cipher: TokenCipher;
  /** Prometheus metrics of this service, on a registry of its own. */
  metrics: Metrics;
  /** adops as its own OAuth authorization server: MCP connectors and ChatGPT Actions sign in with it. */
  oauth: OAuthServer;
  /** Facts known only once the service runs. */
  runtime: Runtime;
}

export interface Runtime {
  listeningUrl: string | undefined;
  /**
   * Reaches the service's own sandbox through a listener of its own, which stays open while a drain
   * refuses new connections, so calls in flight can finish their platform steps.
   */
  sandboxDispatcher: Dispatcher | undefined;
  /** True from the stop signal on: new calls are turned away, readiness fails. */
  draining: boolean;
}

/**
 * Who is calling: the owner of the API key or OAuth access token the door authenticated, and what the key
 * or the owner's grant to the OAuth client may do.
 */
export interface Caller {
  userId: string;
  email: string;
  tier: string;
  /** The key the call came with; null when it came with an OAuth access token. */
  apiKeyId: string | null;
  /** The OAuth client and the owner's grant to it, when the call came with an access token. */
  oauth?: { clientId: string; clientName: string; grantId: string } | undefined;
  limits: KeyLimits;
}

/** What the caller's rate-limit bucket is named after: the key, or the grant its token came from. */
export function credentialOf(caller: Caller): string {
  return caller.apiKeyId ?? `grant:${caller.oauth?.grantId}`;
}
