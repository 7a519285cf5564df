import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../support/clock.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TestService } from '../support/service.ts';
import { authenticatorCode, authenticatorKeyOf, recoveryCodesOf } from './support/authenticator.ts';
import { ConsoleClient, csrfTokenOf, PASSWORD, uniqueEmail } from './support/console-client.ts';
import { inviteAndJoin } from './support/members.ts';

describe.each(TEST_DIALECTS)('a second factor in the console on %s', (dialect) => {
  let service: TestService;
  const clock = new TestClock('2026-12-03T10:00:00.000Z');

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    service.services.config.appUrl = service.url;
  });
  afterAll(() => service.stop());

  /** Posts to a form the page does not show (an approval that does not exist), with the session's token. */
  async function postWithToken(client: ConsoleClient, path: string) {
    return client.post(path, { _csrf: csrfTokenOf((await client.get('/account')).text) });
  }

  /** Sets up an authenticator for the signed-in client; answers its key and the recovery codes. */
  async function setUp(client: ConsoleClient) {
    const started = await client.follow(client.submit('/account', '/account/totp/start', {}));
    expect(started.text).toContain('<svg');
    const key = authenticatorKeyOf(started.text);
    const wrong = await client.submit('/account', '/account/totp/confirm', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('That code is not the one your authenticator shows now.');
    // Still the same key: the set-up waits for a right code.
    expect(authenticatorKeyOf(wrong.text)).toBe(key);
    const confirmed = await client.follow(
      client.post('/account/totp/confirm', {
        _csrf: csrfTokenOf(wrong.text),
        code: authenticatorCode(key, clock.now()),
      }),
    );
    const codes = recoveryCodesOf(confirmed.text);
    expect(codes).toHaveLength(10);
    // Shown once: the page opened again lists none.
    expect((await client.get('/account')).text).not.toContain('id="recovery-title"');
    clock.advanceSeconds(30);
    return { key, codes };
  }

  it('asks for the authenticator’s code at sign-in once set up, each code good once, a recovery code once', async () => {
    const client = new ConsoleClient(service.url);
    const email = uniqueEmail('totp');
    await client.signUp(email, PASSWORD);
    const { key, codes } = await setUp(client);
    expect((await client.get('/account')).text).toContain('10 recovery codes are left');

    const fresh = () => new ConsoleClient(service.url);
    const without = await fresh().signIn(email, PASSWORD);
    expect(without.status).toBe(401);
    expect(without.text).toContain('Enter the 6-digit code your authenticator app shows');
    const code = authenticatorCode(key, clock.now());
    const withCode = fresh();
    expect((await withCode.submit('/login', '/login', { email, password: PASSWORD, code })).status).toBe(303);
    expect((await withCode.get('/account')).text).toContain(', with a second factor.');
    // The same code again, within its 30 seconds: refused, as someone who saw it typed might try.
    expect((await fresh().submit('/login', '/login', { email, password: PASSWORD, code })).status).toBe(401);
    // A recovery code, with spaces and capitals as a person types it, once.
    const recovery = (codes[0] ?? '').toUpperCase().replace('-', ' - ');
    expect(
      (await fresh().submit('/login', '/login', { email, password: PASSWORD, code: recovery })).status,
    ).toBe(303);
    expect(
      (await fresh().submit('/login', '/login', { email, password: PASSWORD, code: recovery })).status,
    ).toBe(401);
    expect((await withCode.get('/account')).text).toContain('9 recovery codes are left');

    // Removing it takes a code of it too.
    expect((await withCode.submit('/account', '/account/totp/remove', { code: '123456' })).status).toBe(400);
    clock.advanceSeconds(30);
    const removed = await withCode.follow(
      withCode.submit('/account', '/account/totp/remove', { code: authenticatorCode(key, clock.now()) }),
    );
    expect(removed.text).toContain('The authenticator is removed');
    expect((await fresh().signIn(email, PASSWORD)).status).toBe(303);
  });

  it('a workspace that requires it lets approvers and admins decide only with a second factor', async () => {
    const admin = new ConsoleClient(service.url);
    const email = uniqueEmail('strict');
    await admin.signUp(email, PASSWORD);
    // Not without one of the admin's own: it would lock every admin form.
    const early = await admin.submit('/members', '/members/second-factor', { second_factor: 'approvers' });
    expect(early.status).toBe(400);
    const { key } = await setUp(admin);
    const again = new ConsoleClient(service.url);
    await again.submit('/login', '/login', {
      email,
      password: PASSWORD,
      code: authenticatorCode(key, clock.now()),
    });
    clock.advanceSeconds(30);
    expect(
      (await again.submit('/members', '/members/second-factor', { second_factor: 'approvers' })).location,
    ).toBe('/members');

    const approver = await inviteAndJoin(service.url, again, 'approver');
    const refused = await postWithToken(approver.client, '/approvals/apr_nothing/approve');
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('requires a second factor to approve and to administer');
    // The admin's own first session, opened without a code, is held to it too.
    expect(
      (await admin.submit('/members', '/members/invite', { email: uniqueEmail('x'), role: 'viewer' })).status,
    ).toBe(403);
    // A viewer's and an operator's forms are not: they neither approve nor administer.
    expect(
      (await approver.client.submit('/keys', '/keys', { name: 'still allowed', expires: '30d' })).status,
    ).toBe(303);

    const approverKey = (await setUp(approver.client)).key;
    const signedIn = new ConsoleClient(service.url);
    await signedIn.submit('/login', '/login', {
      email: approver.email,
      password: PASSWORD,
      code: authenticatorCode(approverKey, clock.now()),
    });
    // Past the second factor: an unknown approval is a 404, not a refusal.
    expect((await postWithToken(signedIn, '/approvals/apr_nothing/approve')).status).toBe(404);
  });
});
