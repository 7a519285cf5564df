import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/key-limits.ts';
import { addAccount } from '../../src/owners/add-account.ts';
import { issueKey } from '../../src/owners/create-key.ts';
import { PLATFORM_INFO, PLATFORMS } from '../../src/platform-families.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import type { User } from '../../src/storage/schema.ts';
import { TestService } from '../support/service.ts';
import { launchChromium, signUpInBrowser } from './support/browser.ts';
import { callTool } from './support/console-client.ts';

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
    owner = await signUpInBrowser(page, service, 'control-room');
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
        ['7 days before today', 'LAST_7_DAYS'],
      ] as const) {
        const answer = await callTool(service.url, key, `get_${platform}_campaign_performance`, {
          date_range: range,
          [PLATFORM_INFO[platform].accountArgument]: account.account_id,
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        const { spend } = answer.body.data.structured.totals;
        // Shown in the browser's locale (en-US here): the amount with its thousands separators taken out.
        const shown = (await figure(label))?.replaceAll(',', '');
        expect(shown, `${platform} ${label}`).toBe(`${spend} ${account.currency}`);
      }
    }
  });

  /** The campaigns of the owner's Google Ads account, read back through the API. */
  async function searchCampaign(id: string) {
    const answer = await callTool(service.url, key, 'list_search_campaigns');
    const campaigns: Array<{ campaign_id: string; status: string; daily_budget: string }> =
      answer.body.data.structured.campaigns;
    const campaign = campaigns.find((c) => c.campaign_id === id);
    if (!campaign) throw new Error(`no campaign ${id}`);
    return campaign;
  }

  async function update(args: Record<string, unknown>, idempotencyKey?: string) {
    const response = await fetch(`${service.url}/api/v1/tools/update_search_campaign/execute`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
      },
      body: JSON.stringify({ arguments: args }),
    });
    const body = (await response.json()) as { request_id: string };
    expect(response.status, JSON.stringify(body)).toBe(200);
    await service.services.audit.flush();
    const row = await service.services.storage.db
      .selectFrom('audit_log')
      .select('id')
      .where('request_id', '=', body.request_id)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const appliedReverts = async (changeId: string) =>
    (
      await service.services.storage.db
        .selectFrom('audit_log')
        .select('id')
        .where('reverts', '=', changeId)
        .where('status', '=', 200)
        .where('replayed', '=', 0)
        .execute()
    ).length;

  it('shows an agent’s change in the history with its before → after, and reverts it once', async () => {
    const running = (
      await callTool(service.url, key, 'list_search_campaigns')
    ).body.data.structured.campaigns.find((c: { status: string }) => c.status === 'ACTIVE');
    const idempotencyKey = crypto.randomUUID();
    const changeId = await update({ campaign_id: running.campaign_id, status: 'PAUSED' }, idempotencyKey);

    await page.goto(`${service.url}/activity`);
    const row = page.getByRole('row', { name: new RegExp(`campaign ${running.campaign_id}`) }).first();
    await expect(row.textContent()).resolves.toContain('status: ACTIVE → PAUSED');
    await row.getByRole('link', { name: 'update_search_campaign' }).click();
    await page.waitForURL(`${service.url}/activity/${changeId}`);
    await expect(page.getByRole('row', { name: /^Status ACTIVE PAUSED/ }).count()).resolves.toBe(1);
    await expect(page.getByText(idempotencyKey).count()).resolves.toBe(1);

    // A second tab keeps the Revert button the first one uses up.
    const stale = await page.context().newPage();
    await stale.goto(`${service.url}/activity/${changeId}`);

    await page.getByRole('button', { name: 'Revert this change' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toMatch(/^Reverted: /);
    // Post/redirect/get: the page is the change's own address, which a reload or a later visit opens.
    expect(new URL(page.url()).pathname).toBe(`/activity/${changeId}`);
    expect((await searchCampaign(running.campaign_id)).status).toBe('ACTIVE');
    expect(await page.getByRole('button', { name: 'Revert this change' }).count()).toBe(0);

    await stale.getByRole('button', { name: 'Revert this change' }).click();
    await expect(stale.getByRole('status').textContent()).resolves.toMatch(/^Already reverted/);
    expect((await searchCampaign(running.campaign_id)).status).toBe('ACTIVE');
    expect(await appliedReverts(changeId)).toBe(1);
    await stale.close();
  });

  it('refuses to revert a change the campaign has moved on from, and says what changed', async () => {
    const campaign = (
      await callTool(service.url, key, 'list_search_campaigns')
    ).body.data.structured.campaigns.find((c: { status: string }) => c.status === 'ACTIVE');
    const before = Number(campaign.daily_budget);
    const raise = await update({ campaign_id: campaign.campaign_id, daily_budget: before + 10 });
    await update({ campaign_id: campaign.campaign_id, daily_budget: before + 20 });

    await page.goto(`${service.url}/activity/${raise}`);
    await page.getByRole('button', { name: 'Revert this change' }).click();
    const alert = await page.getByRole('alert').textContent();
    expect(alert).toContain('changed since this change was made');
    expect(alert).toContain(
      `daily_budget was "${(before + 10).toFixed(2)}", is now "${(before + 20).toFixed(2)}"`,
    );
    expect((await searchCampaign(campaign.campaign_id)).daily_budget).toBe((before + 20).toFixed(2));
    expect(await appliedReverts(raise)).toBe(0);
  });

  it('exports the filtered history as CSV: the rows the filter keeps, all of them', async () => {
    // One change on another platform, which the filter must leave out.
    const listed = await callTool(service.url, key, 'list_video_campaigns');
    const video = listed.body.data.structured.campaigns.find(
      (c: { status: string }) => c.status === 'ACTIVE',
    );
    const paused = await callTool(service.url, key, 'update_video_campaign', {
      campaign_id: video.campaign_id,
      status: 'PAUSED',
    });
    expect(paused.status).toBe(200);
    await service.services.audit.flush();

    await page.goto(`${service.url}/activity`);
    await page.getByLabel('Platform').selectOption('search');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/platform=search/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download these changes as CSV' }).click(),
    ]);
    const csv = await (await download.createReadStream()).toArray();
    const lines = Buffer.concat(csv).toString('utf8').trim().split('\r\n');
    const header = lines[0]?.split(',') ?? [];
    const idAt = header.indexOf('id');
    const platformAt = header.indexOf('platform');
    const rows = lines.slice(1).map((line) => line.split(','));
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((cells) => cells[platformAt]))).toEqual(new Set(['search']));

    const searchTools = [...service.services.tools.values()]
      .filter((tool) => tool.platform === 'search' && !tool.annotations.readOnlyHint)
      .map((tool) => tool.name);
    const expected = await service.services.storage.db
      .selectFrom('audit_log')
      .select('id')
      .where('user_id', '=', owner.id)
      .where('tool', 'in', searchTools)
      .where('dry_run', '=', 0)
      .where('replayed', '=', 0)
      .orderBy('created_at', 'desc')
      .execute();
    expect(rows.map((cells) => cells[idAt]).sort()).toEqual(expected.map((row) => row.id).sort());
  });

  it('creates a key that may spend from the key form', async () => {
    await page.goto(`${service.url}/keys`);
    await page.getByLabel('Name', { exact: true }).fill('spending agent');
    await page
      .getByRole('radio', { name: /^Spend/ })
      .first()
      .check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = await page.getByLabel('API key').inputValue();
    const listed = await callTool(service.url, secret, 'list_video_campaigns');
    const campaign = listed.body.data.structured.campaigns.find(
      (c: { status: string }) => c.status === 'PAUSED',
    );
    // Activating spends: only a key with the spend scope may.
    const enabled = await callTool(service.url, secret, 'update_video_campaign', {
      campaign_id: campaign.campaign_id,
      status: 'ACTIVE',
    });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  });

  it('counts each agent’s calls, changes and errors of the last 24 hours on the overview', async () => {
    await service.services.audit.flush();
    const rows = await service.services.storage.db
      .selectFrom('audit_log')
      .select(['tool', 'status', 'dry_run'])
      .where('user_id', '=', owner.id)
      .where('api_key_id', 'is not', null)
      .where('api_key_id', 'in', (eb) =>
        eb.selectFrom('api_keys').select('id').where('name', '=', 'night agent'),
      )
      .execute();
    const writes = new Set(
      [...service.services.tools.values()].filter((t) => !t.annotations.readOnlyHint).map((t) => t.name),
    );
    const changes = rows.filter((row) => writes.has(row.tool) && row.status === 200 && row.dry_run === 0);
    expect(changes.length).toBeGreaterThan(0);

    await page.goto(`${service.url}/`);
    const row = page
      .getByRole('table', { name: 'Calls per key and app in the last 24 hours' })
      .getByRole('row', { name: /^night agent \(key\)/ });
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(1, 4)).toEqual([
      String(rows.length),
      String(changes.length),
      String(rows.filter((r) => r.status >= 400).length),
    ]);
  });
});
