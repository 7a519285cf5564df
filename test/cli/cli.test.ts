import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type KeyLimits, limitsOfRow } from '../../src/key-limits.ts';
import { findApiKeyById } from '../../src/storage/api-keys.ts';
import { openStorage } from '../../src/storage/database.ts';
import { MIGRATION_NAMES } from '../../src/storage/migrate.ts';
import { adops } from '../support/cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TEST_ENCRYPTION_KEYS } from '../support/service.ts';

// Each command is its own Node process: a loaded CI machine needs more than the default time.
describe.each(TEST_DIALECTS)('the adops CLI on %s', { timeout: 90_000 }, (dialect) => {
  let database: TestDatabase;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    env = { ADOPS_DATABASE_URL: database.url, ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS };
  });
  afterAll(() => database.drop());

  /** A key's limits as the database holds them, read the way every call reads them. */
  async function storedLimits(id: string): Promise<KeyLimits | undefined> {
    const storage = openStorage(database.url);
    try {
      const row = await findApiKeyById(storage.db, id);
      return row && limitsOfRow(row);
    } finally {
      await storage.close();
    }
  }

  it('migrates, then has nothing left to apply', async () => {
    const first = await adops(['migrate'], env);
    expect(first.code).toBe(0);
    expect(first.json).toEqual({ applied: MIGRATION_NAMES, dialect });
    expect((await adops(['migrate'], env)).json).toEqual({ applied: [], dialect });
  });

  it('manages users, keys and accounts, printing one JSON value each', async () => {
    const user = await adops(['users', 'create', '--email', 'Ops@Example.com', '--tier', 'plus'], env);
    expect(user.json).toEqual({ id: expect.stringMatching(/^usr_/), email: 'ops@example.com', tier: 'plus' });
    expect((await adops(['users', 'create', '--email', 'ops@example.com'], env)).code).toBe(1);
    expect(
      (await adops(['users', 'set-tier', '--email', 'ops@example.com', '--tier', 'max'], env)).json.tier,
    ).toBe('max');

    const key = await adops(
      ['keys', 'create', '--email', 'ops@example.com', '--name', 'ci', '--expires', '90d'],
      env,
    );
    expect(key.json).toEqual({
      id: expect.stringMatching(/^key_/),
      key: expect.stringMatching(/^sk_live_[0-9A-Za-z]{38}$/),
      prefix: expect.stringMatching(/^sk_live_/),
      expires_at: expect.any(String),
      // A new key may write but not start or raise spend, on every account, with no ceiling.
      scope: 'write',
      accounts: null,
      client_id: null,
      max_daily_budget: null,
      max_raise_percent: null,
      approval: 'none',
    });
    const days = (Date.parse(key.json.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.1);

    const list = await adops(['keys', 'list', '--email', 'ops@example.com'], env);
    expect(list.json).toHaveLength(1);
    expect(list.json[0]).toMatchObject({ id: key.json.id, name: 'ci', status: 'active' });
    expect(list.stdout).not.toContain(key.json.key);
    expect(list.json[0]).not.toHaveProperty('hash');

    expect((await adops(['keys', 'revoke', '--id', key.json.id], env)).json).toMatchObject({ revoked: true });
    expect((await adops(['keys', 'list', '--email', 'ops@example.com'], env)).json[0].status).toBe('revoked');

    const generated = await adops(
      ['accounts', 'add', '--email', 'ops@example.com', '--platform', 'social'],
      env,
    );
    expect(generated.json).toMatchObject({ platform: 'social', currency: 'USD' });
    expect(generated.json.account_id).toMatch(/^act_\d+$/);
    const named = await adops(
      [
        'accounts',
        'add',
        '--email',
        'ops@example.com',
        '--platform',
        'search',
        '--account-id',
        '123-456-7890',
        '--name',
        'Main',
        '--currency',
        'eur',
      ],
      env,
    );
    expect(named.json).toEqual({
      platform: 'search',
      account_id: '1234567890',
      name: 'Main',
      currency: 'EUR',
    });
  });

  it('makes keys with a scope, accounts and ceilings, and narrows them but never widens them', async () => {
    await adops(['users', 'create', '--email', 'limits@example.com'], env);
    const account = (
      await adops(['accounts', 'add', '--email', 'limits@example.com', '--platform', 'network'], env)
    ).json.account_id;
    const create = (args: string[]) =>
      adops(['keys', 'create', '--email', 'limits@example.com', ...args], env);
    const key = await create([
      '--scope',
      'spend',
      '--account',
      account,
      '--max-daily-budget',
      '50:USD',
      '--max-daily-budget',
      '40.5 eur',
    ]);
    expect(key.json).toMatchObject({
      scope: 'spend',
      accounts: [{ platform: 'network', account_id: account }],
      max_daily_budget: { USD: '50.00', EUR: '40.50' },
    });
    const narrowed = await adops(
      ['keys', 'narrow', '--id', key.json.id, '--scope', 'write', '--max-daily-budget', '25:USD'],
      env,
    );
    expect(narrowed.json).toMatchObject({ scope: 'write', max_daily_budget: { USD: '25.00' } });
    for (const widen of [
      ['--scope', 'spend'],
      ['--max-daily-budget', '30:USD'],
    ]) {
      const refused = await adops(['keys', 'narrow', '--id', key.json.id, ...widen], env);
      expect(refused.code).toBe(1);
      expect(refused.json.error).toMatch(/narrowed, never widened/);
    }
    expect((await adops(['keys', 'list', '--email', 'limits@example.com'], env)).json[0]).toMatchObject({
      scope: 'write',
      max_daily_budget: { USD: '25.00' },
    });
    expect((await create(['--scope', 'admin'])).json.error).toMatch(/"admin" is not a scope/);
    expect((await create(['--account', '999'])).json.error).toMatch(
      /"999" is not one of the owner's connected accounts/,
    );
    expect((await create(['--max-daily-budget', 'fifty'])).json.error).toMatch(/like 50:USD/);
  });

  it('makes keys with spend guardrails, stores them, and narrows them but never widens them', async () => {
    await adops(['users', 'create', '--email', 'guardrails@example.com', '--tier', 'max'], env);
    const create = (args: string[]) =>
      adops(['keys', 'create', '--email', 'guardrails@example.com', ...args], env);
    const key = await create(['--scope', 'spend', '--max-raise-percent', '50', '--approval', 'spend']);
    expect(key.code).toBe(0);
    expect(key.json).toMatchObject({ scope: 'spend', max_raise_percent: 50, approval: 'spend' });
    expect(await storedLimits(key.json.id)).toEqual({
      ...DEFAULT_LIMITS,
      scope: 'spend',
      maxRaisePercent: 50,
      approval: 'spend',
    });

    const narrowed = await adops(['keys', 'narrow', '--id', key.json.id, '--max-raise-percent', '20'], env);
    expect(narrowed.json).toMatchObject({ max_raise_percent: 20, approval: 'spend' });
    for (const [widen, why] of [
      [['--max-raise-percent', '21'], /a largest raise of 21% is above the key's 20%/],
      [['--approval', 'none'], /approval none is wider than the key's approval of every spend change/],
    ] as const) {
      const refused = await adops(['keys', 'narrow', '--id', key.json.id, ...widen], env);
      expect(refused.code).toBe(1);
      expect(refused.json.error).toMatch(/narrowed, never widened/);
      expect(refused.json.error).toMatch(why);
    }
    expect((await storedLimits(key.json.id))?.maxRaisePercent).toBe(20);
    const listed = await adops(['keys', 'list', '--email', 'guardrails@example.com'], env);
    expect(listed.json[0]).toMatchObject({ max_raise_percent: 20, approval: 'spend' });

    // A spend key without guardrails may get them: that narrows it. A write key may not: it raises nothing.
    const refused = await create(['--scope', 'write', '--max-raise-percent', '30']);
    expect(refused.code).toBe(1);
    expect(refused.json.error).toMatch(/a largest raise applies only to a key with the spend scope/);
    const plain = await create(['--scope', 'spend']);
    const guarded = await adops(
      ['keys', 'narrow', '--id', plain.json.id, '--max-raise-percent', '30', '--approval', 'spend'],
      env,
    );
    expect(guarded.code).toBe(0);
    expect(await storedLimits(plain.json.id)).toMatchObject({ maxRaisePercent: 30, approval: 'spend' });

    for (const percent of ['1001', '12.5']) {
      const refused = await create(['--max-raise-percent', percent]);
      expect(refused.code).toBe(1);
      expect(refused.json.error).toMatch(/not a largest raise: give a whole percent from 1 to 1000/);
    }
    const badApproval = await create(['--approval', 'always']);
    expect(badApproval.code).toBe(1);
    expect(badApproval.json.error).toMatch(/"always" is not an approval: use none or spend/);
    // Refused input makes no key: the two made above are all there are.
    expect((await adops(['keys', 'list', '--email', 'guardrails@example.com'], env)).json).toHaveLength(2);
  });

  it("holds keys create to the tier's number of active keys, as the console does; revoking frees a place", async () => {
    const capped = { ...env, ADOPS_KEY_LIMITS: 'free=1,plus=5,pro=10,max=20' };
    await adops(['users', 'create', '--email', 'cap@example.com'], capped);
    const create = () => adops(['keys', 'create', '--email', 'cap@example.com'], capped);
    const first = await create();
    expect(first.code).toBe(0);
    const refused = await create();
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(JSON.parse(refused.stderr.trim())).toEqual({
      error:
        'cap@example.com has 1 active key and the free tier allows 1: revoke one first (npx adops keys list, ' +
        'then npx adops keys revoke --id ID) or raise the tier (npx adops users set-tier)',
    });
    expect((await adops(['keys', 'revoke', '--id', first.json.id], capped)).code).toBe(0);
    expect((await create()).code).toBe(0);
  });

  it('explains bad input on stderr with exit code 1', async () => {
    const noUser = await adops(['keys', 'create', '--email', 'nobody@example.com'], env);
    expect(noUser.code).toBe(1);
    expect(noUser.stdout).toBe('');
    expect(JSON.parse(noUser.stderr.split('\n')[0] ?? '')).toEqual({
      error:
        'No user with email nobody@example.com. Create one with: npx adops users create --email nobody@example.com',
    });
    await adops(['users', 'create', '--email', 'shape@example.com'], env);
    const badId = await adops(
      ['accounts', 'add', '--email', 'shape@example.com', '--platform', 'social', '--account-id', '42'],
      env,
    );
    expect(badId.code).toBe(1);
    expect(badId.stderr).toContain('act_<digits>');
    const badExpiry = await adops(['keys', 'create', '--email', 'shape@example.com', '--expires', '2w'], env);
    expect(badExpiry.stderr).toContain('30d, 90d, 1y, never');
  });

  it('refuses a control character in an e-mail, a name or an id, naming the option', async () => {
    await adops(['users', 'create', '--email', 'typed@example.com'], env);
    const cases: Array<[string[], string]> = [
      [
        ['users', 'create', '--email', 'typed\u007f@example.com'],
        '--email holds a control character (U+007F delete) at character 6',
      ],
      [
        ['keys', 'create', '--email', 'typed@example.com', '--name', 'ci\nprod'],
        '--name holds a control character (U+000A line feed) at character 3',
      ],
      [
        ['keys', 'list', '--email', 'typed@example.com\u001b[2J'],
        '--email holds a control character (U+001B escape) at character 18',
      ],
      [
        ['accounts', 'add', '--email', 'typed@example.com', '--platform', 'video', '--name', 'Shop\tEU'],
        '--name holds a control character (U+0009 tab) at character 5',
      ],
      [['keys', 'revoke', '--id', 'key_\u0085'], '--id holds a control character (U+0085) at character 5'],
      [
        ['keys', 'create', '--email', 'typed@example.com', '--account', '1\u0007'],
        '--account holds a control character (U+0007) at character 2',
      ],
    ];
    for (const [args, error] of cases) {
      const refused = await adops(args, env);
      expect(refused.code, args.join(' ')).toBe(1);
      expect(refused.stdout).toBe('');
      expect(JSON.parse(refused.stderr.trim())).toEqual({ error: `${error}: type it again without it.` });
    }
    // Nothing was made: the owner has no key.
    expect((await adops(['keys', 'list', '--email', 'typed@example.com'], env)).json).toEqual([]);
  });

  it('makes the demo owner once', async () => {
    const first = await adops(['demo'], env);
    expect(first.code).toBe(0);
    expect(first.json.email).toBe('demo@adops.local');
    expect(first.json.key).toMatch(/^sk_live_/);
    expect(first.json.accounts.map((a: any) => a.platform).sort()).toEqual([
      'network',
      'search',
      'social',
      'social',
      'video',
    ]);
    const second = await adops(['demo'], env);
    expect(second.json.created).toBe(false);
    expect(second.json.accounts).toEqual(first.json.accounts);
    if (dialect === 'sqlite') expect(second.json.key).toBe(first.json.key);
  });
});
