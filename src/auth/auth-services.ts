import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Storage } from '../storage/database.ts';
import type { AuthorizationServer } from './authorization-server.ts';
import type { CredentialCache } from './credential-cache.ts';

/** What authenticating a caller takes from the running service. */
export interface AuthServices {
  config: Config;
  storage: Storage;
  clock: Clock;
  /** Where the access tokens it accepts were issued. */
  oauth: Pick<AuthorizationServer, 'provider'>;
  /** The credentials of recent calls, emptied by every change to them. */
  credentials: CredentialCache;
}
