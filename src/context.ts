import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { TokenCipher } from './crypto/token-cipher.ts';
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
  /** Facts known only once the service runs. */
  runtime: { listeningUrl: string | undefined };
}

/** Who is calling: the owner of the API key the door authenticated. */
export interface Caller {
  userId: string;
  email: string;
  tier: string;
  apiKeyId: string;
}
