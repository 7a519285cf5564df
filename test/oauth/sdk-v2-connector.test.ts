import type { ServerResponse } from 'node:http';
import {
  Client,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImageServer, startImageServer } from '../assets/support/image-server.ts';
import { createTestCertificate, type TestCertificate } from '../assets/support/test-certificate.ts';
import { CURRENT_PROTOCOL } from '../mcp/clients.ts';
import type { TestService } from '../support/service.ts';
import { authorize, signedInOwner, startOAuthService } from './support/oauth-flow.ts';

const REDIRECT_URI = 'http://127.0.0.1:5556/callback';
const CLIENT_NAME = 'SDK v2 connector';

/** What a connector keeps for the service; it names itself by its metadata document rather than registering. */
class DocumentNamedConnector implements OAuthClientProvider {
  readonly clientMetadataUrl: string;
  readonly authorizationUrls: URL[] = [];
  saved: Record<string, unknown> = {};

  constructor(clientMetadataUrl: string) {
    this.clientMetadataUrl = clientMetadataUrl;
  }
  get redirectUrl() {
    return REDIRECT_URI;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: CLIENT_NAME,
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.saved.client as never;
  }
  saveClientInformation(client: unknown) {
    this.saved.client = client;
  }
  tokens() {
    return this.saved.tokens as never;
  }
  saveTokens(tokens: unknown) {
    this.saved.tokens = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrls.push(url);
  }
  saveCodeVerifier(verifier: string) {
    this.saved.verifier = verifier;
  }
  codeVerifier() {
    return String(this.saved.verifier);
  }
}

// The OAuth of the current MCP specification through the SDK v2 client's own auth(): the client is named by
// its Client ID Metadata Document (SEP-991; no dynamic registration), and the SDK checks the `iss` of the
// authorization response against the issuer of the metadata (RFC 9207), which oidc-provider sends.
describe('an SDK v2 connector signs in by its client ID metadata document', { timeout: 60_000 }, () => {
  let certificate: TestCertificate;
  let documents: ImageServer;
  let service: TestService;
  let registrations = 0;

  beforeAll(async () => {
    certificate = createTestCertificate();
    documents = await startImageServer(certificate, {
      '/connector.json': (_request: unknown, response: ServerResponse) =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            client_id: documents.url('/connector.json'),
            client_name: CLIENT_NAME,
            redirect_uris: [REDIRECT_URI],
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
            token_endpoint_auth_method: 'none',
          }),
        ),
    });
    service = await startOAuthService('sqlite', {
      env: { ADOPS_FETCH_ALLOW_HOSTS: 'localhost', ADOPS_FETCH_CA_FILE: certificate.certPath },
    });
  });
  afterAll(async () => {
    await service?.stop();
    await documents?.close();
    certificate?.remove();
  });

  function connector(provider: OAuthClientProvider) {
    const client = new Client(
      { name: CLIENT_NAME, version: '1.0.0' },
      { versionNegotiation: { mode: { pin: CURRENT_PROTOCOL } } },
    );
    const transport = new StreamableHTTPClientTransport(new URL('/mcp', service.url), {
      authProvider: provider,
      fetch: async (url, init) => {
        if (String(url).endsWith('/oauth/register')) registrations += 1;
        return fetch(url, init);
      },
    });
    return { client, transport };
  }

  /** The SDK's authorization URL followed as the owner, consenting: the callback's query. */
  async function consented(owner: Awaited<ReturnType<typeof signedInOwner>>['owner'], url: URL) {
    const params = Object.fromEntries(url.searchParams);
    const authorized = await authorize(
      owner,
      { clientId: params.client_id ?? '', redirectUri: REDIRECT_URI },
      { scope: params.scope ?? '', pkce: false, params },
    );
    return authorized.redirect.searchParams;
  }

  it('signs in with no registration, the iss checked, and calls a tool on 2026-07-28', async () => {
    const { owner } = await signedInOwner(service.url);
    const provider = new DocumentNamedConnector(documents.url('/connector.json'));
    const first = connector(provider);
    await expect(first.client.connect(first.transport)).rejects.toBeInstanceOf(UnauthorizedError);
    const [url] = provider.authorizationUrls;
    expect(url?.searchParams.get('client_id')).toBe(documents.url('/connector.json'));
    expect(url?.searchParams.get('code_challenge_method')).toBe('S256');

    const callback = await consented(owner, url as URL);
    expect(callback.get('iss')).toBe(service.url);
    await first.transport.finishAuth(callback);
    expect(registrations).toBe(0);
    expect(documents.hits('/connector.json')).toBeGreaterThanOrEqual(1);

    const second = connector(provider);
    await second.client.connect(second.transport);
    try {
      expect(second.client.getNegotiatedProtocolVersion()).toBe(CURRENT_PROTOCOL);
      const usage = await second.client.callTool({ name: 'get_usage_status', arguments: {} });
      expect(usage.isError).toBeFalsy();
      expect(usage.structuredContent).toMatchObject({ quota: { tier: 'free' } });
    } finally {
      await second.client.close();
    }
  });

  it('refuses a callback whose iss names another server, before any code is exchanged', async () => {
    const { owner } = await signedInOwner(service.url);
    const provider = new DocumentNamedConnector(documents.url('/connector.json'));
    const first = connector(provider);
    await expect(first.client.connect(first.transport)).rejects.toBeInstanceOf(UnauthorizedError);
    const callback = await consented(owner, provider.authorizationUrls[0] as URL);
    callback.set('iss', 'https://attacker.example');
    await expect(first.transport.finishAuth(callback)).rejects.toMatchObject({ name: 'IssuerMismatchError' });
    expect(provider.saved.tokens).toBeUndefined();
  });
});
