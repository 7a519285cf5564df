import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/key-limits.ts';
import { addAccount } from '../../src/owners/add-account.ts';
import { issueKey } from '../../src/owners/create-key.ts';
import { revokeApiKey } from '../../src/storage/api-keys.ts';
import { TestService } from '../support/service.ts';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshot, signUpInBrowser } from './support/browser.ts';
import { callTool } from './support/console-client.ts';
import { horizontalOverflow, unlabelledControls } from './support/page-checks.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

// A real browser on a shared two-core machine: generous limits.
describe('approvals in Chromium', { timeout: 90_000 }, () => {
  let service: TestService;
  let browser: Browser;

  beforeAll(async () => {
    service = await TestService.start('sqlite');
    service.services.config.appUrl = service.url;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  /** Nothing axe-core finds, no control without a name, nothing wider than the window. */
  async function checkPage(page: Page, name: string): Promise<void> {
    expect(await axeViolations(page), name).toEqual([]);
    expect(await unlabelledControls(page), name).toEqual([]);
    expect(await horizontalOverflow(page), name).toBeLessThanOrEqual(0);
    await screenshot(page, name);
  }

  it('the owner sees the pending change before → after, approves it, and the agent reads applied', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const user = await signUpInBrowser(page, service, 'approve');
    const { email } = user;

    // The agent's side: a TikTok advertiser, a key that may spend, and a budget ten times too large.
    const { db } = service.services.storage;
    await addAccount(service.services, user, { platform: 'video' });
    const limits = { ...DEFAULT_LIMITS, scope: 'spend' } as const;
    const { key } = await issueKey(db, user, 'night agent', 'never', service.services.clock.now(), limits);
    const listed = await callTool(service.url, key, 'list_video_campaigns');
    const campaign = listed.body.data.structured.campaigns.find(
      (c: any) => c.name === 'Retargeting: site visitors',
    );
    const asked = await callTool(service.url, key, 'update_video_campaign', {
      campaign_id: campaign.campaign_id,
      daily_budget: 800,
    });
    expect(asked.status).toBe(202);
    const id: string = asked.body.data.structured.approval.id;

    await page.goto(`${service.url}/approvals`);
    // The row of the field that changes: field, before, after.
    const budgetRow = () => page.getByRole('row', { name: /^Daily budget 80\.00 800\.00 \(changes\)$/ });
    expect(await budgetRow().count()).toBe(1);
    await checkPage(page, 'approvals-phone');
    await page.goto(`${service.url}/approvals/${id}`);
    await checkPage(page, 'approval-phone');

    await page.setViewportSize(DESKTOP);
    await page.goto(`${service.url}/keys`);
    const approvalsLink = page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Approvals 1 pending' });
    await approvalsLink.click();
    await page.waitForURL(`${service.url}/approvals`);
    expect(await budgetRow().count()).toBe(1);
    await expect(page.getByText('key night agent').count()).resolves.toBe(1);
    await checkPage(page, 'approvals');

    await page.getByRole('link', { name: /Review and decide/ }).click();
    await page.waitForURL(`${service.url}/approvals/${id}`);
    await checkPage(page, 'approval');
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.waitForURL(`${service.url}/approvals/${id}`);
    await expect(page.getByRole('status').textContent()).resolves.toMatch(/^Applied: /);
    expect(await page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
    await checkPage(page, 'approval-applied');

    const followed = await callTool(service.url, key, 'get_approval', { approval_id: id });
    expect(followed.status).toBe(200);
    expect(followed.body.data.structured.approval.status).toBe('applied');
    expect(followed.body.data.structured.approval.decided_by).toBe(email);
    // Nothing waits any more: the navigation stops counting.
    expect(
      await page
        .getByRole('navigation', { name: 'Console' })
        .getByRole('link', { name: 'Approvals', exact: true })
        .count(),
    ).toBe(1);
    await context.close();
  });
  it('an ad group approval names the ad group, and says when its key is gone that approving writes nothing', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const user = await signUpInBrowser(page, service, 'approve-gone');
    const { db } = service.services.storage;
    await addAccount(service.services, user, { platform: 'video' });
    const limits = { ...DEFAULT_LIMITS, scope: 'spend' } as const;
    const made = await issueKey(db, user, 'night agent', 'never', service.services.clock.now(), limits);
    const listed = await callTool(service.url, made.key, 'list_video_ad_groups');
    const group = listed.body.data.structured.ad_groups.find((g: any) => g.name === 'Prospecting: broad');
    const asked = await callTool(service.url, made.key, 'update_video_ad_group', {
      adgroup_id: group.adgroup_id,
      daily_budget: 12_000,
    });
    expect(asked.status).toBe(202);
    const id: string = asked.body.data.structured.approval.id;
    await revokeApiKey(db, made.id, service.services.clock.now());

    for (const [viewport, name] of [
      [DESKTOP, 'approval-key-gone'],
      [PHONE, 'approval-key-gone-phone'],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${service.url}/approvals/${id}`);
      await expect(page.getByRole('status').textContent()).resolves.toMatch(
        /^Approving writes nothing now\. .*night agent.*revoked/,
      );
      expect(await page.getByText(`ad group ${group.adgroup_id}`).count()).toBeGreaterThan(0);
      expect(
        await page.getByRole('row', { name: /^Daily budget 120\.00 12000\.00 \(changes\)$/ }).count(),
      ).toBe(1);
      await checkPage(page, name);
    }
    await context.close();
  });
});
