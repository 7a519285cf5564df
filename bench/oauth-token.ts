import { ConsoleClient, PASSWORD, uniqueEmail } from '../test/console/support/console-client.ts';
import { authorize, exchangeCode, newPkce, publicClient } from '../test/oauth/support/authorization-code.ts';

/**
 * An access token from a running `adops serve`, got the way a connector gets one: a new owner (`email`,
 * a fresh address unless given) signs up in the console, a public client registers itself, and the
 * owner allows it on the consent page (scope write, every account) in the authorization code flow with
 * PKCE; the code is exchanged at /oauth/token. Both requests name the service's resource, so the token's
 * audience is the service: `baseUrl` must be the URL the service knows itself by (ADOPS_APP_URL).
 */
export async function obtainAccessToken(baseUrl: string, email = uniqueEmail('bench')): Promise<string> {
  const owner = new ConsoleClient(baseUrl);
  await owner.signUp(email, PASSWORD);
  const client = await publicClient(baseUrl);
  const pkce = newPkce();
  const resource = `${baseUrl}/`;
  const authorized = await authorize(owner, client, { pkce, params: { resource } });
  if (!authorized.code) throw new Error(`the consent gave no code: ${authorized.redirect.href}`);
  const exchanged = await exchangeCode(baseUrl, client, authorized.code, pkce.verifier, { resource });
  if (exchanged.status !== 200 || typeof exchanged.body.access_token !== 'string') {
    throw new Error(`the code exchange answered ${exchanged.status}: ${JSON.stringify(exchanged.body)}`);
  }
  return exchanged.body.access_token;
}
