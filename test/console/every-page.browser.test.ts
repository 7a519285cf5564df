import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/key-limits.ts';
import { checkAccount } from '../../src/monitors/check-account.ts';
import { createEndpoint, disableEndpoint } from '../../src/notifications/endpoints.ts';
import { addAccount } from '../../src/owners/add-account.ts';
import { approveApp } from '../../src/owners/app-grants.ts';
import { rejectChange } from '../../src/owners/approvals.ts';
import { assignAccounts, createClient, limitMember, setEnvelope } from '../../src/owners/clients.ts';
import { issueKey } from '../../src/owners/create-key.ts';
import { acceptInvitation, inviteMember } from '../../src/owners/members.ts';
import { startTotpSetup } from '../../src/owners/second-factor.ts';
import { PLATFORMS } from '../../src/platform-families.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { revokeApiKey } from '../../src/storage/api-keys.ts';
import { ensurePerson, findPersonByEmail } from '../../src/storage/people.ts';
import { createTestCertificate, type TestCertificate } from '../assets/support/test-certificate.ts';
import { verifierFromDocs } from '../notifications/support/docs-verifier.ts';
import { Receiver, receiverEnv } from '../notifications/support/receiver.ts';
import { TestService } from '../support/service.ts';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshot, signUpInBrowser } from './support/browser.ts';
import { callTool } from './support/console-client.ts';
import {
  clippedTables,
  horizontalOverflow,
  mixedHeightRows,
  unlabelledControls,
  wordsBrokenInCells,
} from './support/page-checks.ts';

/** What the seeded owner's pages need in their addresses, known once the content is made. */
interface Seeded {
  approvalId: string;
  /** An agent's applied change, for its page in the history. */
  changeId: string;
  /** An invitation link's path not yet opened. */
  invitationPath: string;
  /** A monitor that fired, for its page. */
  monitorId: string;
}

interface ConsolePage {
  name: string;
  path: (seeded: Seeded) => string;
  /** Seen by a visitor (signed out) rather than by the owner. */
  visitor?: boolean;
}

/** Every page of the console, each looked at by a person at both widths; add a page here. */
const PAGES: ConsolePage[] = [
  { name: 'login', path: () => '/login', visitor: true },
  { name: 'signup', path: () => '/signup', visitor: true },
  { name: 'overview', path: () => '/' },
  { name: 'keys', path: () => '/keys' },
  { name: 'connections', path: () => '/connections' },
  { name: 'usage', path: () => '/usage' },
  { name: 'billing', path: () => '/billing' },
  { name: 'approvals', path: () => '/approvals' },
  { name: 'monitors', path: () => '/monitors' },
  { name: 'monitor', path: (seeded) => `/monitors/${seeded.monitorId}` },
  { name: 'approval', path: (seeded) => `/approvals/${seeded.approvalId}` },
  { name: 'activity', path: () => '/activity' },
  { name: 'change', path: (seeded) => `/activity/${seeded.changeId}` },
  { name: 'notifications', path: () => '/notifications' },
  { name: 'members', path: () => '/members' },
  { name: 'clients', path: () => '/clients' },
  { name: 'account', path: () => '/account' },
  { name: 'invitation', path: (seeded) => seeded.invitationPath, visitor: true },
  { name: 'not-found', path: () => '/dashboard' },
];

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** Impacts axe-core ranks as barring or seriously hindering someone: none may be found. */
const BLOCKING = new Set(['serious', 'critical']);

