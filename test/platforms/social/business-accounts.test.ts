import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignAccounts, createClient } from '../../../src/owners/clients.ts';
import { createKey } from '../../../src/owners/create-key.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import type { User } from '../../../src/storage/schema.ts';
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
 * An agency's Meta business and Google manager, connected through the console: the Meta connection lists
 * each ad account of the business (its own and its client's, none under /me/adaccounts), the Google one
 * each client of the manager; any of them can be put in an agency client, and a key for that client
 * reaches them and no other.
 */
describe.each(TEST_DIALECTS)('a Meta business and a Google manager in clients (%s)', (dialect) => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect);
    serveConsoleHere(service);
  });
  afterAll(() => service.stop());

  async function connect(browser: ConsoleClient, platform: 'social' | 'search', kind: string, name: string) {
    const start = await browser.post(`/connections/${platform}/connect`, {
      _csrf: csrfTokenOf((await browser.get('/connections')).text),
    });
    const consent = new URL(start.location ?? '');
    const approved = await browser.submit(consent.pathname + consent.search, consent.pathname, {
      account_name: name,
      sandbox_fault: kind,
      decision: 'approve',
    });
    expect(approved.status, approved.text).toBe(303);
    const callback = new URL(approved.location ?? '');
    expect((await browser.get(callback.pathname + callback.search)).location).toBe('/connections');
  }

  it('lists every account of the business and the manager, and limits a key to a client of them', async () => {
    const browser = new ConsoleClient(service.url);
    const email = uniqueEmail('agency');
    await browser.signUp(email, PASSWORD);
    await connect(browser, 'social', 'business', 'Agency BM');
    await connect(browser, 'search', 'manager', 'Agency MCC');
    const { db } = service.services.storage;
    const workspace = (await findUserByEmail(db, email)) as User;
    const social = await listAdAccounts(db, workspace.id, 'social');
    expect(social.map((a) => a.name).toSorted()).toEqual([
      'Agency BM: account 1',
      'Agency BM: account 2',
      'Agency BM: client account 1',
    ]);
    const search = await listAdAccounts(db, workspace.id, 'search');
    expect(search).toHaveLength(2);

    const [shopA, shopB] = social;
    const [googleA] = search;
    const client = await createClient(db, workspace, 'Acme', new Date());
    await assignAccounts(db, workspace, client, [
      `social:${shopA?.account_id}`,
      `search:${googleA?.account_id}`,
    ]);
    const key = await createKey(service.services, workspace, {
      name: 'acme',
      lifetime: 'never',
      limits: { client: 'Acme' },
    });
    const list = (tool: string, args: Record<string, string>) => callTool(service.url, key.key, tool, args);
    expect((await list('list_social_campaigns', { ad_account_id: shopA?.account_id ?? '' })).status).toBe(
      200,
    );
    expect((await list('list_search_campaigns', { customer_id: googleA?.account_id ?? '' })).status).toBe(
      200,
    );
    expect((await list('list_social_campaigns', { ad_account_id: shopB?.account_id ?? '' })).status).not.toBe(
      200,
    );
  });
});
