import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../src/storage/users.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TestService } from '../support/service.ts';
import { ConsoleClient, csrfTokenOf, PASSWORD, uniqueEmail } from './support/console-client.ts';
import { consoleForms } from './support/console-forms.ts';
import { inviteAndJoin } from './support/members.ts';

type Role = 'viewer' | 'operator' | 'approver' | 'admin';

/**
 * What each console form needs, written here apart from the routes' own declarations (docs/teams.md): a
 * form added to the console fails this test until it is placed in this table.
 */
const NEEDS: ReadonlyArray<[RegExp, Role]> = [
  [/^\/workspace$/, 'viewer'],
  [/^\/account\/totp\/(start|confirm|remove)$/, 'viewer'],
  [/^\/keys(\/.*)?$/, 'operator'],
  [/^\/agents\/stop$/, 'operator'],
  [/^\/activity\/:id\/revert$/, 'operator'],
  [/^\/monitors\/:id(\/(suspend|resume|delete))?$/, 'operator'],
  [/^\/approvals\/:id\/(approve|reject)$/, 'approver'],
  [/^\/agents\/resume$/, 'admin'],
  [/^\/members(\/.*)?$/, 'admin'],
  [/^\/clients(\/.*)?$/, 'admin'],
  [/^\/connections\/.*$/, 'admin'],
  [/^\/notifications(\/.*)?$/, 'admin'],
];
const ORDER: Role[] = ['viewer', 'operator', 'approver', 'admin'];

function needs(url: string): Role {
  const found = NEEDS.find(([pattern]) => pattern.test(url));
  if (!found) throw new Error(`${url} is a console form no one decided the role of: add it to NEEDS`);
  return found[1];
}

describe.each(TEST_DIALECTS)('what each role may do in the console on %s', (dialect) => {
  let service: TestService;
  let forms: string[];
  let admin: ConsoleClient;
  let workspaceId: string;
  const members: Partial<Record<Role, ConsoleClient>> = {};

  beforeAll(async () => {
    service = await TestService.start(dialect);
    service.services.config.appUrl = service.url;
    forms = await consoleForms(service);
    admin = new ConsoleClient(service.url);
    const email = uniqueEmail('roles');
    await admin.signUp(email, PASSWORD);
    workspaceId = (await findUserByEmail(service.services.storage.db, email))?.id ?? '';
    for (const role of ['viewer', 'operator', 'approver'] as const)
      members[role] = (await inviteAndJoin(service.url, admin, role)).client;
  });
  afterAll(() => service.stop());

  /** What a refused form could have touched, to check it was not. */
  async function workspaceState() {
    const { db } = service.services.storage;
    const rows = await Promise.all([
      db.selectFrom('api_keys').selectAll().where('user_id', '=', workspaceId).execute(),
      db.selectFrom('memberships').selectAll().where('workspace_id', '=', workspaceId).execute(),
      db.selectFrom('invitations').selectAll().where('workspace_id', '=', workspaceId).execute(),
      db.selectFrom('webhook_endpoints').selectAll().where('user_id', '=', workspaceId).execute(),
      db.selectFrom('oauth_owned_clients').selectAll().where('user_id', '=', workspaceId).execute(),
      db.selectFrom('users').select('agents_stopped_at').where('id', '=', workspaceId).execute(),
      db.selectFrom('clients').selectAll().where('workspace_id', '=', workspaceId).execute(),
    ]);
    return JSON.stringify(rows);
  }

  it('reads every console form off the routes, each with a role decided', () => {
    expect(forms).toEqual(expect.arrayContaining(['/keys', '/members/invite', '/agents/stop', '/workspace']));
    expect(forms.length).toBeGreaterThanOrEqual(20);
    for (const url of forms) expect(ORDER).toContain(needs(url));
  });

  it.each(['viewer', 'operator', 'approver'] as const)(
    'as %s: a form beyond the role is refused with 403 and changes nothing; the others are not refused',
    async (role) => {
      const client = members[role];
      if (!client) throw new Error('no member');
      const csrf = csrfTokenOf((await client.get('/members')).text);
      const refusedBefore = await workspaceState();
      const refused: string[] = [];
      const allowed: string[] = [];
      for (const url of forms) {
        const path = url.replace(/:[a-z]+/g, 'nothing_here');
        const answer = await client.post(path, { _csrf: csrf });
        expect(answer.status, `${role} POST ${path}`).toBeLessThan(500);
        if (answer.status === 403) {
          expect(answer.text, path).toContain(`Your role in`);
          expect(answer.text, path).toContain(`is ${role}; this needs ${needs(url)} or above.`);
          refused.push(url);
        } else allowed.push(url);
      }
      const beyond = (url: string) => ORDER.indexOf(needs(url)) > ORDER.indexOf(role);
      expect(refused.toSorted()).toEqual(forms.filter(beyond).toSorted());
      expect(allowed.toSorted()).toEqual(forms.filter((url) => !beyond(url)).toSorted());
      if (role === 'viewer') expect(await workspaceState()).toBe(refusedBefore);
      // The member's /agents/stop stopped the workspace: the admin resumes it for the next role.
      if (role !== 'viewer') expect((await admin.submit('/keys', '/agents/resume', {})).status).toBe(303);
    },
  );

  it('a viewer sees every page of the workspace', async () => {
    const viewer = members.viewer;
    if (!viewer) throw new Error('no viewer');
    for (const path of [
      '/',
      '/activity',
      '/approvals',
      '/keys',
      '/connections',
      '/notifications',
      '/usage',
      '/billing',
      '/members',
      '/clients',
    ]) {
      const page = await viewer.get(path);
      expect(page.status, path).toBe(200);
    }
    // and is offered no form to invite or manage members
    const page = await viewer.get('/members');
    expect(page.text).not.toContain('action="/members/invite"');
  });
});
