import type Provider from 'oidc-provider';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Storage } from '../storage/database.ts';

/** The authorization server that issues the access tokens the API accepts (src/oauth builds it). */
export interface TokenIssuer {
  provider(): Provider;
}

/** What authenticating a caller takes from the running service. */
export interface AuthServices {
  config: Config;
  storage: Storage;
  clock: Clock;
  oauth: TokenIssuer;
}
