import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImageServer, startImageServer } from '../assets/support/image-server.ts';
import { createTestCertificate, type TestCertificate } from '../assets/support/test-certificate.ts';
import type { TestService } from '../support/service.ts';
import { startOAuthService } from './support/oauth-flow.ts';

const REDIRECT_URI = 'http://127.0.0.1:5555/callback';

/** An authorization request from the client named by `clientId`, answered without following redirects. */
async function authorize(service: TestService, clientId: string): Promise<Response> {
  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    scope: 'read',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-1',
  });
  return fetch(`${service.url}/oauth/authorize?${query}`, { redirect: 'manual' });
}

// Current MCP clients name themselves by the URL of a metadata document instead of registering; adops
// fetches it with the media fetcher's guard, so a client id cannot make the service call inside its network.
describe('clients named by a client ID metadata document', { timeout: 30_000 }, () => {
  let certificate: TestCertificate;
  let documents: ImageServer;
  let service: TestService;

  beforeAll(async () => {
    certificate = createTestCertificate();
    const document =
      (path: string, name: string) => (_request: unknown, response: import('node:http').ServerResponse) =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            client_id: documents.url(path),
            client_name: name,
            redirect_uris: [REDIRECT_URI],
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
            token_endpoint_auth_method: 'none',
          }),
        );
    documents = await startImageServer(certificate, {
      '/client.json': document('/client.json', 'Metadata document app'),
      '/inside.json': document('/inside.json', 'Inside app'),
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

  it('fetches the document and goes on to the consent page, naming the app as the document does', async () => {
    const response = await authorize(service, documents.url('/client.json'));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^\/oauth\/consent\/[\w-]+$/);
    expect(documents.hits('/client.json')).toBe(1);
  });

  it('refuses a client id at an internal address without fetching it, on an error page of its own', async () => {
    // 127.0.0.1 is not exempt (only the name localhost is): the guard refuses the connection.
    const response = await authorize(service, documents.url('/inside.json', '127.0.0.1'));
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    const page = await response.text();
    expect(page).toContain('invalid_client');
    expect(page).not.toContain(REDIRECT_URI);
    expect(documents.hits('/inside.json')).toBe(0);
  });
});
