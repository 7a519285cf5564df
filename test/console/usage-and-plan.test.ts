import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../../src/owners/add-account.ts';
import { findUserByEmail, setUserTier } from '../../src/storage/users.ts';
import { TestClock } from '../support/clock.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { probeTool } from '../support/fixture-tools.ts';
import { TestService } from '../support/service.ts';
import { ConsoleClient, callTool, PASSWORD, uniqueEmail } from './support/console-client.ts';

/** The rows of the recent-calls table as text, cells separated by `|`. */
function recentCallRows(page: string): string[] {
  const table = page.split('Recent calls, newest first')[1]?.split('<tbody>')[1]?.split('</tbody>')[0] ?? '';
  return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    (row[1] ?? '')
      .split(/<\/td>/)
      .map((cell) => cell.replace(/<[^>]+>/g, '').trim())
      .filter(Boolean)
      .join('|'),
  );
}

describe.each(TEST_DIALECTS)('console usage and plan on %s', (dialect) => {
  const clock = new TestClock('2026-11-03T10:00:00.000Z');
  const probe = probeTool('test_probe');
  const socialProbe = probeTool('test_social_probe', 'social');
  let service: TestService;
  let client: ConsoleClient;
  let email: string;

  beforeAll(async () => {
    service = await TestService.start(dialect, {
      clock,
      env: { ADOPS_SESSION_HOURS: '72' },
      extraTools: [probe.tool, socialProbe.tool],
    });
    client = new ConsoleClient(service.url);
    email = uniqueEmail('usage');
    await client.signUp(email, PASSWORD);
    const user = await findUserByEmail(service.services.storage.db, email);
    if (!user) throw new Error('sign-up made no user');
    const account = await addAccount(service.services, user, { platform: 'social' });
    const created = await client.follow(client.submit('/keys', '/keys', { name: 'agent', expires: 'never' }));
    const key = /sk_live_[0-9A-Za-z]{38}/.exec(created.text)?.[0] ?? '';

    expect((await callTool(service.url, key, 'test_probe')).status).toBe(200);
    expect((await callTool(service.url, key, 'test_social_probe')).status).toBe(200);
    expect((await callTool(service.url, key, 'get_usage_status')).status).toBe(200);
    expect((await callTool(service.url, key, 'test_probe', { outcome: 'upstream_rejected' })).status).toBe(
      400,
    );
    clock.set('2026-11-05T08:30:00.000Z');
    expect((await callTool(service.url, key, 'test_probe')).status).toBe(200);
    expect(account.account_id).toMatch(/^act_/);

    // Someone else's calls, which this owner must not see.
    const stranger = await service.createOwner('free');
    expect((await callTool(service.url, stranger.key, 'test_probe', { tag: 'stranger' })).status).toBe(200);
    await service.services.audit.flush();
  });
  afterAll(() => service.stop());

  it('shows the quota: used, limit, tier and reset date', async () => {
    const page = (await client.get('/usage')).text;
    expect(page).toContain('3 of 50 billable calls used');
    expect(page).toMatch(/<meter id="quota-meter" min="0" max="50" value="3"/);
    expect(page).toContain('<strong>free</strong>');
    expect(page).toContain('resets on <time datetime="2026-12-01">');
  });

  it('charts the calls of each day of the month, billed ones apart', async () => {
    const page = (await client.get('/usage')).text;
    const bars = [...page.matchAll(/<g><title>([^<]+)<\/title>/g)].map((m) => m[1]);
    expect(bars).toHaveLength(30);
    expect(bars[0]).toBe('2026-11-01: 0 calls, 0 billed');
    expect(bars[2]).toBe('2026-11-03: 4 calls, 2 billed');
    expect(bars[3]).toBe('2026-11-04: 0 calls, 0 billed');
    expect(bars[4]).toBe('2026-11-05: 1 call, 1 billed');
    expect(page).toContain('Calls per day this period: 5 calls in all, at most 4 on one day');
  });

  it('lists the owner’s recent calls with tool, key, account, status, latency, billed and replayed', async () => {
    const rows = recentCallRows((await client.get('/usage')).text);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatch(
      /^2026-11-05 08:30 UTC\|test_probe\|key agent\|—\|succeeded 200\|\d+ ms\|yes\|no$/,
    );
    expect(rows.find((row) => row.includes('test_social_probe'))).toMatch(/\|act_\d+\|succeeded 200\|/);
    expect(rows.find((row) => row.includes('get_usage_status'))).toMatch(/\|succeeded 200\|\d+ ms\|no\|no$/);
    expect(rows.find((row) => row.includes('|failed 400 '))).toMatch(
      /test_probe\|key agent\|—\|failed 400 upstream_rejected\|\d+ ms\|no\|no$/,
    );
  });

  it('filters the recent calls by tool and by status', async () => {
    const byTool = recentCallRows((await client.get('/usage?tool=get_usage_status')).text);
    expect(byTool).toHaveLength(1);
    expect(byTool[0]).toContain('get_usage_status');
    const failed = recentCallRows((await client.get('/usage?status=failed')).text);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toContain('400 upstream_rejected');
    const both = recentCallRows((await client.get('/usage?tool=test_probe&status=200')).text);
    expect(both).toHaveLength(2);
    const page = (await client.get('/usage?tool=test_probe&status=succeeded')).text;
    expect(page).toContain('<option value="test_probe" selected>');
    expect(page).toContain('<option value="succeeded" selected>');
    expect(recentCallRows((await client.get('/usage?tool=update_video_campaign')).text)).toHaveLength(0);
  });

  it('shows the plans with their limits, the current one, and the self-hosted upgrade command', async () => {
    const page = (await client.get('/billing')).text;
    expect(page).toMatch(
      /<tr class="current" aria-current="true">\s*<th scope="row" data-label="Plan"><div class="value">free/,
    );
    for (const [tier, calls, keys] of [
      ['free', 50, 2],
      ['plus', 150, 5],
      ['pro', 600, 10],
      ['max', 3000, 20],
    ]) {
      expect(page).toMatch(
        new RegExp(
          `${tier}(?: <span class="muted">\\(your plan\\)</span>)?</div></th>\\s*<td data-label="[^"]+"><div class="value">${calls}</div></td>\\s*<td data-label="[^"]+"><div class="value">${keys}</div></td>`,
        ),
      );
    }
    // The owner is on free: the command names the plan above it, not the one they have.
    expect(page).toContain(`adops users set-tier --email ${email} --tier plus`);
  });

  it('names no plan above max, and no command, to an owner on max', async () => {
    const owner = new ConsoleClient(service.url);
    const maxEmail = uniqueEmail('max');
    await owner.signUp(maxEmail, PASSWORD);
    const { db } = service.services.storage;
    await setUserTier(db, (await findUserByEmail(db, maxEmail))?.id ?? '', 'max');
    const page = (await owner.get('/billing')).text;
    expect(page).toContain('is the largest: there is no plan above it');
    expect(page).not.toContain('adops users set-tier');
  });

  it('ends the session ADOPS_SESSION_HOURS after sign-in', async () => {
    clock.set('2026-11-06T09:59:00.000Z');
    expect((await client.get('/usage')).status).toBe(200);
    clock.set('2026-11-06T10:00:00.000Z');
    const expired = await client.get('/usage');
    expect(expired.status).toBe(303);
    expect(expired.location).toBe('/login?next=%2Fusage');
  });
});

describe('console plan page with an operator upgrade link', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(TEST_DIALECTS[0] ?? 'sqlite', {
      env: { ADOPS_UPGRADE_URL: 'https://billing.example.com/upgrade?from=adops' },
    });
  });
  afterAll(() => service.stop());

  it('links to the operator’s page instead of showing the command', async () => {
    const client = new ConsoleClient(service.url);
    await client.signUp(uniqueEmail('upgrade'), PASSWORD);
    const page = (await client.get('/billing')).text;
    expect(page).toContain('href="https://billing.example.com/upgrade?from=adops"');
    expect(page).not.toContain('adops users set-tier');
  });
});
