import { createHash, randomBytes } from 'node:crypto';
import type { Scope } from '../../../src/key-limits.ts';
import {
  type ConsoleClient,
  type ConsoleResponse,
  hiddenFieldsOf,
} from '../../console/support/console-client.ts';

/**
 * The OAuth authorization code flow over plain HTTP, as a connector or a ChatGPT Action runs it, with
 * the owner's side (sign in, consent) played by a browser-less console visitor. Every step follows no
 * redirects by itself: each hop is taken here, with the provider's cookies and the console session
 * kept in one jar. Free of vitest, so the benches get their tokens this way too: a step that goes wrong
 * throws.
 */

/** A client redirect URI nothing listens on: the flow stops at the redirect, it never loads it. */
export const LOOPBACK_REDIRECT = 'http://127.0.0.1:8976/callback';

export interface OAuthClient {
  clientId: string;
  /** Set for a confidential client; its token requests authenticate with it. */
  clientSecret?: string;
  redirectUri: string;
  /** How a confidential client sends its secret to the token endpoint. */
  authMethod?: 'client_secret_post' | 'client_secret_basic';
}

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function newPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: Record<string, any>;
}

export async function jsonOf(response: Response): Promise<JsonAnswer> {
  const text = await response.text();
  let body: Record<string, any>;
  try {
    body = JSON.parse(text) as Record<string, any>;
  } catch {
    body = { text };
  }
  return { status: response.status, headers: response.headers, body };
}

/** Dynamic client registration (RFC 7591), a public client by default, as MCP clients register. */
export async function registerClient(baseUrl: string, metadata: Record<string, unknown> = {}) {
  const response = await fetch(`${baseUrl}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Test connector',
      redirect_uris: [LOOPBACK_REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...metadata,
    }),
  });
  return jsonOf(response);
}

/** A registered public client (the registration must succeed). */
export async function publicClient(baseUrl: string, redirectUri = LOOPBACK_REDIRECT): Promise<OAuthClient> {
  const answer = await registerClient(baseUrl, { redirect_uris: [redirectUri] });
  if (answer.status !== 201) {
    throw new Error(`registration answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return { clientId: answer.body.client_id, redirectUri };
}

/** What the owner chooses on the consent page. */
export interface Consent {
  scope?: Scope;
  /** `platform:account_id` values. */
  accounts?: string[];
  maxDailyBudget?: string;
  /** The largest raise without approval, in percent, as typed. */
  maxRaisePercent?: string;
  /** `spend` ticks "Every spend change needs my approval"; another value is sent as a forged form would. */
  approval?: string;
  decision?: 'allow' | 'deny';
}

export interface AuthorizeOptions {
  /** Defaults to `write offline_access`. */
  scope?: string;
  /** A PKCE pair (S256) to send; `false` for none (a confidential client may skip it). */
  pkce?: Pkce | false;
  state?: string;
  /** Extra or overriding query parameters (`resource`, `redirect_uri`, `code_challenge_method`...). */
  params?: Record<string, string>;
  consent?: Consent;
}

export interface AuthorizeResult {
  /** The redirect to the client, with `code` or `error` in its query. */
  redirect: URL;
  code: string | null;
  error: string | null;
  /** The consent page as the owner saw it, when one was shown. */
  consentPage: string | null;
}

const CONSENT_PATH = /^\/oauth\/consent\/[^/?]+$/;

/** The widest of read/write/spend in a scope string: what the owner grants unless the test says otherwise. */
function requestedLevel(scope: string): Scope {
  const words = scope.split(' ');
  return (['spend', 'write', 'read'] as const).find((level) => words.includes(level)) ?? 'read';
}

/**
 * GET /oauth/authorize and every hop after it (the interaction, the consent form, the resume) until the
 * provider redirects to the client. Throws when the flow stops anywhere else.
 */
export async function authorize(
  owner: ConsoleClient,
  client: OAuthClient,
  options: AuthorizeOptions = {},
): Promise<AuthorizeResult> {
  const scope = options.scope ?? 'write offline_access';
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    scope,
    state: options.state ?? randomBytes(8).toString('hex'),
    ...(options.pkce && { code_challenge: options.pkce.challenge, code_challenge_method: 'S256' }),
    ...options.params,
  });
  const redirectUri = query.get('redirect_uri') ?? client.redirectUri;
  let path = `/oauth/authorize?${query}`;
  let answer = await owner.get(path);
  let consentPage: string | null = null;
  for (let hop = 0; hop < 12; hop++) {
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      const target = new URL(answer.location, owner.baseUrl);
      if (`${target.origin}${target.pathname}` === redirectUri) {
        return {
          redirect: target,
          code: target.searchParams.get('code'),
          error: target.searchParams.get('error'),
          consentPage,
        };
      }
      if (target.origin !== new URL(owner.baseUrl).origin) {
        throw new Error(`the flow left for ${target.href}`);
      }
      path = `${target.pathname}${target.search}`;
      answer = await owner.get(path);
      continue;
    }
    if (answer.status === 200 && CONSENT_PATH.test(path) && consentPage === null) {
      consentPage = answer.text;
      answer = await submitConsent(owner, path, answer, options.consent ?? {}, requestedLevel(scope));
      continue;
    }
    break;
  }
  throw new Error(`the flow stopped at ${path}: ${answer.status} ${answer.text.slice(0, 1000)}`);
}

