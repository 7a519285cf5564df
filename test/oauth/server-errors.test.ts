import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestService } from '../support/service.ts';
import { LOOPBACK_REDIRECT } from './support/oauth-flow.ts';

describe('the authorization server when its storage fails', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start('sqlite');
    service.services.config.appUrl = service.url;
    service.services.config.publicUrl = service.url;
    // The provider's records are gone: every write of a client fails.
    await sql`drop table oauth_records`.execute(service.services.storage.db);
  });
  afterAll(() => service.stop());

  it('answers server_error without details, registers nothing, and logs the failure', async () => {
    const response = await fetch(`${service.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [LOOPBACK_REDIRECT], token_endpoint_auth_method: 'none' }),
    });
    expect(response.status).toBe(500);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.error).toBe('server_error');
    expect(body.client_id).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain('oauth_records');
    const logged = service.logLines.find((line) => line.includes('the OAuth authorization server failed'));
    expect(logged).toContain('oauth_records');
  });
});
