import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { TokenCipher } from '../crypto/token-cipher.ts';
import type { JobServices } from '../jobs/job-services.ts';
import type { Storage } from '../storage/database.ts';

/** What emitting and delivering notifications takes from the running service; deliveries are jobs. */
export interface NotificationServices extends JobServices {
  config: Config;
  storage: Storage;
  logger: Logger;
  /** Every time of an event and a delivery (attempts, backoff, disabling) follows it. */
  clock: Clock;
  /** Encrypts the endpoints' signing secrets at rest; they are read back to sign. */
  cipher: TokenCipher;
}
