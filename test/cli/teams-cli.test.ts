import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_LINE } from '../../src/cli/recorded-command.ts';
import { acceptInvitation, findInvitation } from '../../src/owners/members.ts';
import { openStorage } from '../../src/storage/database.ts';
import { listMemberActions } from '../../src/storage/member-actions.ts';
import { ensurePerson } from '../../src/storage/people.ts';
import { adops } from '../support/cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TEST_ENCRYPTION_KEYS } from '../support/service.ts';

describe.each(TEST_DIALECTS)('adops workspaces and members on %s', { timeout: 120_000 }, (dialect) => {
  let database: TestDatabase;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    env = { ADOPS_DATABASE_URL: database.url, ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS };
  });
  afterAll(() => database.drop());

  /** Bob opens the link the CLI printed, as the console would let him. */
  async function accept(link: string, email: string) {
    const storage = openStorage(database.url);
    try {
      const invitation = await findInvitation(storage.db, new URL(link).pathname.split('/').at(-1) ?? '');
      if (!invitation) throw new Error('no invitation');
      await acceptInvitation(
        storage.db,
        invitation,
        await ensurePerson(storage.db, email, new Date()),
        new Date(),
      );
    } finally {
      await storage.close();
    }
  }

  it('creates a workspace, invites, sets roles and removes, printing JSON; refusals say why', async () => {
    const made = await adops(
      [
        'workspaces',
        'create',
        '--email',
        'agency@example.com',
        '--name',
        'Acme Agency',
        '--admin',
        'alice@example.com',
        '--json',
      ],
      env,
    );
    expect(made.code, made.stderr).toBe(0);
    expect(made.json).toEqual({
      id: expect.stringMatching(/^usr_/),
      email: 'agency@example.com',
      name: 'Acme Agency',
      tier: 'free',
      admin: 'alice@example.com',
    });
    const workspace = ['--workspace', 'agency@example.com'];
    const invited = await adops(
      ['members', 'invite', ...workspace, '--email', 'Bob@Example.com', '--role', 'operator', '--json'],
      env,
    );
    expect(invited.json).toEqual({
      id: expect.stringMatching(/^inv_/),
      workspace: made.json.id,
      email: 'bob@example.com',
      role: 'operator',
      link: expect.stringMatching(/^http:\/\/127\.0\.0\.1:8080\/invitations\/[\w-]{43}$/),
      expires_at: expect.any(String),
    });
    const badRole = await adops(
      ['members', 'invite', ...workspace, '--email', 'x@example.com', '--role', 'boss'],
      env,
    );
    expect(badRole.code).toBe(1);
    expect(badRole.stderr).toContain(
      "argument 'boss' is invalid. use one of viewer, operator, approver, admin",
    );

    await accept(invited.json.link, 'bob@example.com');
    expect((await adops(['members', 'list', '--workspace', made.json.id, '--json'], env)).json).toEqual([
      { email: 'alice@example.com', role: 'admin', since: expect.any(String) },
      { email: 'bob@example.com', role: 'operator', since: expect.any(String) },
    ]);
    const lastAdmin = await adops(['members', 'remove', ...workspace, '--email', 'alice@example.com'], env);
    expect(lastAdmin.code).toBe(1);
    expect(lastAdmin.json).toEqual({
      error: 'This is the last admin of Acme Agency: make another member admin first',
    });

    expect(
      (
        await adops(
          ['members', 'set-role', ...workspace, '--email', 'bob@example.com', '--role', 'admin'],
          env,
        )
      ).json,
    ).toEqual({
      workspace: made.json.id,
      email: 'bob@example.com',
      role: 'admin',
    });
    expect(
      (await adops(['members', 'remove', ...workspace, '--email', 'alice@example.com'], env)).json,
    ).toEqual({
      workspace: made.json.id,
      email: 'alice@example.com',
      removed: true,
    });
    expect((await adops(['workspaces', 'list', '--email', 'bob@example.com'], env)).json).toEqual([
      { id: made.json.id, name: 'Acme Agency', role: 'admin' },
    ]);
    const unknown = await adops(['members', 'list', '--workspace', 'nobody@example.com'], env);
    expect(unknown.json.error).toContain('No workspace nobody@example.com');

    // What succeeded is in the workspace's Recent actions, by the command line; refusals are not.
    const storage = openStorage(database.url);
    try {
      const actions = await listMemberActions(storage.db, made.json.id, 10);
      expect(actions.map((a) => [a.email, a.route, a.subject && JSON.parse(a.subject)]).toReversed()).toEqual(
        [
          [COMMAND_LINE, 'adops members invite', { email: 'Bob@Example.com', role: 'operator' }],
          [COMMAND_LINE, 'adops members set-role', { email: 'bob@example.com', role: 'admin' }],
          [COMMAND_LINE, 'adops members remove', { email: 'alice@example.com' }],
        ],
      );
    } finally {
      await storage.close();
    }
  });
});