function submitConsent(
  owner: ConsoleClient,
  path: string,
  page: ConsoleResponse,
  consent: Consent,
  requested: Scope,
): Promise<ConsoleResponse> {
  const fields: Record<string, string | string[]> = {
    scope: consent.scope ?? requested,
    decision: consent.decision ?? 'allow',
  };
  if (consent.accounts) fields.account = consent.accounts;
  if (consent.maxDailyBudget) fields.max_daily_budget = consent.maxDailyBudget;
  if (consent.maxRaisePercent) fields.max_raise_percent = consent.maxRaisePercent;
  if (consent.approval) fields.approval = consent.approval;
  return owner.post(path, { ...hiddenFieldsOf(page.text, path), ...fields });
}

/** A request to the token endpoint, the client authenticating as it registered. */
export async function tokenRequest(
  baseUrl: string,
  client: OAuthClient,
  params: Record<string, string>,
): Promise<JsonAnswer> {
  const body = new URLSearchParams(params);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (client.clientSecret !== undefined && client.authMethod === 'client_secret_basic') {
    const user = encodeURIComponent(client.clientId);
    const secret = encodeURIComponent(client.clientSecret);
    headers.authorization = `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;
  } else {
    body.set('client_id', client.clientId);
    if (client.clientSecret !== undefined) body.set('client_secret', client.clientSecret);
  }
  return jsonOf(await fetch(`${baseUrl}/oauth/token`, { method: 'POST', headers, body: body.toString() }));
}

export function exchangeCode(
  baseUrl: string,
  client: OAuthClient,
  code: string,
  verifier?: string,
  extra: Record<string, string> = {},
): Promise<JsonAnswer> {
  return tokenRequest(baseUrl, client, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: client.redirectUri,
    ...(verifier !== undefined && { code_verifier: verifier }),
    ...extra,
  });
}

export interface Tokens {
  access_token: string;
  refresh_token?: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

/** The whole flow: authorize (PKCE unless the client is confidential and `pkce: false`), consent, exchange. */
export async function obtainTokens(
  baseUrl: string,
  owner: ConsoleClient,
  client: OAuthClient,
  options: AuthorizeOptions = {},
): Promise<Tokens> {
  const pkce = options.pkce === undefined ? newPkce() : options.pkce;
  const authorized = await authorize(owner, client, { ...options, pkce });
  if (!authorized.code) throw new Error(`no code: ${authorized.redirect.href}`);
  const exchanged = await exchangeCode(baseUrl, client, authorized.code, pkce ? pkce.verifier : undefined);
  if (exchanged.status !== 200) {
    throw new Error(`the code exchange answered ${exchanged.status}: ${JSON.stringify(exchanged.body)}`);
  }
  return exchanged.body as Tokens;
}
