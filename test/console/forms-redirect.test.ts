import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../../src/owners/add-account.ts';
import { EXAMPLE_CAMPAIGN_IDS } from '../../src/sandbox/video/seed.ts';
import { listConnections } from '../../src/storage/accounts.ts';
import { listOAuthGrants } from '../../src/storage/oauth-grants.ts';
import { findUserByEmail } from '../../src/storage/users.ts';
import { createTestCertificate, type TestCertificate } from '../assets/support/test-certificate.ts';
import { verifierFromDocs } from '../notifications/support/docs-verifier.ts';
import { Receiver, receiverEnv } from '../notifications/support/receiver.ts';
import { obtainTokens, publicClient, startOAuthService } from '../oauth/support/oauth-flow.ts';
import { TestClock } from '../support/clock.ts';
import type { TestService } from '../support/service.ts';
import { authenticatorCode, authenticatorKeyOf } from './support/authenticator.ts';
import {
  ConsoleClient,
  type ConsoleResponse,
  callTool,
  csrfTokenOf,
  PASSWORD,
  uniqueEmail,
} from './support/console-client.ts';
import { consoleForms } from './support/console-forms.ts';
import { invitationLinkOf, memberIdOf } from './support/members.ts';

const KEY_PATTERN = /sk_live_[0-9A-Za-z]{38}/;

/**
 * Post/redirect/get, form by form: every console form that succeeds answers 303, so a reload reloads a page
 * and never sends the form again. Each form is sent here the way its page sends it; a form added to the
 * console fails this test until it is sent here too.
 */
