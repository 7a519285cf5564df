import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '../../../src/owners/create-key.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import { findUserByEmail } from '../../../src/storage/users.ts';
import {
  ConsoleClient,
  callTool,
  csrfTokenOf,
  PASSWORD,
  uniqueEmail,
} from '../../console/support/console-client.ts';
import { serveConsoleHere } from '../../support/consent.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';

/**
 * A Google Ads connection made through a manager account (MCC): the sandbox grants only the manager, as
 * Google does when a person signs in with the manager's user; the connection lists the manager's client
 * accounts (from its customer_client hierarchy), and each call on a client sends the manager as
 * `login-customer-id`, without which the sandbox, like Google, refuses it (USER_PERMISSION_DENIED).
 */
describe.each(TEST_DIALECTS)('Google Ads manager accounts (%s)', (dialect) => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect);
    serveConsoleHere(service);
  });
  afterAll(() => service.stop());

  it('lists the clients of a manager, and calls each through it', async () => {
    const browser = new ConsoleClient(service.url);
    const email = uniqueEmail('agency');
    await browser.signUp(email, PASSWORD);
    const start = await browser.post('/connections/search/connect', {
      _csrf: csrfTokenOf((await browser.get('/connections')).text),
    });
    expect(start.status).toBe(303);
    const consent = new URL(start.location ?? '');
    const page = await browser.get(consent.pathname + consent.search);
    expect(page.text).toContain('A manager account (MCC) over 2 client accounts');
    const approved = await browser.submit(consent.pathname + consent.search, consent.pathname, {
      account_name: 'Agency MCC',
      sandbox_fault: 'manager',
      decision: 'approve',
    });
    expect(approved.status, approved.text).toBe(303);
    const callback = new URL(approved.location ?? '');
    expect((await browser.get(callback.pathname + callback.search)).location).toBe('/connections');

    const { db } = service.services.storage;
    const user = await findUserByEmail(db, email);
    if (!user) throw new Error('no user');
    const accounts = await listAdAccounts(db, user.id, 'search');
    expect(accounts.map((a) => a.name).toSorted()).toEqual(['Agency MCC: client 1', 'Agency MCC: client 2']);
    const managers = new Set(accounts.map((a) => a.login_customer_id));
    expect(managers.size).toBe(1);
    const [managerId] = [...managers];
    expect(managerId).toMatch(/^\d{10}$/);
    expect(accounts.map((a) => a.account_id)).not.toContain(managerId);
    const stored = await new SandboxStore(db, 'search').get<{ manager?: boolean }>(
      'account',
      managerId ?? '',
    );
    expect(stored?.data.manager).toBe(true);

    const key = (await issueKey(db, user, 'agent', 'never', new Date())).key;
    for (const account of accounts) {
      const listed = await callTool(service.url, key, 'list_search_campaigns', {
        customer_id: account.account_id,
      });
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      expect(listed.body.data.structured.campaigns.length).toBeGreaterThan(0);
    }

    // Without the manager named, the sandbox refuses the client as Google does: the header is what works.
    const [first] = accounts;
    await db
      .updateTable('ad_accounts')
      .set({ login_customer_id: null })
      .where('id', '=', first?.id ?? '')
      .execute();
    const refused = await callTool(service.url, key, 'list_search_campaigns', {
      customer_id: first?.account_id,
    });
    expect(refused.status).not.toBe(200);
    expect(JSON.stringify(refused.body)).toMatch(/permission|login-customer-id/i);
  });
});
