import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteApiVersions } from '../../../src/cli/serve.ts';
import { loadPlatformsConfig } from '../../../src/platform-config.ts';
import { versionNotice, versionStatus } from '../../../src/platforms/network/api-versions.ts';
import { issueSandboxToken } from '../../../src/sandbox/tokens.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import { adops, adopsServe } from '../../support/cli.ts';
import { TestClock } from '../../support/clock.ts';
import { createTestDatabase, type TestDatabase } from '../../support/database.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TEST_ENCRYPTION_KEYS, TestService } from '../../support/service.ts';

/** LinkedIn published November 16, 2026 as the sunset of version 202511. */
const VERSION = '202511';

function logged(lines: string[], level: number): Array<Record<string, any>> {
  return lines
    .map((line) => JSON.parse(line) as Record<string, any>)
    .filter((entry) => entry.level === level && entry.api_version !== undefined);
}

describe('the LinkedIn version rule', () => {
  it('serves a version from its month to its sunset, a year on', () => {
    expect(versionStatus('202511', new Date('2026-11-15T23:59:59Z'))).toMatchObject({ state: 'active' });
    expect(versionStatus('202511', new Date('2026-11-16T00:00:00Z'))).toMatchObject({ state: 'sunset' });
    expect(versionStatus('202607.01', new Date('2026-11-23T00:00:00Z'))).toMatchObject({ state: 'active' });
    // No published date: the 15th of the same month, a year on.
    expect(versionStatus('202607', new Date('2027-07-15T00:00:00Z'))).toMatchObject({ state: 'sunset' });
    expect(versionStatus('202612', new Date('2026-11-23T00:00:00Z'))).toEqual({ state: 'not_released' });
    expect(versionStatus('202512', new Date('2026-01-10T00:00:00Z'))).toEqual({ state: 'not_released' });
    expect(versionStatus('2026-07', new Date())).toEqual({ state: 'malformed' });
    expect(versionStatus('202613', new Date())).toEqual({ state: 'malformed' });
  });

  it('defaults to a version LinkedIn serves today, with more than 60 days left', () => {
    const version = loadPlatformsConfig({}).settings.network.apiVersion;
    expect(versionStatus(version, new Date('2026-11-23T12:00:00Z'))).toMatchObject({ state: 'active' });
    expect(versionNotice(version, new Date('2026-11-23T12:00:00Z'))).toBeUndefined();
  });
});

describe.each(TEST_DIALECTS)('a LinkedIn version past its sunset (%s)', (dialect) => {
  const clock = new TestClock('2026-09-01T12:00:00Z');
  let service: TestService;
  let userId: string;
  let accountId: string;

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock, env: { ADOPS_NETWORK_API_VERSION: VERSION } });
    const owner = await service.createOwner('pro', ['network']);
    const [account] = await listAdAccounts(service.services.storage.db, owner.userId, 'network');
    accountId = account?.account_id ?? '';
    userId = owner.userId;
  });
  afterAll(() => service.stop());

  /** A search of the account's groups, with a token fresh at the clock's time. */
  const groups = async () => {
    const grant = { userId, accountIds: [accountId] };
    const { token } = await issueSandboxToken(
      service.services.storage.db,
      'network',
      'access',
      grant,
      clock.now(),
    );
    return fetch(`${service.url}/sandbox/network/rest/adAccounts/${accountId}/adCampaignGroups?q=search`, {
      headers: {
        authorization: `Bearer ${token}`,
        'linkedin-version': VERSION,
        'x-restli-protocol-version': '2.0.0',
      },
    });
  };

  it('is served and warned about in its last 60 days, refused with 426 and an error once past it', async () => {
    noteApiVersions(service.services);
    expect(logged(service.logLines, 40)).toEqual([]);
    expect((await groups()).status).toBe(200);

    clock.set('2026-10-20T12:00:00Z');
    noteApiVersions(service.services);
    const [warning] = logged(service.logLines, 40);
    expect(warning?.msg).toContain('LinkedIn-Version 202511 reaches its sunset on 2026-11-16 (in 27 days)');
    expect(warning?.msg).toContain('ADOPS_NETWORK_API_VERSION');
    expect((await groups()).status).toBe(200);

    clock.set('2026-11-16T00:00:01Z');
    const refused = await groups();
    expect(refused.status).toBe(426);
    expect(await refused.json()).toEqual({
      status: 426,
      code: 'NONEXISTENT_VERSION',
      message: `Requested version ${VERSION} is not active`,
    });
    noteApiVersions(service.services);
    const [error] = logged(service.logLines, 50);
    expect(error?.msg).toContain('LinkedIn-Version 202511 reached its sunset on 2026-11-16');
  });
});

describe.each(TEST_DIALECTS)(
  'adops serve with a LinkedIn version LinkedIn no longer serves (%s)',
  (dialect) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database.drop());

    it('logs an error at start naming the version and the setting to change', async () => {
      const env = { ADOPS_DATABASE_URL: database.url, ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS };
      expect((await adops(['migrate'], env)).code).toBe(0);
      const server = await adopsServe([], { ...env, ADOPS_NETWORK_API_VERSION: '202411' });
      const lines = server
        .stdout()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, any>);
      await server.stop();
      const notice = lines.find((line) => line.api_version === '202411');
      expect(notice).toMatchObject({ level: 50, platform: 'network' });
      expect(notice?.msg).toContain('reached its sunset on 2025-11-17');

      const current = await adopsServe([], env);
      const output = current.stdout();
      await current.stop();
      expect(output).not.toContain('api_version');
    });
  },
);