describe('every console form that succeeds answers 303 (sqlite)', () => {
  let certificate: TestCertificate;
  let receiver: Receiver;
  let service: TestService;
  const clock = new TestClock('2026-12-03T10:00:00.000Z');

  beforeAll(async () => {
    certificate = createTestCertificate();
    receiver = await Receiver.start(certificate, await verifierFromDocs(), () =>
      service.services.clock.now(),
    );
    service = await startOAuthService('sqlite', { clock, env: receiverEnv(receiver, certificate) });
  });
  afterAll(async () => {
    await service?.stop();
    await receiver?.stop();
    certificate?.remove();
  });

  it('sends each form once, successfully, and each answers 303 to a page that opens', async () => {
    const answers = new Map<string, ConsoleResponse>();
    const sent = async (route: string, answer: Promise<ConsoleResponse>) => {
      const posted = await answer;
      answers.set(route, posted);
      return posted;
    };
    /** The page a form led to, opened as the browser does; its notice says the form succeeded. */
    const landed = async (client: ConsoleClient, route: string, answer: Promise<ConsoleResponse>) => {
      const page = await client.follow(sent(route, answer));
      expect(page.status, route).toBe(200);
      expect(page.text, route).toContain('notice-success');
      return page;
    };
    const db = service.services.storage.db;

    const visitor = new ConsoleClient(service.url);
    const email = uniqueEmail('forms');
    await sent('/signup', visitor.submit('/signup', '/signup', { email, password: PASSWORD }));
    await sent('/logout', visitor.submit('/keys', '/logout', {}));
    const admin = new ConsoleClient(service.url);
    await sent('/login', admin.submit('/login', '/login', { email, password: PASSWORD }));
    const user = await findUserByEmail(db, email);
    if (!user) throw new Error('sign-up made no workspace');
    await addAccount(service.services, user, { platform: 'video' });

    // Keys, apps and OAuth clients.
    const made = await landed(
      admin,
      '/keys',
      admin.submit('/keys', '/keys', { name: 'agent', expires: 'never', scope: 'spend' }),
    );
    const key = KEY_PATTERN.exec(made.text)?.[0] ?? '';
    const keyId = /action="\/keys\/(key_[0-9a-f]+)\/narrow"/.exec(made.text)?.[1] ?? '';
    await landed(
      admin,
      '/keys/oauth-clients',
      admin.submit('/keys', '/keys/oauth-clients', {
        name: 'My GPT',
        redirect_uri: 'https://chatgpt.com/aip/g-1/oauth/callback',
      }),
    );
    const clientId = /action="\/keys\/oauth-clients\/([^/"]+)\/delete"/.exec(
      (await admin.get('/keys')).text,
    )?.[1];
    await landed(
      admin,
      '/keys/oauth-clients/:id/delete',
      admin.submit('/keys', `/keys/oauth-clients/${clientId}/delete`, {}),
    );
    await obtainTokens(service.url, admin, await publicClient(service.url), { scope: 'read' });
    const [grant] = await listOAuthGrants(db, user.id);
    await landed(admin, '/keys/apps/:id/revoke', admin.submit('/keys', `/keys/apps/${grant?.id}/revoke`, {}));

    // A change to revert, an approval to decide, a monitor to change: made by the agent's key.
    const paused = await callTool(service.url, key, 'update_video_campaign', {
      campaign_id: EXAMPLE_CAMPAIGN_IDS.alwaysOn,
      operation_status: 'DISABLE',
    });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    const activity = await admin.get('/activity');
    const changePath = /href="(\/activity\/[^"?]+)"/.exec(activity.text)?.[1] ?? '';
    const revert = /action="(\/activity\/[^"]+\/revert)"/.exec((await admin.get(changePath)).text)?.[1] ?? '';
    await landed(admin, '/activity/:id/revert', admin.submit(changePath, revert, {}));
    const approvals: string[] = [];
    for (const campaignId of [EXAMPLE_CAMPAIGN_IDS.alwaysOn, EXAMPLE_CAMPAIGN_IDS.retargeting]) {
      const asked = await callTool(service.url, key, 'update_video_campaign', {
        campaign_id: campaignId,
        daily_budget: 8000,
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(202);
      approvals.push(asked.body.data.structured.approval.id);
    }
    await landed(
      admin,
      '/approvals/:id/approve',
      admin.submit(`/approvals/${approvals[0]}`, `/approvals/${approvals[0]}/approve`, {}),
    );
    await landed(
      admin,
      '/approvals/:id/reject',
      admin.submit(`/approvals/${approvals[1]}`, `/approvals/${approvals[1]}/reject`, {}),
    );
    const monitor = await callTool(service.url, key, 'create_monitor', {
      platform: 'video',
      name: 'Runaway watch',
      conditions: [{ metric: 'spend', operator: '>', threshold: 1000 }],
      action: 'notify',
    });
    expect(monitor.status, JSON.stringify(monitor.body)).toBe(200);
    const monitorPath = `/monitors/${monitor.body.data.structured.monitor.id}`;
    await landed(admin, '/monitors/:id', admin.submit(monitorPath, monitorPath, { name: 'Spend watch' }));
    await landed(admin, '/monitors/:id/suspend', admin.submit(monitorPath, `${monitorPath}/suspend`, {}));
    await landed(admin, '/monitors/:id/resume', admin.submit(monitorPath, `${monitorPath}/resume`, {}));
    await landed(admin, '/monitors/:id/delete', admin.submit(monitorPath, `${monitorPath}/delete`, {}));
    await landed(
      admin,
      '/keys/:id/narrow',
      admin.submit('/keys', `/keys/${keyId}/narrow`, { scope: 'read' }),
    );
    await landed(admin, '/agents/stop', admin.submit('/keys', '/agents/stop', {}));
    await landed(admin, '/agents/resume', admin.submit('/keys', '/agents/resume', {}));
    await landed(admin, '/keys/:id/revoke', admin.submit('/keys', `/keys/${keyId}/revoke`, {}));

    const operatorEmail = uniqueEmail('operator');
    // Members: an invitation joined, one withdrawn, a role changed, a member removed.
    const invited = await landed(
      admin,
      '/members/invite',
      admin.submit('/members', '/members/invite', { email: operatorEmail, role: 'operator' }),
    );
    const joinPath = new URL(invitationLinkOf(invited.text)).pathname;
    const operator = new ConsoleClient(service.url);
    await sent('/invitations/:token', operator.submit(joinPath, joinPath, { password: PASSWORD }));
    await admin.submit('/members', '/members/invite', { email: uniqueEmail('late'), role: 'viewer' });
    const withdraw = /action="(\/members\/invitations\/[^"]+\/withdraw)"/.exec(
      (await admin.get('/members')).text,
    )?.[1];
    await landed(admin, '/members/invitations/:id/withdraw', admin.submit('/members', withdraw ?? '', {}));
    const operatorId = memberIdOf((await admin.get('/members')).text, operatorEmail);
    await landed(
      admin,
      '/members/:id/role',
      admin.submit('/members', `/members/${operatorId}/role`, { role: 'approver' }),
    );
    await landed(
      admin,
      '/members/two-approvers',
      admin.submit('/members', '/members/two-approvers', { two_approvers_above: '500:USD' }),
    );

    // Clients: one added, given the account, an envelope, and a member limited to it.
    await landed(admin, '/clients', admin.submit('/clients', '/clients', { name: 'Acme Shoes' }));
    const clientsPage = (await admin.get('/clients')).text;
    const clientPath = /action="(\/clients\/[^/"]+)\/accounts"/.exec(clientsPage)?.[1] ?? '';
    const accountKey = /name="account" value="([^"]+)"/.exec(clientsPage)?.[1] ?? '';
    await landed(
      admin,
      '/clients/:id/accounts',
      admin.submit('/clients', `${clientPath}/accounts`, { account: [accountKey] }),
    );
    await landed(
      admin,
      '/clients/:id/envelope',
      admin.submit('/clients', `${clientPath}/envelope`, { envelope: '5000:USD' }),
    );
    await landed(
      admin,
      '/clients/members/:id',
      admin.submit('/clients', `/clients/members/${operatorId}`, {
        client: [clientPath.split('/')[2] ?? ''],
      }),
    );
    await landed(admin, '/members/:id/remove', admin.submit('/members', `/members/${operatorId}/remove`, {}));

    // Webhooks.
    const endpoint = await landed(
      admin,
      '/notifications',
      admin.submit('/notifications', '/notifications', {
        url: receiver.url('/forms'),
        events: ['quota.threshold'],
      }),
    );
    const endpointPath = /action="(\/notifications\/whk_[0-9a-f]+)\/test"/.exec(endpoint.text)?.[1] ?? '';
    for (const action of ['test', 'rotate', 'disable', 'enable', 'delete']) {
      await landed(
        admin,
        `/notifications/:id/${action}`,
        admin.submit('/notifications', `${endpointPath}/${action}`, {}),
      );
    }

    // Connections: connecting leaves for the platform's consent; disconnecting one comes back.
    const connect = await sent(
      '/connections/:platform/connect',
      admin.submit('/connections', '/connections/search/connect', {}),
    );
    expect(connect.location).toMatch(/^https?:\/\//);
    const [connection] = await listConnections(db, user.id);
    await landed(
      admin,
      '/connections/:id/disconnect',
      admin.submit('/connections', `/connections/${connection?.id}/disconnect`, {}),
    );

    // A second factor: set up, required, no longer required, removed.
    const started = await admin.follow(
      sent('/account/totp/start', admin.submit('/account', '/account/totp/start', {})),
    );
    const secret = authenticatorKeyOf(started.text);
    await landed(
      admin,
      '/account/totp/confirm',
      admin.submit('/account', '/account/totp/confirm', { code: authenticatorCode(secret, clock.now()) }),
    );
    clock.advanceSeconds(30);
    const strict = new ConsoleClient(service.url);
    await strict.submit('/login', '/login', {
      email,
      password: PASSWORD,
      code: authenticatorCode(secret, clock.now()),
    });
    for (const value of ['approvers', 'off']) {
      await landed(
        strict,
        '/members/second-factor',
        strict.post('/members/second-factor', {
          _csrf: csrfTokenOf((await strict.get('/members')).text),
          second_factor: value,
        }),
      );
    }
    clock.advanceSeconds(30);
    await landed(
      strict,
      '/account/totp/remove',
      strict.submit('/account', '/account/totp/remove', { code: authenticatorCode(secret, clock.now()) }),
    );

    // Another workspace the admin joins, and switches to.
    const other = new ConsoleClient(service.url);
    await other.signUp(uniqueEmail('other'), PASSWORD);
    const invitation = await other.follow(
      other.submit('/members', '/members/invite', { email, role: 'viewer' }),
    );
    const otherPath = new URL(invitationLinkOf(invitation.text)).pathname;
    await new ConsoleClient(service.url).submit(otherPath, otherPath, { password: PASSWORD });
    const home = await strict.get('/');
    const otherId = /<option value="([^"]+)">/.exec(home.text)?.[1] ?? '';
    await sent('/workspace', strict.submit('/', '/workspace', { workspace_id: otherId }));

    const forms = [...(await consoleForms(service)), '/login', '/signup', '/logout', '/invitations/:token'];
    expect([...answers.keys()].toSorted()).toEqual(forms.toSorted());
    for (const [route, answer] of answers)
      expect([route, answer.status, answer.text.slice(0, 300)]).toEqual([route, 303, '']);
  });
});
