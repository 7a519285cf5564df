import Sqlite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../support/service.ts';
import { LOOPBACK_REDIRECT, startOAuthService } from './support/oauth-flow.ts';

describe('the authorization server when its storage fails', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startOAuthService('sqlite');
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

describe('the authorization server when its database is out of reach', { timeout: 30_000 }, () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startOAuthService('sqlite');
  });
  afterAll(() => service.stop());

  it('answers 503 temporarily_unavailable with Retry-After, as the API does, and registers nothing', async () => {
    // Another process holds the write lock past the service's busy timeout (5 s): SQLITE_BUSY.
    const other = new Sqlite(service.database.url.slice('sqlite:'.length));
    other.exec('begin exclusive');
    let response: Response;
    try {
      response = await fetch(`${service.url}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: [LOOPBACK_REDIRECT], token_endpoint_auth_method: 'none' }),
      });
    } finally {
      other.exec('rollback');
      other.close();
    }
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.error).toBe('temporarily_unavailable');
    expect(body.client_id).toBeUndefined();
    const clients = await service.services.storage.db.selectFrom('oauth_records').selectAll().execute();
    expect(clients).toEqual([]);
  });
});
