import { fetch } from 'undici';
import { createGuardedAgent, systemResolver } from '../assets/guarded-agent.ts';
import type { OAuthServices } from './oauth-services.ts';

/**
 * The fetch the authorization server makes its outbound requests with (client ID metadata documents):
 * the media fetcher's guard, so a client id naming an internal address is refused at connect time, DNS
 * rebinding included. `ADOPS_FETCH_ALLOW_HOSTS` and `ADOPS_FETCH_CA_FILE` apply here too.
 */
export function guardedFetch(services: OAuthServices) {
  const { mediaFetch } = services.config;
  const agent = createGuardedAgent({
    allowHosts: mediaFetch.allowHosts,
    resolve: systemResolver,
    extraCaPem: mediaFetch.extraCaPem,
    connectTimeoutMs: mediaFetch.timeoutMs,
  });
  // oidc-provider passes a dispatcher of its own; ours replaces it, as it checks more.
  return (url: string | URL | Request, options?: RequestInit) =>
    fetch(url as string | URL, { ...(options as object), dispatcher: agent }) as unknown as Promise<Response>;
}
