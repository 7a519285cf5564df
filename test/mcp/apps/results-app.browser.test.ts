import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { rolldown } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import type { StoredCampaign } from '../../../src/sandbox/video/campaign.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import { axeViolations } from '../../console/support/axe.ts';
import { launchChromium, screenshot } from '../../console/support/browser.ts';
import { TestService } from '../../support/service.ts';
import { type CurrentClient, connectCurrentOverHttp } from '../clients.ts';

const APP = 'ui://adops/results.html';

/**
 * adops's MCP App as a host shows it: the ext-apps SDK's AppBridge in Chromium loads the view the service
 * serves and hands it real results of the service (a raise waiting for the owner, a performance report).
 */
describe('the MCP App in a host of the ext-apps SDK', () => {
  let service: TestService;
  let browser: Browser;
  let client: CurrentClient;
  let hostScript: string;
  let html: string;
  let advertiser: string;
  let campaignId: string;

  beforeAll(async () => {
    service = await TestService.start('sqlite');
    const owner = await service.createOwner('pro', ['video']);
    const { db } = service.services.storage;
    const [account] = await listAdAccounts(db, owner.userId, 'video');
    advertiser = account?.account_id ?? '';
    const stored = await new SandboxStore(db, 'video').list<StoredCampaign>('campaign', advertiser);
    campaignId = stored.find((c) => c.data.campaign_name === 'Retargeting: site visitors')?.id ?? '';
    client = await connectCurrentOverHttp(service.url, await service.createKeyFor(owner, { scope: 'spend' }));
    const read = await client.readResource({ uri: APP });
    html = String((read.contents[0] as { text?: string }).text);
    const bundle = await rolldown({
      input: join(import.meta.dirname, 'host.js'),
      platform: 'browser',
      logLevel: 'warn',
    });
    hostScript = (await bundle.generate({ format: 'iife' })).output[0].code;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await client?.close();
    await service?.stop();
  });

  /** A screenshot of the whole frame: the viewport grown to the host's page first, since a full-page capture does not paint a frame below the first screen. */
  async function capture(page: Page, name: string): Promise<void> {
    const height = Number(await page.evaluate('document.documentElement.scrollHeight'));
    await page.setViewportSize({ width: page.viewportSize()?.width ?? 1280, height });
    await screenshot(page, name);
  }

  async function shown(result: unknown, width: number): Promise<{ page: Page; view: Frame }> {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.setContent('<!doctype html><html lang="en"><title>host</title><body></body></html>');
    await page.addScriptTag({ content: hostScript });
    await page.evaluate(`window.showResult(${JSON.stringify(html)}, ${JSON.stringify(result)})`);
    const view = page.frames().find((frame) => frame !== page.mainFrame());
    if (!view) throw new Error('the host made no frame');
    await view.waitForSelector('h1');
    return { page, view };
  }

  it('is listed, linked from the tools it shows, and served as one HTML document', async () => {
    const { resources } = await client.listResources();
    expect(resources).toContainEqual(
      expect.objectContaining({ uri: APP, mimeType: 'text/html;profile=mcp-app' }),
    );
    const { tools } = await client.listTools();
    const linked = tools.filter((tool) => (tool._meta?.ui as { resourceUri?: string })?.resourceUri === APP);
    // A TikTok owner's tools: the report and the changes that may wait for approval, not the lists.
    expect(linked.map((tool) => tool.name)).toEqual([
      'get_video_campaign_performance',
      'update_video_campaign',
      'update_video_ad_group',
      'create_video_campaign',
    ]);
    // Everything inline: a host loads it from this string, with nothing to fetch.
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=/);
    expect(html).not.toMatch(/sk_live_|Bearer /);
  });

  it.each([1280, 390])('shows a raise waiting for approval as a card, at %i px', async (width) => {
    const result = await client.callTool({
      name: 'update_video_campaign',
      arguments: { advertiser_id: advertiser, campaign_id: campaignId, budget: 2500 },
    });
    const approval = (result.structuredContent as { approval: { approve_url: string } }).approval;
    const { page, view } = await shown(result, width);
    try {
      expect(await view.locator('h1').textContent()).toBe("Waiting for the owner's approval");
      expect(await view.locator('.what').textContent()).toContain('2500.00 USD');
      const budget = view.getByRole('row', { name: /daily budget/ });
      expect(await budget.locator('td').allTextContents()).toEqual(['80.00', '2500.00']);
      expect(await view.locator('.money dd').first().textContent()).toBe('+2420.00 USD');
      expect(await view.getByText('Asked by').locator('+ dd').textContent()).toMatch(/^key /);
      // No approve action: the owner decides in the console, which the link opens through the host.
      expect(await view.getByRole('button').count()).toBe(0);
      await view.getByRole('link', { name: 'Open the approval in the console' }).click();
      await page.waitForFunction('window.openedLinks.length > 0');
      expect(await page.evaluate('window.openedLinks')).toEqual([approval.approve_url]);

      const serious = (await axeViolations(view as unknown as Page)).filter((v) =>
        ['serious', 'critical'].includes(v.impact ?? ''),
      );
      expect(serious).toEqual([]);
      const overflow = await view.evaluate('document.documentElement.scrollWidth > window.innerWidth');
      expect(overflow).toBe(false);
      await capture(page, `mcp-app-approval-${width}`);
    } finally {
      await page.close();
    }
  });

  it.each([1280, 390])('shows a performance report as a table with totals, at %i px', async (width) => {
    const result = await client.callTool({
      name: 'get_video_campaign_performance',
      arguments: { advertiser_id: advertiser, date_range: 'LAST_7_DAYS' },
    });
    const report = result.structuredContent as {
      campaigns: Array<{ name: string; spend: string }>;
      totals: { spend: string };
    };
    const { page, view } = await shown(result, width);
    try {
      const rows = view.locator('tbody tr');
      expect(await rows.count()).toBe(report.campaigns.length);
      expect(await rows.first().locator('th').textContent()).toBe(report.campaigns[0]?.name);
      expect(await view.locator('tfoot td').nth(1).textContent()).toBe(report.totals.spend);
      const serious = (await axeViolations(view as unknown as Page)).filter((v) =>
        ['serious', 'critical'].includes(v.impact ?? ''),
      );
      expect(serious).toEqual([]);
      await capture(page, `mcp-app-performance-${width}`);
    } finally {
      await page.close();
    }
  });
});
