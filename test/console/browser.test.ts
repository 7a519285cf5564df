import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '../../src/owners/create-key.ts';
import { listConnections } from '../../src/storage/accounts.ts';
import { setConnectionStatus } from '../../src/storage/connections.ts';
import { findUserByEmail } from '../../src/storage/users.ts';
import { TestService } from '../support/service.ts';
import { launchChromium, screenshot } from './support/browser.ts';
import { callTool, PASSWORD, uniqueEmail } from './support/console-client.ts';
import { horizontalOverflow, unlabelledControls } from './support/page-checks.ts';

const KEY_PATTERN = /^sk_live_[0-9A-Za-z]{38}$/;

function nav(page: Page, section: string) {
  return page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: section, exact: true });
}

// A real browser on a shared two-core machine: generous limits, though the file takes about 20 s alone.
describe('the owner console in Chromium', { timeout: 90_000 }, () => {
  let service: TestService;
  let browser: Browser;
  /** Every URL any page asked for: the console must need nothing from another origin. */
  const requested: string[] = [];

  beforeAll(async () => {
    service = await TestService.start('sqlite');
    // The platform sends the owner back to {app_url}; the test server's port is known only now.
    service.services.config.appUrl = service.url;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  /** A fresh browser profile; its requests are recorded unless it also visits the other site on purpose. */
  async function newPage(record = true): Promise<Page> {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    if (record) page.on('request', (request) => requested.push(request.url()));
    return page;
  }

  async function signUp(page: Page, email: string): Promise<void> {
    await page.goto(`${service.url}/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${service.url}/`);
  }

  it('signs up, creates a key, sees its call on the usage page, revokes it and gets 401', async () => {
    const page = await newPage();
    await page.goto(service.url);
    await page.waitForURL(`${service.url}/login`);
    await screenshot(page, 'login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await screenshot(page, 'signup');
    const email = uniqueEmail('browser');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${service.url}/`);
    // A new owner lands on the overview's first steps, which lead to the key form.
    await page.getByRole('link', { name: 'Create an API key' }).click();
    await page.waitForURL(`${service.url}/keys`);

    // By keyboard alone: name, then Tab to the expiry (one down from 90 days is 1 year), Tab, Enter.
    await page.getByLabel('Name', { exact: true }).fill('browser agent');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const secret = page.getByLabel('API key');
    await secret.waitFor();
    const key = await secret.inputValue();
    expect(key).toMatch(KEY_PATTERN);
    await expect(page.getByText('Copy it now: it is shown only this once.').isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(key);
    expect(page.url()).toBe(`${service.url}/keys`);
    await screenshot(page, 'keys-new-key');
    expect(await unlabelledControls(page)).toEqual([]);

    const row = page.getByRole('row', { name: /browser agent/ });
    const expires = await row.locator('time').nth(1).getAttribute('datetime');
    expect((Date.parse(expires ?? '') - Date.now()) / 86_400_000).toBeCloseTo(365, 0);

    // The form redirected (post/redirect/get): a reload loads the page again, with no second key and no secret.
    await page.reload();
    await page.getByRole('row', { name: /browser agent/ }).waitFor();
    expect(await page.content()).not.toContain(key);
    expect(await page.getByRole('row', { name: /browser agent/ }).count()).toBe(1);

    expect((await callTool(service.url, key, 'list_connected_accounts')).status).toBe(200);
    await nav(page, 'Usage').click();
    await page.waitForURL(`${service.url}/usage`);
    // Audit rows are written in batches every 100 ms: the call shows up on a reload soon after.
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByRole('row', { name: /list_connected_accounts/ }).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    const call = page.getByRole('row', { name: /list_connected_accounts/ });
    await expect(call.textContent()).resolves.toMatch(/200.*ms\s*no\s*no/s);
    await page.getByLabel('Tool').selectOption('get_usage_status');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/tool=get_usage_status/);
    await page.getByText('No calls match.').waitFor();
    await page.getByLabel('Tool').selectOption('list_connected_accounts');
    await page.getByLabel('Status').selectOption('succeeded');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/status=succeeded/);
    expect(await page.getByRole('row', { name: /list_connected_accounts/ }).count()).toBe(1);
    expect(await page.getByRole('img', { name: /Calls per day this period: 1 call in all/ }).count()).toBe(1);
    await screenshot(page, 'usage');
    expect(await unlabelledControls(page)).toEqual([]);

    await nav(page, 'Plan').click();
    await page.waitForURL(`${service.url}/billing`);
    await expect(page.getByRole('row', { name: /free \(your plan\)/ }).textContent()).resolves.toMatch(
      /50\s*2/,
    );
    await screenshot(page, 'billing');

    await nav(page, 'API keys').click();
    await page.locator('summary', { hasText: 'Revoke key browser agent' }).click();
    await page.getByRole('button', { name: 'Revoke “browser agent”' }).click();
    await page.getByText('The key is revoked.').waitFor();
    await expect(page.getByRole('row', { name: /browser agent/ }).textContent()).resolves.toContain(
      'revoked',
    );
    await screenshot(page, 'keys');
    const refused = await callTool(service.url, key, 'list_connected_accounts');
    expect(refused.status).toBe(401);
    expect(refused.body.error).toContain('revoked');

    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/keys', '/connections', '/usage', '/billing']) {
      await page.goto(`${service.url}${path}`);
      expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
    }
    await page.goto(`${service.url}/keys`);
    await screenshot(page, 'keys-phone');

    // On a phone the header is one line: the sections and Sign out are behind Menu, which opens them.
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    await page.getByText('Menu', { exact: false }).first().click();
    expect(await page.getByRole('navigation', { name: 'Console' }).getByRole('link').count()).toBeGreaterThan(
      5,
    );
    await screenshot(page, 'menu-phone');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You are signed out.').waitFor();
    await page.goto(`${service.url}/keys`);
    await page.waitForURL(/\/login\?next=%2Fkeys$/);
  });

  it('connects a sandbox platform through its OAuth page, sees its accounts, reconnects and disconnects', async () => {
    const page = await newPage();
    const email = uniqueEmail('connect');
    await signUp(page, email);
    await nav(page, 'Connections').click();
    await page.getByRole('button', { name: 'Connect Google Ads (search)' }).click();
    await page.waitForURL(/\/sandbox\/search\/oauth\/authorize\?/);
    expect(page.url()).not.toContain(PASSWORD);
    await page.getByLabel('Name of the new sandbox account').fill('Browser Search Ads');
    await screenshot(page, 'sandbox-approval');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${service.url}/connections`);
    await page.getByText('Connected. The accounts below are ready for your agents.').waitFor();
    const account = page.getByRole('row', { name: /Browser Search Ads/ });
    const accountId = (await account.locator('code').textContent()) ?? '';
    expect(accountId).toMatch(/^\d{10}$/);
    // The id is secondary to the name, and copyable with the button the script puts after it.
    await account.getByRole('button', { name: `Copy ${accountId}` }).click();
    await account
      .getByRole('button', { name: `Copy ${accountId}` })
      .getByText('Copied')
      .waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(accountId);
    await screenshot(page, 'connections');
    expect(await unlabelledControls(page)).toEqual([]);

    // What an agent sees through the API is what the page shows.
    const { db } = service.services.storage;
    const user = await findUserByEmail(db, email);
    if (!user) throw new Error('sign-up made no user');
    const key = await issueKey(db, user, 'agent', 'never', service.services.clock.now());
    const listed = await callTool(service.url, key.key, 'list_connected_accounts');
    expect(JSON.stringify(listed.body)).toContain(accountId);

    const [connection] = await listConnections(db, user.id);
    await setConnectionStatus(db, connection?.id ?? '', 'expired', service.services.clock.now());
    await page.reload();
    await page.getByText('This connection is expired: reconnect it').waitFor();
    await page.getByRole('button', { name: 'Reconnect Google Ads (search)' }).click();
    await page.waitForURL(/\/sandbox\/search\/oauth\/authorize\?/);
    await page.getByText(`Grant access again to the sandbox accounts ${accountId}`).waitFor();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${service.url}/connections`);
    expect(await page.getByRole('row', { name: /Browser Search Ads/ }).count()).toBe(1);
    expect(await page.getByText('This connection is expired').count()).toBe(0);
    expect((await callTool(service.url, key.key, 'list_connected_accounts')).status).toBe(200);

    // A confirmation opens on its control and Escape closes it, back on the control.
    const disconnect = page.locator('summary', { hasText: 'Disconnect Google Ads (search)' });
    await disconnect.click();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => disconnect.evaluate((summary) => summary.parentElement?.hasAttribute('open')))
      .toBe(false);
    expect(await disconnect.evaluate((summary) => summary === summary.ownerDocument.activeElement)).toBe(
      true,
    );
    await disconnect.click();
    await page.getByRole('button', { name: 'Disconnect Google Ads (search)' }).click();
    await page.getByText('Disconnected.').waitFor();
    expect(await page.getByRole('row', { name: /Browser Search Ads/ }).count()).toBe(0);
    const after = await callTool(service.url, key.key, 'list_connected_accounts');
    expect(JSON.stringify(after.body)).not.toContain(accountId);
  });

  describe('a form posted from another site', () => {
    let attacker: Server;
    let attackerUrl: string;

    beforeAll(async () => {
      // Another origin on the same host: same-site for the browser, so the cookie goes along and only
      // the form token (and the Origin check) stand in the way.
      attacker = createServer((_request, response) => {
        response.setHeader('content-type', 'text/html');
        response.end(`<!doctype html><form method="post" action="${service.url}/keys">
<input name="name" value="forged by another site"><input name="expires" value="never"></form>
<script>document.forms[0].submit()</script>`);
      });
      await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
      attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
    });
    afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

    it('is refused and changes nothing', async () => {
      const page = await newPage(false);
      await signUp(page, uniqueEmail('csrf'));
      const refused = page.waitForResponse((response) => response.url() === `${service.url}/keys`);
      await page.goto(attackerUrl);
      expect((await refused).status()).toBe(403);
      await page.getByText('This form was refused').waitFor();
      await screenshot(page, 'csrf-refused');
      await page.goto(`${service.url}/keys`);
      expect(await page.getByText('forged by another site').count()).toBe(0);
      expect(await page.getByText('No keys yet.').count()).toBe(1);
    });
  });

  it('loaded nothing from any other origin', () => {
    const foreign = requested.filter((url) => !url.startsWith(`${service.url}/`));
    expect(requested.length).toBeGreaterThan(20);
    expect(foreign).toEqual([]);
  });
});