// One server, one Chromium, one owner with content on every page; each page at both widths.
describe('every console page in Chromium at 1280 and 390 wide', { timeout: 60_000 }, () => {
  let service: TestService;
  let browser: Browser;
  let owner: BrowserContext;
  let visitor: BrowserContext;
  let ownerPage: Page;
  let visitorPage: Page;
  const seeded: Seeded = { approvalId: '', changeId: '', invitationPath: '', monitorId: '' };
  let certificate: TestCertificate;
  let receiver: Receiver;

  beforeAll(async () => {
    certificate = createTestCertificate();
    receiver = await Receiver.start(certificate, await verifierFromDocs(), () =>
      service.services.clock.now(),
    );
    service = await TestService.start('sqlite', { env: receiverEnv(receiver, certificate) });
    service.services.config.appUrl = service.url;
    browser = await launchChromium();
    owner = await browser.newContext();
    visitor = await browser.newContext();
    ownerPage = await owner.newPage();
    visitorPage = await visitor.newPage();

    // An owner a few weeks in: every platform connected, keys of each kind, an app, calls, approvals,
    // webhook endpoints (one with a long URL, one disabled after failing) and their deliveries.
    const user = await signUpInBrowser(ownerPage, service, 'every-page');
    await createEndpoint(service.services, user.id, {
      url: receiver.url('/hooks/adops/approvals-and-monitors-of-the-night-shift-team'),
      events: ['approval.requested', 'approval.decided', 'monitor.fired', 'quota.threshold'],
    });
    const failing = await createEndpoint(service.services, user.id, {
      url: receiver.url('/services/T0000/B0000/slack-incoming-webhook'),
      events: ['connection.failing'],
    });
    await disableEndpoint(service.services, failing.endpoint);
    const { db } = service.services.storage;
    // A team: an approver who joined, and an operator invited who has not opened the link yet.
    const joined = await inviteMember(
      db,
      {
        workspace: user,
        email: 'approver.of.the.night.shift@example.com',
        role: 'approver',
        invitedBy: null,
        appUrl: service.url,
      },
      service.services.clock.now(),
    );
    const approver = await ensurePerson(db, joined.invitation.email, service.services.clock.now());
    await acceptInvitation(db, joined.invitation, approver, service.services.clock.now());
    const waiting = await inviteMember(
      db,
      {
        workspace: user,
        email: 'operator@agency.example',
        role: 'operator',
        invitedBy: null,
        appUrl: service.url,
      },
      service.services.clock.now(),
    );
    seeded.invitationPath = new URL(waiting.link).pathname;
    // The owner has begun setting up an authenticator: the account page shows its QR code and key.
    const ownerPerson = await findPersonByEmail(db, user.email);
    if (ownerPerson) await startTotpSetup(service.services, ownerPerson);
    for (const platform of PLATFORMS) await addAccount(service.services, user, { platform });
    const now = service.services.clock.now();
    // Two clients of an agency, one with an envelope that pauses, and the operator limited to one.
    const accounts = await listAdAccounts(db, user.id);
    const shoes = await createClient(db, user, 'Northwind Shoes & Accessories International', now);
    await assignAccounts(
      db,
      user,
      shoes,
      accounts.slice(0, 2).map((a) => `${a.platform}:${a.account_id}`),
    );
    await setEnvelope(db, shoes, '25000:USD', true);
    const hats = await createClient(db, user, 'Hats', now);
    await assignAccounts(
      db,
      user,
      hats,
      accounts.slice(2).map((a) => `${a.platform}:${a.account_id}`),
    );
    await limitMember(db, user, 'approver.of.the.night.shift@example.com', [hats]);
    const spend = await issueKey(db, user, 'night agent', 'never', now, {
      ...DEFAULT_LIMITS,
      scope: 'spend',
      maxRaisePercent: 50,
    });
    const reader = await issueKey(db, user, 'weekly report script', '90d', now, {
      ...DEFAULT_LIMITS,
      scope: 'read',
    });
    const old = await issueKey(db, user, 'n8n staging', '30d', now);
    await revokeApiKey(db, old.id, now);
    await approveApp(
      db,
      { userId: user.id, clientId: 'client-claude', clientName: 'Claude', limits: DEFAULT_LIMITS, now },
      async () => 'grant-claude',
    );

    for (const tool of ['list_connected_accounts', 'get_usage_status', 'list_search_campaigns']) {
      expect((await callTool(service.url, reader.key, tool)).status).toBe(200);
    }
    const listed = await callTool(service.url, spend.key, 'list_video_campaigns');
    const campaigns: Array<{ campaign_id: string; name: string }> = listed.body.data.structured.campaigns;
    const retargeting = campaigns.find((c) => c.name === 'Retargeting: site visitors');
    const asked = await callTool(service.url, spend.key, 'update_video_campaign', {
      campaign_id: retargeting?.campaign_id,
      budget: 800,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    seeded.approvalId = asked.body.data.structured.approval.id;
    // And one the owner already turned down, for the decided list.
    const another = await callTool(service.url, spend.key, 'update_video_campaign', {
      campaign_id: retargeting?.campaign_id,
      budget: 900,
    });
    expect(another.status, JSON.stringify(another.body)).toBe(202);
    await rejectChange(service.services, user, another.body.data.structured.approval.id);
    // A write the reading key may not make: a failed call in the list.
    const refused = await callTool(service.url, reader.key, 'update_video_campaign', {
      campaign_id: retargeting?.campaign_id,
      operation_status: 'DISABLE',
    });
    expect(refused.status).toBe(403);
    const paused = await callTool(service.url, spend.key, 'update_video_campaign', {
      campaign_id: retargeting?.campaign_id,
      operation_status: 'DISABLE',
    });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    await service.services.audit.flush();
    const change = await db
      .selectFrom('audit_log')
      .select('id')
      .where('request_id', '=', paused.body.request_id)
      .executeTakeFirstOrThrow();
    seeded.changeId = change.id;
    // A monitor that fired on the runaway, and one suspended, for the monitors' pages.
    const watch = await callTool(service.url, spend.key, 'create_monitor', {
      platform: 'video',
      name: 'Runaway spend on the TikTok account of the spring launch',
      conditions: [{ metric: 'spend', operator: '>', relative_to: { trailing_days: 7, factor: 3 } }],
      check_every_minutes: 1,
      action: 'pause_campaign',
    });
    expect(watch.status, JSON.stringify(watch.body)).toBe(200);
    seeded.monitorId = watch.body.data.structured.monitor.id;
    const quiet = await callTool(service.url, spend.key, 'create_monitor', {
      platform: 'search',
      name: 'Cost per click',
      conditions: [{ metric: 'cpc', operator: '>', threshold: 2.5 }],
      action: 'notify',
    });
    expect(quiet.status, JSON.stringify(quiet.body)).toBe(200);
    await callTool(service.url, spend.key, 'update_monitor', {
      monitor_id: quiet.body.data.structured.monitor.id,
      enabled: false,
    });
    const [video] = await listAdAccounts(db, user.id, 'video');
    const minute = new Date(Math.ceil(Date.now() / 60_000) * 60_000).toISOString();
    await checkAccount(
      service.services,
      { userId: user.id, platform: 'video', accountId: video?.account_id ?? '', minute },
      async () => {},
    );
    // The approvals' events delivered, so the deliveries' table shows what an owner usually sees.
    await vi.waitFor(
      async () => {
        const open = await db
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('status', '=', 'pending')
          .execute();
        expect(open).toEqual([]);
      },
      { timeout: 10_000 },
    );
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    await receiver?.stop();
    certificate?.remove();
  });

  /** The computed colour of every confirmation's summary on the page, and of its final destructive button. */
  async function confirmColours(page: Page): Promise<{ summaries: string[]; danger: string }> {
    return page.evaluate(`({
      summaries: [...document.querySelectorAll('details.confirm > summary')].map((s) => getComputedStyle(s).color),
      danger: getComputedStyle(document.querySelector('details.confirm button.danger')).backgroundColor,
    })`);
  }

  for (const viewport of VIEWPORTS) {
    describe(`at ${viewport.width}×${viewport.height}`, () => {
      beforeAll(async () => {
        await ownerPage.setViewportSize(viewport);
        await visitorPage.setViewportSize(viewport);
      });

      it.each(PAGES)('$name fits, has no serious accessibility fault and no unnamed control', async (one) => {
        const page = one.visitor ? visitorPage : ownerPage;
        const response = await page.goto(`${service.url}${one.path(seeded)}`);
        // Taken first, so a failing page can be looked at.
        await screenshot(page, `${one.name}-${viewport.width}`);
        expect(response?.headers()['content-type']).toMatch(/^text\/html/);
        expect(await horizontalOverflow(page), one.name).toBe(0);
        expect(await clippedTables(page), one.name).toEqual([]);
        const serious = (await axeViolations(page)).filter((v) => BLOCKING.has(v.impact ?? ''));
        expect(serious, one.name).toEqual([]);
        expect(await unlabelledControls(page), one.name).toEqual([]);
        expect(await mixedHeightRows(page), one.name).toEqual([]);
        expect(await wordsBrokenInCells(page), one.name).toEqual([]);
      });
    });
  }

  it('answers an unknown page with the console’s 404 page, and the API’s paths with the envelope', async () => {
    const page = await ownerPage.goto(`${service.url}/dashboard`);
    expect(page?.status()).toBe(404);
    expect(page?.headers()['content-type']).toMatch(/^text\/html/);
    expect(await ownerPage.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    // In the page at every width (on a phone inside the closed Menu).
    expect(await ownerPage.locator('nav[aria-label="Console"]').count()).toBe(1);
    const visitorAnswer = await visitorPage.goto(`${service.url}/dashboard`);
    expect(visitorAnswer?.status()).toBe(404);
    expect(await visitorPage.getByRole('link', { name: 'Sign in' }).count()).toBe(1);

    // What a browser sends for a page; the API's paths keep their JSON for it too.
    const browserAccept = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    for (const path of ['/api/v1/nope', '/mcp/nope', '/oauth/nope', '/.well-known/nope', '/docs/nope']) {
      const api = await fetch(`${service.url}${path}`, { headers: browserAccept });
      expect(api.status, path).toBe(404);
      expect(api.headers.get('content-type'), path).toMatch(/^application\/json/);
      // The authorization server answers in OAuth's shape (error), the rest in the envelope (code).
      const body = (await api.json()) as { code?: string; error?: string };
      expect(body.code ?? body.error, path).toBe('not_found');
    }
    // A program asking for anything gets the envelope wherever it asks.
    const program = await fetch(`${service.url}/dashboard`);
    expect(program.status).toBe(404);
    expect(await program.json()).toMatchObject({ success: false, code: 'not_found' });
  });

  it('serves its icon, at the address every browser tries too', async () => {
    await ownerPage.goto(`${service.url}/keys`);
    const named = await ownerPage.locator('link[rel="icon"]').getAttribute('href');
    for (const path of [named ?? '', '/favicon.ico']) {
      const icon = await fetch(`${service.url}${path}`);
      expect(icon.status, path).toBe(200);
      expect(icon.headers.get('content-type'), path).toMatch(/^image\//);
      expect(await icon.text(), path).toContain('<svg');
    }
  });

  it('names a plan above the owner’s in the upgrade command', async () => {
    await ownerPage.goto(`${service.url}/billing`);
    const command = await ownerPage.locator('pre code').textContent();
    // The owner is on pro: the command moves them up to max, never to the plan they have.
    expect(command).toMatch(/--tier max$/);
  });

  it('shows narrow and revoke as plain controls: the danger colour only on the final button', async () => {
    await ownerPage.goto(`${service.url}/keys`);
    const colours = await confirmColours(ownerPage);
    expect(colours.danger).toBe('rgb(180, 35, 24)');
    expect(colours.summaries.length).toBeGreaterThanOrEqual(5);
    for (const colour of colours.summaries) expect(colour).not.toBe(colours.danger);
  });

  it.each(VIEWPORTS)('opens a key’s narrow form within the screen at $width wide', async (viewport) => {
    await ownerPage.setViewportSize(viewport);
    await ownerPage.goto(`${service.url}/keys`);
    await ownerPage.locator('summary', { hasText: 'Narrow key night agent' }).click();
    const narrow = ownerPage.getByRole('button', { name: 'Narrow “night agent”' });
    await narrow.waitFor();
    await screenshot(ownerPage, `keys-narrow-${viewport.width}`);
    expect(await horizontalOverflow(ownerPage)).toBe(0);
    expect(await clippedTables(ownerPage)).toEqual([]);
    const box = await narrow.boundingBox();
    expect((box?.x ?? -1) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
    expect(box?.x).toBeGreaterThanOrEqual(0);
  });

  describe('on a phone', () => {
    beforeAll(() => ownerPage.setViewportSize(VIEWPORTS[1]));

    it('shows each call as a card: its title, each value under its label, the details in one small line', async () => {
      await ownerPage.goto(`${service.url}/usage`);
      const refused = ownerPage
        .getByRole('table', { name: 'Recent calls, newest first' })
        .getByRole('row', { name: /insufficient_scope/ });
      /** How the row is laid out, and what a reader sees of each cell: the label drawn before it, its text. */
      const card = (): Promise<{
        display: string;
        header: string;
        cells: Array<{ label: string; text: string; display: string; top: number }>;
      }> =>
        ownerPage.evaluate(`(() => {
          const table = [...document.querySelectorAll('table')].find(
            (t) => t.caption?.textContent === 'Recent calls, newest first',
          );
          const row = [...table.tBodies[0].rows].find((r) => r.textContent.includes('insufficient_scope'));
          return {
            display: getComputedStyle(row).display,
            header: getComputedStyle(table.tHead).position,
            cells: [...row.cells].map((cell) => ({
              label: getComputedStyle(cell, '::before').content,
              text: cell.innerText.trim().replace(/\\s+/g, ' '),
              display: getComputedStyle(cell).display,
              top: Math.round(cell.getBoundingClientRect().top),
            })),
          };
        })()`);
      const phone = await card();
      // The header row is out of sight (still read by screen readers); the time is the card's title.
      expect([phone.display, phone.header]).toEqual(['flex', 'absolute']);
      expect(phone.cells[0]?.label).toBe('none');
      expect(phone.cells[4]).toMatchObject({ label: '"Status"', text: 'failed 403 insufficient_scope' });
      expect(phone.cells[2]).toMatchObject({ label: '"By: "', text: 'key weekly report script' });
      // The details sit under the status, whatever their column.
      const [, , by, , status, , , replayed] = phone.cells.map((cell) => cell.top);
      expect(Math.min(by ?? 0, replayed ?? 0)).toBeGreaterThan(status ?? 0);
      const box = await refused.boundingBox();
      expect((box?.x ?? -1) + (box?.width ?? 0)).toBeLessThanOrEqual(VIEWPORTS[1].width);
      await ownerPage.setViewportSize(VIEWPORTS[0]);
      const desk = await card();
      expect([desk.display, desk.header]).toEqual(['table-row', 'static']);
      expect(desk.cells.map((cell) => cell.label)).toEqual(desk.cells.map(() => 'none'));
      await ownerPage.setViewportSize(VIEWPORTS[1]);
    });

    it('draws the chart’s labels at a readable size', async () => {
      await ownerPage.goto(`${service.url}/usage`);
      const heights: number[] = await ownerPage.evaluate(
        `[...document.querySelectorAll('.chart text')].map((t) => t.getBoundingClientRect().height)`,
      );
      expect(heights.length).toBeGreaterThanOrEqual(8);
      expect(Math.min(...heights)).toBeGreaterThanOrEqual(9);
    });
  });
});
