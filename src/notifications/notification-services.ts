import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { TokenCipher } from '../crypto/token-cipher.ts';
import type { JobEngine } from '../jobs/job-engine.ts';
import type { Storage } from '../storage/database.ts';

/** What emitting and delivering notifications takes from the running service. */
export interface NotificationServices {
  config: Config;
  storage: Storage;
  logger: Logger;
  /** Every time of an event and a delivery (attempts, backoff, disabling) follows it. */
  clock: Clock;
  /** Encrypts the endpoints' signing secrets at rest; they are read back to sign. */
  cipher: TokenCipher;
  /** Deliveries are jobs of the queue `webhooks.deliver`. */
  jobs: JobEngine;
}
