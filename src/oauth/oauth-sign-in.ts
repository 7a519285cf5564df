import type { Services } from '../context.ts';
import { parseCookies } from '../web/cookies.ts';
import { OAuthAdapter } from './oauth-adapter.ts';
import { OAUTH_SESSION_COOKIE } from './oauth-server.ts';

/**
 * Ends the authorization server's memory of who signed in on this browser. Called when an owner signs in
 * to or out of the console: otherwise the next owner on a shared browser would connect an app as the one
 * before, without a consent page (the provider would reuse its session and that owner's approval).
 */
export async function forgetOAuthSignIn(services: Services, cookieHeader: string | undefined): Promise<void> {
  const sessionId = parseCookies(cookieHeader).get(OAUTH_SESSION_COOKIE);
  if (sessionId) await new OAuthAdapter('Session', services).destroy(sessionId);
}
