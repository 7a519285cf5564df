import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '../../src/owners/create-key.ts';
import { SANDBOX_CLIENT } from '../../src/platforms/endpoints.ts';
import { connectRedirectUri } from '../../src/platforms/oauth-flow.ts';
import { SandboxStore } from '../../src/sandbox/store.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { findUserByEmail } from '../../src/storage/users.ts';
import {
  ConsoleClient,
  callTool,
  csrfTokenOf,
  PASSWORD,
  uniqueEmail,
} from '../console/support/console-client.ts';
import { serveConsoleHere, sessionCookie } from '../support/consent.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TestService } from '../support/service.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(TEST_DIALECTS)(
  'the sandbox consent page grants only the signed-in owner’s accounts on %s',
  (dialect) => {
    let service: TestService;
    /** The victim: an owner with a video sandbox account and its seeded campaign. */
    let ann: Owner;
    let annAccount: string;
    let annCampaign: string;

    beforeAll(async () => {
      service = await TestService.start(dialect);
      serveConsoleHere(service);
      ann = await service.createOwner('pro', ['video']);
      annAccount =
        (await listAdAccounts(service.services.storage.db, ann.userId, 'video'))[0]?.account_id ?? '';
      const [campaign] = await new SandboxStore(service.services.storage.db, 'video').list(
        'campaign',
        annAccount,
      );
      annCampaign = campaign?.id ?? '';
    });
    afterAll(() => service.stop());

    const consentPath = '/sandbox/video/oauth/authorize';
    const consentUrl = () => `${service.url}${consentPath}`;

    /** What the console's connect flow sends to the consent page, with the given changes. */
    function parameters(changes: Record<string, string> = {}): Record<string, string> {
      return {
        app_id: SANDBOX_CLIENT.clientId,
        redirect_uri: connectRedirectUri(service.services, 'video'),
        state: 'st4te',
        sandbox_accounts: '',
        ...changes,
      };
    }

    async function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
      const response = await fetch(consentUrl(), {
        method: 'POST',
        headers: { ...FORM, ...headers },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      });
      return {
        status: response.status,
        location: response.headers.get('location'),
        text: await response.text(),
      };
    }

    async function get(query: Record<string, string>, cookie?: string) {
      const response = await fetch(`${consentUrl()}?${new URLSearchParams(query)}`, {
        headers: cookie ? { cookie } : {},
        redirect: 'manual',
      });
      return {
        status: response.status,
        location: response.headers.get('location'),
        text: await response.text(),
      };
    }

    /** An owner signed in to the console, with the form token its consent pages carry. */
    async function signedIn(owner: Owner) {
      const cookie = await sessionCookie(service, owner.userId);
      const page = await get(parameters(), cookie);
      expect(page.status, page.text).toBe(200);
      return { cookie, csrf: csrfTokenOf(page.text) };
    }

    async function counts() {
      const { db } = service.services.storage;
      const row = async (table: 'sandbox_account_owners' | 'sandbox_tokens') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      return { accounts: await row('sandbox_account_owners'), tokens: await row('sandbox_tokens') };
    }

    /** Every sandbox token covering Ann's account was issued to Ann. */
    async function tokensOnAnnsAccountHolders(): Promise<Array<string | null>> {
      const rows = await service.services.storage.db
        .selectFrom('sandbox_tokens')
        .select(['user_id', 'account_ids'])
        .execute();
      return [
        ...new Set(
          rows
            .filter((row) => (JSON.parse(row.account_ids) as string[]).includes(annAccount))
            .map((r) => r.user_id),
        ),
      ];
    }

    async function annCampaignName(): Promise<unknown> {
      const campaign = await new SandboxStore(service.services.storage.db, 'video').get<{
        campaign_name: string;
      }>('campaign', annCampaign);
      return campaign?.data.campaign_name;
    }

    it('sends a visitor to sign in to the console, and back to the consent page after', async () => {
      const query = parameters();
      const anonymous = await get(query);
      expect(anonymous.status).toBe(303);
      const login = new URL(anonymous.location ?? '');
      expect(login.origin + login.pathname).toBe(`${service.url}/login`);
      const next = login.searchParams.get('next') ?? '';
      expect(next.startsWith(`${consentPath}?`)).toBe(true);

      const browser = new ConsoleClient(service.url);
      const email = uniqueEmail('consent');
      await browser.signUp(email, PASSWORD);
      await browser.post('/logout', { _csrf: csrfTokenOf((await browser.get('/keys')).text) });
      const signIn = await browser.submit(`/login?next=${encodeURIComponent(next)}`, '/login', {
        email,
        password: PASSWORD,
      });
      expect(signIn.status, signIn.text).toBe(303);
      expect(signIn.location).toBe(next);
      const back = await browser.get(next);
      expect(back.status, back.text).toBe(200);
      expect(back.text).toContain('Approve');
      expect(back.text).toContain(email);
    });

    it('answers an anonymous POST with 403: no code, no redirect, no account', async () => {
      const before = await counts();
      for (const sandboxAccounts of ['', annAccount]) {
        const answer = await post({
          ...parameters({ sandbox_accounts: sandboxAccounts }),
          decision: 'approve',
        });
        expect(answer.status).toBe(403);
        expect(answer.location).toBeNull();
        expect(answer.text).toContain('Sign in to the console first');
      }
      expect(await counts()).toEqual(before);
    });

    it('refuses another owner’s account in sandbox_accounts, on the page and in the posted form', async () => {
      const bob = await service.createOwner('pro', ['video']);
      const bobAccount = (await listAdAccounts(service.services.storage.db, bob.userId, 'video'))[0]
        ?.account_id;
      const { cookie, csrf } = await signedIn(bob);
      const before = await counts();

      const page = await get(parameters({ sandbox_accounts: annAccount }), cookie);
      expect(page.status).toBe(403);
      expect(page.text).toContain(`sandbox account ${annAccount} belongs to another owner`);
      expect(page.text).not.toContain('Approve');

      for (const sandboxAccounts of [
        annAccount,
        `${bobAccount},${annAccount}`,
        `${annAccount},${annAccount}`,
      ]) {
        const answer = await post(
          { ...parameters({ sandbox_accounts: sandboxAccounts }), decision: 'approve', _csrf: csrf },
          { cookie },
        );
        expect(answer.status, sandboxAccounts).toBe(403);
        expect(answer.location).toBeNull();
      }
      // An id nobody owns is nobody's to grant either.
      const unowned = await post(
        { ...parameters({ sandbox_accounts: '7000000000000000001' }), decision: 'approve', _csrf: csrf },
        { cookie },
      );
      expect(unowned.status).toBe(403);
      expect(await counts()).toEqual(before);
      expect(await tokensOnAnnsAccountHolders()).toEqual([ann.userId]);

      // Bob's own account is granted again, as a reconnect does.
      const own = await post(
        { ...parameters({ sandbox_accounts: bobAccount ?? '' }), decision: 'approve', _csrf: csrf },
        { cookie },
      );
      expect(own.status).toBe(303);
      expect(new URL(own.location ?? '').searchParams.get('auth_code')).toMatch(/^sbx_video_code_/);
    });

    it('keeps the console’s connect flow to the owner’s accounts, tampered forms and API calls included', async () => {
      const browser = new ConsoleClient(service.url);
      const email = uniqueEmail('mallory');
      await browser.signUp(email, PASSWORD);
      const connectPage = await browser.get('/connections');
      const start = await browser.post('/connections/video/connect', {
        _csrf: csrfTokenOf(connectPage.text),
      });
      expect(start.status).toBe(303);
      const consentAt = new URL(start.location ?? '');
      expect(consentAt.origin + consentAt.pathname).toBe(consentUrl());
      const path = consentAt.pathname + consentAt.search;

      // The hidden field edited to name Ann's account, and the URL edited the same way: refused.
      const tampered = await browser.submit(path, consentPath, {
        sandbox_accounts: annAccount,
        decision: 'approve',
      });
      expect(tampered.status).toBe(403);
      expect(tampered.location).toBeNull();
      consentAt.searchParams.set('sandbox_accounts', annAccount);
      expect((await browser.get(consentAt.pathname + consentAt.search)).status).toBe(403);

      // The honest flow makes Mallory's own account and connects it.
      const approved = await browser.submit(path, consentPath, {
        account_name: 'Mallory video',
        decision: 'approve',
      });
      expect(approved.status, approved.text).toBe(303);
      const callback = new URL(approved.location ?? '');
      expect(callback.origin + callback.pathname).toBe(connectRedirectUri(service.services, 'video'));
      const connected = await browser.get(callback.pathname + callback.search);
      expect(connected.location).toBe('/connections');

      const user = await findUserByEmail(service.services.storage.db, email);
      if (!user) throw new Error('sign-up made no user');
      const accounts = (await listAdAccounts(service.services.storage.db, user.id, 'video')).map(
        (a) => a.account_id,
      );
      expect(accounts).toHaveLength(1);
      expect(accounts).not.toContain(annAccount);

      // Her API key reaches her account only: Ann's account id and campaign are refused, and untouched.
      const key = (await issueKey(service.services.storage.db, user, 'agent', 'never', new Date())).key;
      const attack = await callTool(service.url, key, 'update_video_campaign', {
        advertiser_id: annAccount,
        campaign_id: annCampaign,
        name: 'Taken over',
      });
      expect(attack.status).toBe(400);
      expect(attack.body.code).toBe('account_selection_required');
      const viaOwn = await callTool(service.url, key, 'update_video_campaign', {
        campaign_id: annCampaign,
        name: 'Taken over',
      });
      expect(viaOwn.status).toBe(400);
      expect(viaOwn.body.code).toBe('upstream_rejected');
      expect(await annCampaignName()).toBe('Spring launch');
      expect(await tokensOnAnnsAccountHolders()).toEqual([ann.userId]);

      // Reconnecting asks for her account again, and only hers.
      const reconnectPage = await browser.get('/connections');
      const again = await browser.post('/connections/video/connect', {
        _csrf: csrfTokenOf(reconnectPage.text),
      });
      const againAt = new URL(again.location ?? '');
      expect(againAt.searchParams.get('sandbox_accounts')).toBe(accounts[0]);
      const regranted = await browser.submit(againAt.pathname + againAt.search, consentPath, {
        decision: 'approve',
      });
      expect(regranted.status).toBe(303);
      const back = new URL(regranted.location ?? '');
      expect((await browser.get(back.pathname + back.search)).location).toBe('/connections');
    });

    it('answers a redirect_uri other than the registered callback, or another client, with a 400 page', async () => {
      const { cookie, csrf } = await signedIn(ann);
      const registered = connectRedirectUri(service.services, 'video');
      const before = await counts();
      const wrong: Array<Record<string, string>> = [
        { redirect_uri: 'https://evil.example/cb' },
        { redirect_uri: `${registered}/../../evil` },
        { redirect_uri: `${registered}?next=https://evil.example` },
        { redirect_uri: registered.replace('/video/', '/search/') },
        { redirect_uri: registered.toUpperCase() },
        { redirect_uri: '' },
        { app_id: 'another-client' },
      ];
      for (const change of wrong) {
        const page = await get(parameters(change), cookie);
        expect(page.status, JSON.stringify(change)).toBe(400);
        expect(page.location).toBeNull();
        expect(page.text).not.toContain('Approve');
        for (const sandboxAccounts of ['', annAccount]) {
          const answer = await post(
            {
              ...parameters({ ...change, sandbox_accounts: sandboxAccounts }),
              decision: 'approve',
              _csrf: csrf,
            },
            { cookie },
          );
          expect(answer.status, JSON.stringify(change)).toBe(400);
          expect(answer.location).toBeNull();
          expect(answer.text).toContain('Invalid request');
        }
      }
      // Not even a denial is sent to a foreign address.
      const denied = await post(
        { ...parameters({ redirect_uri: 'https://evil.example/cb' }), decision: 'deny', _csrf: csrf },
        { cookie },
      );
      expect([denied.status, denied.location]).toEqual([400, null]);
      expect(await counts()).toEqual(before);
    });

    it('refuses a form posted without its token, with another session’s, or from another site', async () => {
      const { cookie, csrf } = await signedIn(ann);
      const other = await signedIn(await service.createOwner());
      const before = await counts();
      const approve = { ...parameters({ sandbox_accounts: annAccount }), decision: 'approve' };
      const forged: Array<{ fields: Record<string, string>; headers: Record<string, string> }> = [
        { fields: approve, headers: { cookie } },
        { fields: { ...approve, _csrf: other.csrf }, headers: { cookie } },
        { fields: { ...approve, _csrf: csrf }, headers: { cookie, origin: 'https://evil.example' } },
        {
          fields: { ...parameters(), decision: 'approve', _csrf: csrf },
          headers: { cookie, origin: 'null' },
        },
      ];
      for (const { fields, headers } of forged) {
        const answer = await post(fields, headers);
        expect(answer.status).toBe(403);
        expect(answer.location).toBeNull();
        expect(answer.text).toContain('This form was refused');
      }
      expect(await counts()).toEqual(before);
      const genuine = await post({ ...approve, _csrf: csrf }, { cookie, origin: service.url });
      expect(genuine.status).toBe(303);
    });

    it('is never framed or cached, like the console’s pages', async () => {
      const { cookie } = await signedIn(ann);
      const response = await fetch(`${consentUrl()}?${new URLSearchParams(parameters())}`, {
        headers: { cookie },
      });
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('cache-control')).toBe('no-store');
    });
  },
);
