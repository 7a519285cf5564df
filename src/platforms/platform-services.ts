import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { TokenCipher } from '../crypto/token-cipher.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { Storage } from '../storage/database.ts';
import type { Connection } from '../storage/schema.ts';
import type { PlatformThrottles } from './throttles.ts';

/** What the platform clients take from the running service: no more, so they stand below the tools. */
export interface PlatformServices {
  config: Config;
  storage: Storage;
  logger: Logger;
  clock: Clock;
  /** Encrypts platform tokens at rest. */
  cipher: TokenCipher;
  metrics: Metrics;
  /** Which accounts a platform is rate-limiting, so their next calls fail fast. */
  throttles: PlatformThrottles;
  runtime: PlatformRuntime;
  /**
   * Told once when a platform refuses a connection's tokens for good and it is marked expired (the
   * owner must reconnect): the root wires the owner's `connection.failing` notification. Never throws.
   */
  onConnectionFailing(connection: Connection, reason: string, since: Date): Promise<void>;
}

/** Facts known only once the service runs. */
export interface PlatformRuntime {
  listeningUrl: string | undefined;
  /**
   * Reaches the service's own sandbox through a listener of its own, which stays open while a drain
   * refuses new connections, so calls in flight can finish their platform steps.
   */
  sandboxDispatcher: Dispatcher | undefined;
}
