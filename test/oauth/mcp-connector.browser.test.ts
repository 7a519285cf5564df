import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type OAuthClientProvider, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../../src/owners/add-account.ts';
import { findUserByEmail } from '../../src/storage/users.ts';
import { ALL_TOOLS } from '../../src/tools/registry.ts';
import { launchChromium, screenshot } from '../console/support/browser.ts';
import {
  ConsoleClient,
  callTool as callRest,
  PASSWORD,
  uniqueEmail,
} from '../console/support/console-client.ts';
import { callTool, textOf } from '../mcp/clients.ts';
import type { TestService } from '../support/service.ts';
import { startOAuthService } from './support/oauth-flow.ts';

const CLIENT_NAME = 'Browser MCP Connector';

/** One HTTP exchange the SDK client made, as it went over the wire. */
interface Exchange {
  method: string;
  url: string;
  status: number;
  wwwAuthenticate: string | null;
  requestBody: string | undefined;
  /** Only for refusals: a success may be an event stream that never ends. */
  responseBody: string | undefined;
}

/**
 * What a chat app's connector keeps for one MCP server: the SDK calls these methods; the test only
 * watches. `redirectToAuthorization` opens the URL in the browser, as a connector opens a window.
 */
class ConnectorProvider implements OAuthClientProvider {
  readonly redirectUrl: string;
  readonly clientMetadata: OAuthClientMetadata;
  readonly authorizationUrls: URL[] = [];
  readonly invalidated: string[] = [];
  readonly states: string[] = [];
  savedClient: OAuthClientInformationMixed | undefined;
  savedTokens: OAuthTokens | undefined;
  #verifier: string | undefined;
  #open: (url: URL) => Promise<void>;

