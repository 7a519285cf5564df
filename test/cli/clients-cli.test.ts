import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adops } from '../support/cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TEST_ENCRYPTION_KEYS } from '../support/service.ts';

describe.each(TEST_DIALECTS)('adops clients on %s', { timeout: 120_000 }, (dialect) => {
  let database: TestDatabase;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    env = { ADOPS_DATABASE_URL: database.url, ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS };
    expect((await adops(['migrate'], env)).code).toBe(0);
  });
  afterAll(() => database.drop());

  it('creates clients, assigns accounts, sets envelopes, limits members and keys, printing JSON', async () => {
    const w = ['--workspace', 'agency@example.com'];
    expect(
      (await adops(['workspaces', 'create', '--email', 'agency@example.com', '--tier', 'pro'], env)).code,
    ).toBe(0);
    const social = await adops(
      ['accounts', 'add', '--email', 'agency@example.com', '--platform', 'social'],
      env,
    );
    const video = await adops(
      ['accounts', 'add', '--email', 'agency@example.com', '--platform', 'video'],
      env,
    );
    const socialId = social.json.account_id as string;
    const videoId = video.json.account_id as string;

    const made = await adops(
      [
        'clients',
        'create',
        ...w,
        '--name',
        'Acme',
        '--envelope',
        '5000:USD',
        '--pause-at-envelope',
        '--json',
      ],
      env,
    );
    expect(made.code, made.stderr).toBe(0);
    expect(made.json).toEqual({
      id: expect.stringMatching(/^cli_/),
      name: 'Acme',
      accounts: [],
      envelope: { USD: '5000.00' },
      pauses_at_envelope: true,
    });
    const assigned = await adops(['clients', 'assign', ...w, '--client', 'Acme', '--account', socialId], env);
    expect(assigned.json).toEqual({
      client: made.json.id,
      accounts: [{ platform: 'social', account_id: socialId }],
    });

    const key = await adops(['keys', 'create', '--email', 'agency@example.com', '--client', 'Acme'], env);
    expect(key.code, key.stderr).toBe(0);
    expect(key.json.client_id).toBe(made.json.id);
    expect(key.json.accounts).toEqual([{ platform: 'social', account_id: socialId }]);
    // An account assigned later is the key's too.
    await adops(['clients', 'assign', ...w, '--client', made.json.id, '--account', `video:${videoId}`], env);
    const keys = await adops(['keys', 'list', '--email', 'agency@example.com'], env);
    expect(keys.json[0].accounts).toHaveLength(2);

    const cleared = await adops(['clients', 'envelope', ...w, '--client', 'Acme'], env);
    expect(cleared.json).toMatchObject({ envelope: {}, pauses_at_envelope: false });
    const listed = await adops(['clients', 'list', ...w], env);
    expect(listed.json).toHaveLength(1);
    expect(listed.json[0].accounts).toHaveLength(2);

    const admin = await adops(
      ['clients', 'limit', ...w, '--email', 'agency@example.com', '--client', 'Acme'],
      env,
    );
    expect(admin.code).toBe(1);
    expect(admin.stderr).toContain('admins see every client');
  });

  it('refuses what is unclear, and makes nothing', async () => {
    const w = ['--workspace', 'agency@example.com'];
    const bad = await adops(['clients', 'create', ...w, '--name', 'Broken', '--envelope', 'lots'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('is not a monthly envelope');
    const listed = await adops(['clients', 'list', ...w], env);
    expect(listed.json.map((c: { name: string }) => c.name)).toEqual(['Acme']);
    const twice = await adops(['clients', 'create', ...w, '--name', 'Acme'], env);
    expect(twice.stderr).toContain('has a client named Acme already');
    const both = await adops(
      ['clients', 'assign', ...w, '--client', 'Acme', '--none', '--account', '1'],
      env,
    );
    expect(both.stderr).toContain('--client C');
    const unknown = await adops(['clients', 'assign', ...w, '--client', 'Nobody', '--account', '1'], env);
    expect(unknown.stderr).toContain('Nobody is not a client');
  });
});
