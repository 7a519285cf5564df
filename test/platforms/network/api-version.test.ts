import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteApiVersions } from '../../../src/cli/serve.ts';
import { loadPlatformsConfig } from '../../../src/platform-config.ts';
import { PLATFORMS } from '../../../src/platform-families.ts';
import { versionNotice, versionStatus } from '../../../src/platforms/api-versions.ts';
import { servesVersion } from '../../../src/sandbox/network/versions.ts';
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
    .filter(
      (entry) => entry.level === level && entry.platform === 'network' && entry.api_version !== undefined,
    );
}

describe('the LinkedIn version rule', () => {
  it('serves a version from its month to its sunset, a year on', () => {
    expect(versionStatus('network', '202511', new Date('2026-11-15T23:59:59Z'))).toMatchObject({
      state: 'active',
    });
    expect(versionStatus('network', '202511', new Date('2026-11-16T00:00:00Z'))).toMatchObject({
      state: 'sunset',
    });
    expect(versionStatus('network', '202607.01', new Date('2026-11-23T00:00:00Z'))).toMatchObject({
      state: 'active',
    });
    // No published date: the 15th of the same month, a year on.
    expect(versionStatus('network', '202607', new Date('2027-07-15T00:00:00Z'))).toMatchObject({
      state: 'sunset',
    });
    expect(versionStatus('network', '202612', new Date('2026-11-23T00:00:00Z'))).toEqual({
      state: 'not_released',
    });
    expect(versionStatus('network', '202512', new Date('2026-01-10T00:00:00Z'))).toEqual({
      state: 'not_released',
    });
    expect(versionStatus('network', '2026-07', new Date())).toEqual({ state: 'malformed' });
    expect(versionStatus('network', '202613', new Date())).toEqual({ state: 'malformed' });
  });

  it('agrees with the sandbox, which states the rule apart', () => {
    const days = ['2025-11-16', '2026-01-10', '2026-11-15', '2026-11-16', '2027-07-14', '2027-07-15'];
    for (const version of ['202411', '202511', '202512', '202601', '202607', '202607.01', '202612']) {
      for (const day of days) {
        const now = new Date(`${day}T12:00:00Z`);
        expect([version, day, versionStatus('network', version, now).state === 'active']).toEqual([
          version,
          day,
          servesVersion(version, now),
        ]);
      }
    }
  });
});

describe('the version calendar', () => {
  it('defaults every platform to a version it serves today, with more than 60 days left', () => {
    const settings = loadPlatformsConfig({}).settings;
    const today = new Date('2026-12-02T12:00:00Z');
    for (const platform of PLATFORMS) {
      const version = settings[platform].apiVersion;
      expect([platform, versionStatus(platform, version, today).state]).toEqual([platform, 'active']);
      expect([platform, versionNotice(platform, version, today)]).toEqual([platform, undefined]);
    }
  });

  it('warns 60 days before a sunset, errs after it, and warns of a version it does not know', () => {
    // Meta's v25.0 expires on 2027-02-23; Google's v22 ended on 2026-10-07; v23 is due around February 2027.
    expect(versionNotice('social', 'v25.0', new Date('2026-12-02T00:00:00Z'))).toBeUndefined();
    expect(versionNotice('social', 'v25.0', new Date('2027-01-01T00:00:00Z'))).toMatchObject({
      level: 'warn',
      message: expect.stringContaining('v25.0 reaches its sunset on 2027-02-23 (in 53 days)'),
    });
    expect(versionNotice('search', 'v22', new Date('2026-12-02T00:00:00Z'))).toMatchObject({
      level: 'error',
      message: expect.stringContaining('v22 reached its sunset on 2026-10-07'),
    });
    expect(versionNotice('search', 'v23', new Date('2026-12-20T00:00:00Z'))).toMatchObject({
      level: 'warn',
      message: expect.stringContaining('v23 reaches its sunset around 2027-02'),
    });
    expect(versionNotice('video', 'v1.2', new Date('2026-12-02T00:00:00Z'))).toMatchObject({
      level: 'error',
    });
    expect(versionNotice('video', 'v9.9', new Date('2026-12-02T00:00:00Z'))).toMatchObject({
      level: 'warn',
      message: expect.stringContaining("not in adops' calendar"),
    });
    expect(versionNotice('social', 'v27.0', new Date('2026-11-01T00:00:00Z'))).toMatchObject({
      level: 'error',
      message: expect.stringContaining('not released'),
    });
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
    expect(warning?.msg).toContain('API version 202511 reaches its sunset on 2026-11-16 (in 27 days)');
    expect(warning?.msg).toContain('ADOPS_NETWORK_API_VERSION');
    expect((await groups()).status).toBe(200);

    clock.set('2026-11-16T00:00:01Z');
    const refused = await groups();
    expect(refused.status).toBe(426);
    expect(await refused.json()).toEqual({
      status: 426,
      code: 'NONEXISTENT_VERSION',
      message: `Requested version ${VERSION}01 is not active`,
    });
    noteApiVersions(service.services);
    const [error] = logged(service.logLines, 50);
    expect(error?.msg).toContain('API version 202511 reached its sunset on 2026-11-16');
    const ready = await fetch(`${service.url}/readyz`);
    expect(ready.status).toBe(200);
    const { warnings } = (await ready.json()) as { warnings: Array<{ platform: string }> };
    expect(warnings.filter((warning) => warning.platform === 'network')).toEqual([
      expect.objectContaining({ platform: 'network', api_version: VERSION, level: 'error' }),
    ]);
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