  constructor(redirectUrl: string, open: (url: URL) => Promise<void>) {
    this.redirectUrl = redirectUrl;
    this.#open = open;
    this.clientMetadata = {
      client_name: CLIENT_NAME,
      redirect_uris: [redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'read',
    };
  }

  state(): string {
    const state = randomBytes(16).toString('base64url');
    this.states.push(state);
    return state;
  }
  clientInformation() {
    return this.savedClient;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.savedClient = information;
  }
  tokens() {
    return this.savedTokens;
  }
  saveTokens(tokens: OAuthTokens) {
    this.savedTokens = tokens;
  }
  saveCodeVerifier(verifier: string) {
    this.#verifier = verifier;
  }
  codeVerifier(): string {
    if (!this.#verifier) throw new Error('no code verifier saved');
    return this.#verifier;
  }
  async redirectToAuthorization(url: URL) {
    this.authorizationUrls.push(url);
    await this.#open(url);
  }
  invalidateCredentials(what: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    this.invalidated.push(what);
    if (what === 'all' || what === 'tokens') this.savedTokens = undefined;
    if (what === 'all' || what === 'client') this.savedClient = undefined;
    if (what === 'all' || what === 'verifier') this.#verifier = undefined;
  }
}

function bodyText(body: RequestInit['body']): string | undefined {
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  return undefined;
}

// A real browser and a full OAuth round trip on a shared two-core machine: generous limits.
describe('an MCP connector signs in with OAuth in Chromium', { timeout: 120_000 }, () => {
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let callback: Server;
  let callbackUrl: string;
  /** The query of every request that reached the connector's redirect URI. */
  const callbacks: URLSearchParams[] = [];
  const exchanges: Exchange[] = [];
  const clients: Client[] = [];

  /** The SDK's fetch, recorded: what the connector asked and what the service answered. */
  const recordingFetch: FetchLike = async (url, init) => {
    const response = await fetch(url, init);
    exchanges.push({
      method: init?.method ?? 'GET',
      url: String(url),
      status: response.status,
      wwwAuthenticate: response.headers.get('www-authenticate'),
      requestBody: bodyText(init?.body),
      responseBody: response.ok ? undefined : await response.clone().text(),
    });
    return response;
  };

  /** `METHOD /path STATUS` of each exchange, for the service's own origin (the query left out). */
  const summary = (list: Exchange[]) =>
    list.map((exchange) => {
      const url = new URL(exchange.url);
      const where = url.origin === service.url ? url.pathname : url.href;
      return `${exchange.method} ${where} ${exchange.status}`;
    });

  function transport(provider: ConnectorProvider): StreamableHTTPClientTransport {
    return new StreamableHTTPClientTransport(new URL('/mcp', service.url), {
      authProvider: provider,
      fetch: recordingFetch,
    });
  }

  function newClient(): Client {
    const client = new Client({ name: 'adops-oauth-connector-test', version: '1.0.0' });
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    service = await startOAuthService('sqlite');
    callback = createServer((request, response) => {
      // Only the redirect URI: the browser also asks this origin for its favicon.
      const url = new URL(request.url ?? '/', 'http://callback');
      if (url.pathname === '/callback') callbacks.push(url.searchParams);
      response.setHeader('content-type', 'text/html');
      response.end('<!doctype html><title>Connected</title><p>You can close this window.</p>');
    });
    await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
    callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
    browser = await launchChromium();
    page = await (await browser.newContext()).newPage();
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((client) => client.close()));
    await browser?.close();
    await new Promise<void>((resolve) => (callback ? callback.close(() => resolve()) : resolve()));
    await service?.stop();
  });

  it('answers /mcp without a token with 401 and the protected resource metadata to discover', async () => {
    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1.0.0' },
      },
    });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const anonymous = await fetch(`${service.url}/mcp`, { method: 'POST', headers, body: initialize });
    expect(anonymous.status).toBe(401);
    const challenge = anonymous.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain(
      `resource_metadata="${service.url}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect(challenge).not.toContain('invalid_token');

    const forged = await fetch(`${service.url}/mcp`, {
      method: 'POST',
      headers: { ...headers, authorization: 'Bearer not-a-token-adops-issued' },
      body: initialize,
    });
    expect(forged.status).toBe(401);
    expect(forged.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(forged.headers.get('www-authenticate')).toContain('resource_metadata="');

    // RFC 9728, 3.3: the resource is the URL the connector was given, exactly (VS Code refuses another).
    const metadata = await fetch(`${service.url}/.well-known/oauth-protected-resource/mcp`);
    expect(metadata.status).toBe(200);
    expect(await metadata.json()).toMatchObject({
      resource: `${service.url}/mcp`,
      authorization_servers: [service.url],
      scopes_supported: expect.arrayContaining(['read', 'write', 'spend']),
    });
  });

  it('registers, gets the owner’s read consent, lists only read tools, calls one, and is cut off by a revoke', async () => {
    // The owner has an account with a password; the connector's browser window is not signed in.
    const email = uniqueEmail('oauth-owner');
    await new ConsoleClient(service.url).signUp(email, PASSWORD);
    const owner = await findUserByEmail(service.services.storage.db, email);
    if (!owner) throw new Error('sign-up made no user');
    // A search account, so that a write tool gets as far as the scope check.
    await addAccount(service.services, owner, { platform: 'search' });

    const provider = new ConnectorProvider(callbackUrl, async (url) => {
      await page.goto(url.href);
    });

    // 1. The connector knows only the URL: its first request is refused, it discovers and registers.
    const first = transport(provider);
    await expect(newClient().connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(summary(exchanges)).toEqual([
      'POST /mcp 401',
      'GET /.well-known/oauth-protected-resource/mcp 200',
      'GET /.well-known/oauth-authorization-server 200',
      'POST /oauth/register 201',
    ]);
    expect(exchanges[0]?.wwwAuthenticate).toContain(
      `resource_metadata="${service.url}/.well-known/oauth-protected-resource/mcp"`,
    );
    const registration = JSON.parse(exchanges[3]?.requestBody ?? '{}');
    expect(registration).toMatchObject({ client_name: CLIENT_NAME, redirect_uris: [callbackUrl] });
    const clientId = provider.savedClient?.client_id ?? '';
    expect(clientId).not.toBe('');
    expect(provider.savedClient?.client_secret).toBeUndefined();

    // 2. The authorization request: PKCE S256, this redirect URI, this service as the resource.
    expect(provider.authorizationUrls).toHaveLength(1);
    const authorization = provider.authorizationUrls[0] as URL;
    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${service.url}/oauth/authorize`);
    const asked = authorization.searchParams;
    expect(asked.get('client_id')).toBe(clientId);
    expect(asked.get('redirect_uri')).toBe(callbackUrl);
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(asked.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(asked.get('resource')).toBe(`${service.url}/mcp`);
    expect(asked.get('scope')?.split(' ')).toContain('read');

    // 3. The browser window: the consent page sends the owner to sign in, then back.
    const login = new URL(page.url());
    expect(login.pathname).toBe('/login');
    const consentPath = login.searchParams.get('next') ?? '';
    expect(consentPath).toMatch(/^\/oauth\/consent\/[^/]+$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${service.url}${consentPath}`);
    await page.getByRole('heading', { name: `Allow ${CLIENT_NAME} to use adops?` }).waitFor();
    expect(await page.textContent('body')).toContain(new URL(callbackUrl).host);
    await screenshot(page, 'oauth-consent');

    // 4. The owner grants read only; the browser lands on the connector's redirect URI with a code.
    await page.locator('input[type="radio"][name="scope"][value="read"]').check();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${callbackUrl}?`));
    expect(callbacks).toHaveLength(1);
    const answer = new URL(page.url()).searchParams;
    expect(answer.get('error')).toBeNull();
    expect(answer.get('state')).toBe(asked.get('state'));
    expect(answer.get('state')).toBe(provider.states[0]);
    const code = answer.get('code') ?? '';
    expect(code).not.toBe('');

