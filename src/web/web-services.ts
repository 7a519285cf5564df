import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { TokenCipher } from '../crypto/token-cipher.ts';
import type { Storage } from '../storage/database.ts';

/** What the pages' toolkit takes from the service: the console session lives in storage. */
export interface WebServices {
  config: Config;
  storage: Storage;
  clock: Clock;
  /** Seals what a form did until the page it redirects to shows it (flash.ts). */
  cipher: TokenCipher;
}
