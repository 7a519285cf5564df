import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/key-limits.ts';
import { addAccount } from '../../src/owners/add-account.ts';
import { issueKey } from '../../src/owners/create-key.ts';
import { PLATFORM_INFO, PLATFORMS } from '../../src/platform-families.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import type { User } from '../../src/storage/schema.ts';
import { findUserByEmail } from '../../src/storage/users.ts';
import { TestService } from '../support/service.ts';
import { launchChromium } from './support/browser.ts';
import { callTool, PASSWORD, uniqueEmail } from './support/console-client.ts';

/**
 * The control room in Chromium (docs/console.md): the overview's spend agrees with the performance tools,
 * an agent's change shows in the history with its before and after, and the owner reverts it.
 */
describe('the control room in Chromium', { timeout: 120_000 }, () => {
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let owner: User;
  let key: string;

  beforeAll(async () => {
    service = await TestService.start('sqlite');
    service.services.config.appUrl = service.url;
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const email = uniqueEmail('control-room');
    await page.goto(`${service.url}/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${service.url}/`);
    const { db } = service.services.storage;
    const user = await findUserByEmail(db, email);
    if (!user) throw new Error('sign-up made no owner');
    owner = user;
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('leads a new owner through three steps, then shows each account’s spend as the performance tools report it', async () => {
    const start = page.getByRole('region', { name: 'Get started in three steps' });
    await expect(start.getByRole('link', { name: 'Connect an ad account' }).count()).resolves.toBe(1);
    expect(await page.getByRole('region', { name: 'Spend' }).count()).toBe(0);

    const { db } = service.services.storage;
    for (const platform of PLATFORMS) await addAccount(service.services, owner, { platform });
    const now = service.services.clock.now();
    key = (await issueKey(db, owner, 'night agent', 'never', now, { ...DEFAULT_LIMITS, scope: 'spend' })).key;
    await page.reload();
    expect(await page.getByRole('region', { name: 'Get started in three steps' }).count()).toBe(0);

    for (const account of await listAdAccounts(db, owner.id)) {
      const platform = account.platform as (typeof PLATFORMS)[number];
      const card = page.getByRole('article', { name: new RegExp(account.account_id) });
      const figure = (label: string) => card.locator(`dt:text-is("${label}") + dd`).textContent();
      for (const [label, range] of [
        ['Today', 'TODAY'],
        ['Yesterday', 'YESTERDAY'],
        ['Last 7 days', 'LAST_7_DAYS'],
      ] as const) {
        const answer = await callTool(service.url, key, `get_${platform}_campaign_performance`, {
          date_range: range,
          [PLATFORM_INFO[platform].accountArgument]: account.account_id,
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        const { spend } = answer.body.data.structured.totals;
        expect(await figure(label), `${platform} ${label}`).toBe(`${spend} ${account.currency}`);
      }
    }
  });
});