    // 5. The connector exchanges the code (with its PKCE verifier) for read-scoped tokens.
    const before = exchanges.length;
    await first.finishAuth(code);
    const exchange = exchanges.slice(before);
    expect(summary(exchange).at(-1)).toBe('POST /oauth/token 200');
    const tokenRequest = new URLSearchParams(exchange.at(-1)?.requestBody ?? '');
    expect(tokenRequest.get('grant_type')).toBe('authorization_code');
    expect(tokenRequest.get('code_verifier')).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
    expect(tokenRequest.get('resource')).toBe(`${service.url}/mcp`);
    const tokens = provider.savedTokens;
    expect(tokens?.token_type).toMatch(/^bearer$/i);
    expect(tokens?.access_token).toMatch(/.{20,}/);
    expect(tokens?.access_token).not.toMatch(/^sk_live_/);
    expect(tokens?.expires_in).toBeGreaterThan(0);
    expect(tokens?.expires_in).toBeLessThanOrEqual(15 * 60);
    expect(tokens?.refresh_token).toBeTruthy();
    expect(tokens?.scope?.split(' ')).toContain('read');
    expect(tokens?.scope?.split(' ')).not.toContain('write');
    expect(tokens?.scope?.split(' ')).not.toContain('spend');
    const accessToken = tokens?.access_token ?? '';

    // 6. Reconnected: only the tools the read scope may call, and one of them runs for the owner.
    const client = newClient();
    await client.connect(transport(provider));
    const listed = (await client.listTools()).tools.map((tool) => tool.name);
    // The read tools of the owner's one platform (Google Ads) and those of none.
    const readTools = ALL_TOOLS.filter(
      (tool) => tool.annotations.readOnlyHint && (tool.platform === null || tool.platform === 'search'),
    ).map((tool) => tool.name);
    expect(readTools.length).toBeLessThan(ALL_TOOLS.length);
    expect([...listed].sort()).toEqual([...readTools].sort());
    expect(listed).toEqual(expect.arrayContaining(['get_usage_status', 'list_connected_accounts']));
    expect(listed.filter((name) => /^(update|create|add|associate|validate)_/.test(name))).toEqual([]);

