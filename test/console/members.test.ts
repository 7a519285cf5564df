import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listApiKeys } from '../../src/storage/api-keys.ts';
import { findUserByEmail } from '../../src/storage/users.ts';
import { TestClock } from '../support/clock.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TestService } from '../support/service.ts';
import { ConsoleClient, PASSWORD, uniqueEmail } from './support/console-client.ts';
import { invitationLinkOf, inviteAndJoin, memberIdOf } from './support/members.ts';

describe.each(TEST_DIALECTS)('workspace members in the console on %s', (dialect) => {
  let service: TestService;
  const clock = new TestClock('2026-12-03T10:00:00.000Z');

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    service.services.config.appUrl = service.url;
  });
  afterAll(() => service.stop());

  async function admin() {
    const client = new ConsoleClient(service.url);
    const email = uniqueEmail('admin');
    await client.signUp(email, PASSWORD);
    const workspace = await findUserByEmail(service.services.storage.db, email);
    if (!workspace) throw new Error('no workspace');
    return { client, email, workspace };
  }

  it('an admin invites by link; the person joins with a new password, once, and sees the workspace as their role', async () => {
    const owner = await admin();
    const { client, email, path } = await inviteAndJoin(service.url, owner.client, 'operator');
    const home = await client.get('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain(`${email} · operator`);
    expect(home.text).toContain(`<span class="workspace">${owner.email}</span>`);
    // The operator sees the admin's keys page: keys belong to the workspace, not to who made them.
    const made = await client.submit('/keys', '/keys', { name: 'made by the operator', expires: '30d' });
    expect(made.status).toBe(303);
    expect((await listApiKeys(service.services.storage.db, owner.workspace.id)).map((k) => k.name)).toContain(
      'made by the operator',
    );
    // The link opens once.
    const again = await new ConsoleClient(service.url).get(path);
    expect(again.status).toBe(410);
    expect(again.text).toContain('This invitation was used already.');
    const members = await owner.client.get('/members');
    expect(members.text).toContain(email);
    expect(members.text).not.toContain('Invitations not yet accepted');
  });

  it('an invitation ends after 7 days, or when withdrawn, and a forged link opens nothing', async () => {
    const owner = await admin();
    const late = await owner.client.follow(
      owner.client.submit('/members', '/members/invite', {
        email: uniqueEmail('late'),
        role: 'viewer',
      }),
    );
    const latePath = new URL(invitationLinkOf(late.text)).pathname;
    clock.advanceSeconds(1);
    const withdrawn = await owner.client.follow(
      owner.client.submit('/members', '/members/invite', {
        email: uniqueEmail('withdrawn'),
        role: 'viewer',
      }),
    );
    const withdrawnPath = new URL(invitationLinkOf(withdrawn.text)).pathname;
    const page = await owner.client.get('/members');
    const withdrawAction =
      /action="(\/members\/invitations\/inv_[0-9a-f]+\/withdraw)"/.exec(page.text)?.[1] ?? '';
    // Newest first: the first withdraw button is the second invitation's.
    expect((await owner.client.submit('/members', withdrawAction, {})).location).toBe('/members');
    expect((await new ConsoleClient(service.url).get(withdrawnPath)).status).toBe(410);

    clock.advanceSeconds(7 * 86_400 + 1);
    try {
      const expired = await new ConsoleClient(service.url).get(latePath);
      expect(expired.status).toBe(410);
      expect(expired.text).toContain('This invitation has expired.');
      const forged = await new ConsoleClient(service.url).get('/invitations/not-a-token-anyone-was-given');
      expect(forged.status).toBe(404);
    } finally {
      clock.set('2026-12-03T10:00:00.000Z');
    }
  });

  it('someone with a password joins a second workspace with it, and switches between the two', async () => {
    const first = await admin();
    const second = await admin();
    // The first admin is invited to the second workspace as approver, and joins with the password they have.
    const invited = await second.client.follow(
      second.client.submit('/members', '/members/invite', {
        email: first.email,
        role: 'approver',
      }),
    );
    const path = new URL(invitationLinkOf(invited.text)).pathname;
    const visitor = new ConsoleClient(service.url);
    expect((await visitor.submit(path, path, { password: 'a wrong password, long' })).status).toBe(401);
    expect((await visitor.submit(path, path, { password: PASSWORD })).status).toBe(303);
    const home = await visitor.get('/');
    expect(home.text).toContain(`${first.email} · approver`);
    expect(home.text).toContain(`<option value="${second.workspace.id}" selected>`);

    const back = await visitor.submit('/', '/workspace', { workspace_id: first.workspace.id });
    expect(back.location).toBe('/');
    expect((await visitor.get('/')).text).toContain(`${first.email} · admin`);
    // A workspace the person is not a member of stays closed, whatever id the form carries.
    const stranger = await admin();
    const refused = await visitor.submit('/', '/workspace', { workspace_id: stranger.workspace.id });
    expect(refused.status).toBe(400);
    expect((await visitor.get('/')).text).toContain(`${first.email} · admin`);
  });

  it('keeps the last admin, and a removed member is signed out of the workspace at once', async () => {
    const owner = await admin();
    const page = await owner.client.get('/members');
    const ownId = memberIdOf(page.text, owner.email);
    const demote = await owner.client.submit('/members', `/members/${ownId}/role`, { role: 'viewer' });
    expect(demote.status).toBe(400);
    expect(demote.text).toContain(
      `This is the last admin of ${owner.email}: make another member admin first`,
    );
    const remove = await owner.client.submit('/members', `/members/${ownId}/remove`, {});
    expect(remove.status).toBe(400);

    const viewer = await inviteAndJoin(service.url, owner.client, 'viewer');
    const before = await viewer.client.get('/keys');
    expect(before.status, before.text.slice(0, 2000)).toBe(200);
    const members = await owner.client.get('/members');
    const viewerId = memberIdOf(members.text, viewer.email);
    expect((await owner.client.submit('/members', `/members/${viewerId}/remove`, {})).location).toBe(
      '/members',
    );
    const after = await viewer.client.get('/keys');
    expect(after.status).toBe(303);
    expect(after.location).toBe('/login?next=%2Fkeys');
    // Signing in again opens no workspace: they belong to none now.
    const signIn = await new ConsoleClient(service.url).signIn(viewer.email, PASSWORD);
    expect(signIn.status).toBe(403);
    expect(signIn.text).toContain('You are not a member of any workspace');
  });

  it('refuses an invitation of a member, or with a role that does not exist, saying why', async () => {
    const owner = await admin();
    const self = await owner.client.submit('/members', '/members/invite', {
      email: owner.email,
      role: 'viewer',
    });
    expect(self.status).toBe(400);
    expect(self.text).toContain(`${owner.email} is already a member of ${owner.email}, as admin`);
    const boss = await owner.client.submit('/members', '/members/invite', {
      email: uniqueEmail('x'),
      role: 'boss',
    });
    expect(boss.status).toBe(400);
    expect(boss.text).toContain('The role &quot;boss&quot; is not one of viewer, operator, approver, admin');
  });
});
