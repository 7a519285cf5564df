import { expect } from 'vitest';
import { ConsoleClient, PASSWORD, uniqueEmail } from '../../console/support/console-client.ts';
import { TestService } from '../../support/service.ts';
import { type JsonAnswer, type OAuthClient, tokenRequest } from './authorization-code.ts';

/** The flow's steps live in authorization-code.ts, which the benches share; the tests find them here too. */
export {
  type AuthorizeOptions,
  type AuthorizeResult,
  authorize,
  type Consent,
  exchangeCode,
  type JsonAnswer,
  LOOPBACK_REDIRECT,
  newPkce,
  type OAuthClient,
  obtainTokens,
  type Pkce,
  publicClient,
  registerClient,
  type Tokens,
  tokenRequest,
} from './authorization-code.ts';

/**
 * A test service whose issuer and resource are its own URL, known only once it listens (the metadata,
 * the consent links and the tokens' audience all name it).
 */
export async function startOAuthService(
  ...options: Parameters<typeof TestService.start>
): Promise<TestService> {
  const service = await TestService.start(...options);
  service.services.config.appUrl = service.url;
  service.services.config.publicUrl = service.url;
  return service;
}

/** Where a ChatGPT Action receives the code. */
export const CHATGPT_REDIRECT = 'https://chatgpt.com/aip/g-test/oauth/callback';

/** A new owner signed in to the console (its session cookie is in the visitor's jar). */
export async function signedInOwner(baseUrl: string): Promise<{ owner: ConsoleClient; email: string }> {
  const owner = new ConsoleClient(baseUrl);
  const email = uniqueEmail('oauth');
  await owner.signUp(email, PASSWORD);
  return { owner, email };
}

/** The value (or text) of the element with the given id on a page. */
function elementValue(html: string, id: string): string {
  const tag = new RegExp(`<[a-z]+[^>]*\\bid="${id}"[^>]*>([^<]*)`).exec(html);
  if (!tag) throw new Error(`the page has no #${id}`);
  const value = /\bvalue="([^"]*)"/.exec(tag[0])?.[1];
  return (value ?? tag[1] ?? '').trim();
}

/** A confidential client made in the console's "OAuth clients" section, the way a ChatGPT Action gets one. */
export async function consoleClient(
  owner: ConsoleClient,
  name: string,
  redirectUri: string,
  authMethod: OAuthClient['authMethod'] = 'client_secret_post',
): Promise<OAuthClient> {
  const created = await owner.follow(
    owner.submit('/keys', '/keys/oauth-clients', { name, redirect_uri: redirectUri }),
  );
  expect(created.status, created.text.slice(0, 2000)).toBe(200);
  return {
    clientId: elementValue(created.text, 'new-client-id'),
    clientSecret: elementValue(created.text, 'new-client-secret'),
    redirectUri,
    authMethod,
  };
}

export function refresh(baseUrl: string, client: OAuthClient, refreshToken: string): Promise<JsonAnswer> {
  return tokenRequest(baseUrl, client, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

/** Token revocation (RFC 7009). */
export async function revokeToken(baseUrl: string, client: OAuthClient, token: string) {
  const body = new URLSearchParams({ token, client_id: client.clientId });
  if (client.clientSecret !== undefined) body.set('client_secret', client.clientSecret);
  const response = await fetch(`${baseUrl}/oauth/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
  return { status: response.status, text: await response.text() };
}