    const usage = await callTool(client, { name: 'get_usage_status', arguments: {} });
    expect(usage.isError).toBeFalsy();
    expect(textOf(usage)).toMatch(/tool calls used this month on the free tier/);
    expect(usage.structuredContent).toMatchObject({ quota: { tier: 'free' } });
    const requestId = String(usage._meta?.['adops/request-id'] ?? '');
    expect(requestId).not.toBe('');
    expect(await service.auditRow(requestId)).toMatchObject({
      user_id: owner.id,
      tool: 'get_usage_status',
      status: 200,
      api_key_id: null,
      oauth_client_id: clientId,
    });
    // The same token on the REST door: a read goes through, a write is refused by scope.
    expect((await callRest(service.url, accessToken, 'get_usage_status')).status).toBe(200);
    const update = ALL_TOOLS.find((tool) => tool.name === 'update_search_campaign');
    const write = await callRest(service.url, accessToken, 'update_search_campaign', update?.example ?? {});
    expect([write.status, write.body.code]).toEqual([403, 'insufficient_scope']);

    // 7. The owner revokes the app in the console, in the same browser (still signed in).
    await page.goto(`${service.url}/keys`);
    await page.getByRole('heading', { name: 'Connected apps' }).waitFor();
    expect(await page.textContent('body')).toContain(CLIENT_NAME);
    await screenshot(page, 'oauth-connected-apps');
    const revoke = page.getByRole('button', { name: `Revoke “${CLIENT_NAME}”` });
    if (!(await revoke.isVisible())) {
      await page.locator('summary', { hasText: CLIENT_NAME }).first().click();
    }
    const revoked = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && /\/keys\/apps\/[^/]+\/revoke$/.test(response.url()),
    );
    await revoke.click();
    expect((await revoked).status()).toBeLessThan(400);
    await page.waitForLoadState();
    expect(page.url()).toMatch(new RegExp(`^${service.url}/keys`));

    // 8. The next call is refused with 401; the refresh token is refused too; the SDK must ask again.
    const cutOff = exchanges.length;
    await expect(callTool(client, { name: 'get_usage_status', arguments: {} })).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    const afterRevoke = exchanges.slice(cutOff);
    expect(summary(afterRevoke)[0]).toBe('POST /mcp 401');
    expect(afterRevoke[0]?.wwwAuthenticate).toContain('error="invalid_token"');
    expect(afterRevoke[0]?.wwwAuthenticate).toContain(
      `resource_metadata="${service.url}/.well-known/oauth-protected-resource/mcp"`,
    );
    const refresh = afterRevoke.find(
      (one) => new URLSearchParams(one.requestBody ?? '').get('grant_type') === 'refresh_token',
    );
    expect(refresh?.status).toBe(400);
    expect(JSON.parse(refresh?.responseBody ?? '{}').error).toBe('invalid_grant');
    expect(summary(afterRevoke).filter((line) => /^POST \/mcp 2/.test(line))).toEqual([]);
    expect(provider.invalidated).toContain('tokens');
    // The SDK started a new authorization: the owner is asked again, nothing is granted silently.
    expect(provider.authorizationUrls).toHaveLength(2);
    await page.getByRole('heading', { name: `Allow ${CLIENT_NAME} to use adops?` }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/oauth\/consent\/[^/]+$/);
    expect(callbacks).toHaveLength(1);

    // The revoked access token is refused at both doors.
    const mcp = await fetch(`${service.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(mcp.status).toBe(401);
    expect(mcp.headers.get('www-authenticate')).toContain('resource_metadata="');
    expect((await callRest(service.url, accessToken, 'get_usage_status')).status).toBe(401);
  });
});
