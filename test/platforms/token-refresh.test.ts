import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_INFO } from '../../src/platform-families.ts';
import { SandboxStore } from '../../src/sandbox/store.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { findConnection, readConnectionTokens, saveConnectionTokens } from '../../src/storage/connections.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { closedPort } from '../support/ports.ts';
import { type Owner, TestService } from '../support/service.ts';

type Family = 'search' | 'network';

interface Connected {
  owner: Owner;
  connectionId: string;
  accessToken: string;
  refreshToken: string;
  /** Arguments of a call that reaches the platform with the connection's token. */
  args: Record<string, unknown>;
}

/** A read on search; on network an idempotent write, so nothing is left behind by a repeat. */
const TOOL: Record<Family, string> = {
  search: 'discover_existing_assets',
  network: 'associate_network_conversion',
};

const RETRIES = 2;
const UPSTREAM_TIMEOUT_MS = 1500;
const HOUR_MS = 3_600_000;

describe.each(TEST_DIALECTS)('token refresh failures on %s', (dialect) => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect, {
      env: {
        ADOPS_UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
        ADOPS_UPSTREAM_RETRIES: String(RETRIES),
      },
    });
  });
  afterAll(() => service.stop());

  async function connect(family: Family): Promise<Connected> {
    const owner = await service.createOwner('pro', [family]);
    const { db } = service.services.storage;
    const [account] = await listAdAccounts(db, owner.userId, family);
    if (!account) throw new Error(`no ${family} account`);
    const connection = await findConnection(db, account.connection_id);
    const tokens = connection && readConnectionTokens(service.services.cipher, connection);
    if (!tokens?.refreshToken) throw new Error('no refresh token');
    let args: Record<string, unknown> = {};
    if (family === 'network') {
      const store = new SandboxStore(db, 'network');
      const [campaign] = await store.list('campaign', account.account_id);
      const [conversion] = await store.list('conversion', account.account_id);
      args = { campaign_id: campaign?.id, conversion_id: conversion?.id };
    }
    return {
      owner,
      connectionId: account.connection_id,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      args,
    };
  }

  /** Stores tokens on the connection as a refresh or a hand edit would. */
  async function storeTokens(
    who: Connected,
    tokens: { accessToken?: string; refreshToken: string; expiresInMs: number },
  ): Promise<void> {
    const now = service.services.clock.now();
    await saveConnectionTokens(
      service.services.storage.db,
      service.services.cipher,
      who.connectionId,
      {
        accessToken: tokens.accessToken ?? who.accessToken,
        refreshToken: tokens.refreshToken,
        expiresAt: new Date(now.getTime() + tokens.expiresInMs),
      },
      now,
    );
  }

  async function connectionStatus(who: Connected, family: Family): Promise<string> {
    const health = await service.call('get_connections_status', {}, { key: who.owner.key });
    return health.body.data.structured.platforms.find((p: any) => p.platform === family)?.status;
  }

  const refreshRequests = (family: Family) =>
    service.logLines.filter((line) => line.includes(`/sandbox/${family}/oauth/token`)).length;

  const call = (family: Family, who: Connected, on: TestService = service) =>
    on.call(TOOL[family], who.args, { key: who.owner.key });

  describe.each(['search', 'network'] as const)('%s', (family) => {
    const label = PLATFORM_INFO[family].label.replace(/[()]/g, '\\$&');

    it('answers a token endpoint 503 as a retryable upstream error and keeps the connection active', async () => {
      const who = await connect(family);
      await storeTokens(who, { refreshToken: 'sandbox_server_error', expiresInMs: -HOUR_MS });
      const before = refreshRequests(family);
      const { status, body } = await call(family, who);
      expect(status).toBe(500);
      expect(body.code).toBe('upstream_error');
      expect(body.error).toMatch(
        new RegExp(
          `^Internal error: UpstreamServerError\\. ${label} failed: the access token could not be renewed: ` +
            'temporarily_unavailable',
        ),
      );
      expect(body.error).toContain('Nothing was changed; try again later.');
      // A refresh is safe to repeat: the first attempt and each retry reached the token endpoint.
      await expect.poll(() => refreshRequests(family) - before, { timeout: 2_000 }).toBe(1 + RETRIES);
      expect(await connectionStatus(who, family)).toBe('active');

      // Once the token endpoint answers again, the same connection works: no reconnect was needed.
      await storeTokens(who, { refreshToken: who.refreshToken, expiresInMs: -HOUR_MS });
      const recovered = await call(family, who);
      expect(recovered.status).toBe(200);
      const connection = await findConnection(service.services.storage.db, who.connectionId);
      const stored = connection && readConnectionTokens(service.services.cipher, connection);
      expect(stored?.accessToken).not.toBe(who.accessToken);
      expect(stored?.expiresAt?.getTime()).toBeGreaterThan(Date.now());
    });

    it('answers a refused token (401) whose refresh hits a 503 the same way, connection still active', async () => {
      const who = await connect(family);
      await storeTokens(who, {
        accessToken: `sbx_${family}_access_revoked_by_the_test`,
        refreshToken: 'sandbox_server_error',
        expiresInMs: HOUR_MS,
      });
      const { status, body } = await call(family, who);
      expect(status).toBe(500);
      expect(body.code).toBe('upstream_error');
      expect(body.error).toMatch(/^Internal error: UpstreamServerError\./);
      expect(body.error).toContain('the access token could not be renewed');
      expect(await connectionStatus(who, family)).toBe('active');
    });

    it("answers a token endpoint's throttle with 429 and keeps the connection active", async () => {
      const who = await connect(family);
      await storeTokens(who, { refreshToken: 'sandbox_rate_limited', expiresInMs: -HOUR_MS });
      // A service of its own on the same database: the throttle it remembers stays with it.
      const throttled = await TestService.start(dialect, { database: service.database });
      try {
        const { status, body, headers } = await call(family, who, throttled);
        expect(status).toBe(429);
        expect(body.code).toBe('upstream_rate_limited');
        // Google states a wait on its token endpoint; LinkedIn does not, so the default wait is asked.
        expect(headers.get('retry-after')).toBe(family === 'search' ? '30' : '60');
        expect(await connectionStatus(who, family)).toBe('active');
      } finally {
        await throttled.stop();
      }
    });

    it('goes on with a token that is about to lapse when its refresh fails', async () => {
      const who = await connect(family);
      await storeTokens(who, { refreshToken: 'sandbox_server_error', expiresInMs: 30_000 });
      const { status } = await call(family, who);
      expect(status).toBe(200);
      expect(await connectionStatus(who, family)).toBe('active');
    });

    it('marks the connection expired only when the platform refuses the grant (invalid_grant)', async () => {
      const who = await connect(family);
      await storeTokens(who, {
        refreshToken: `sbx_${family}_refresh_revoked_by_the_test`,
        expiresInMs: -HOUR_MS,
      });
      const { status, body } = await call(family, who);
      expect(status).toBe(400);
      expect(body.code).toBe('connection_expired');
      expect(body.error).toContain('invalid_grant');
      expect(body.error).toContain(`${service.services.config.appUrl}/connections`);
      expect(await connectionStatus(who, family)).toBe('expired');
      const next = await call(family, who);
      expect(next.body.code).toBe('connection_expired');
    });
  });

  it('answers an unreachable token endpoint as UpstreamUnreachable and keeps the connection active', async () => {
    const who = await connect('search');
    await storeTokens(who, { refreshToken: who.refreshToken, expiresInMs: -HOUR_MS });
    // A second instance on the same database whose platform (here, its sandbox) cannot be reached.
    const cutOff = await TestService.start(dialect, {
      database: service.database,
      env: {
        ADOPS_SANDBOX_URL: `http://127.0.0.1:${await closedPort()}`,
        ADOPS_UPSTREAM_RETRIES: '0',
      },
    });
    try {
      const { status, body } = await call('search', who, cutOff);
      expect(status).toBe(500);
      expect(body.code).toBe('upstream_error');
      expect(body.error).toMatch(
        /^Internal error: UpstreamUnreachable\. Google Ads \(search\) failed: the access token could not be renewed: the platform could not be reached/,
      );
    } finally {
      await cutOff.server.close();
    }
    expect(await connectionStatus(who, 'search')).toBe('active');
    expect((await call('search', who)).status).toBe(200);
  });

  it('answers a token endpoint slower than the upstream timeout as UpstreamTimeout, connection active', async () => {
    const who = await connect('search');
    await storeTokens(who, { refreshToken: 'sandbox_slow', expiresInMs: -HOUR_MS });
    const started = Date.now();
    const { status, body } = await service.call(TOOL.search, who.args, {
      key: who.owner.key,
    });
    expect(status).toBe(500);
    expect(body.error).toMatch(
      /^Internal error: UpstreamTimeout\. Google Ads \(search\) failed: the access token could not be renewed: no answer within 2 s/,
    );
    // The call's own upstream limits apply to its refresh, not the code exchange's 30 s.
    expect(Date.now() - started).toBeLessThan((1 + RETRIES) * UPSTREAM_TIMEOUT_MS + 3_000);
    expect(await connectionStatus(who, 'search')).toBe('active');
  }, 20_000);
});
