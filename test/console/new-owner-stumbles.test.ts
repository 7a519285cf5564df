import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../../src/owners/add-account.ts';
import { quotaPeriod } from '../../src/quota.ts';
import { EXAMPLE_CAMPAIGN_IDS } from '../../src/sandbox/video/seed.ts';
import { quotaUsed } from '../../src/storage/quota.ts';
import type { User } from '../../src/storage/schema.ts';
import { findUserByEmail } from '../../src/storage/users.ts';
import { conditionWords } from '../../src/tools/monitors/condition-words.ts';
import { TestClock } from '../support/clock.ts';
import { TestService } from '../support/service.ts';
import { ConsoleClient, callTool, PASSWORD, uniqueEmail } from './support/console-client.ts';
import { tableRows, textOf } from './support/page-text.ts';

const KEY_PATTERN = /sk_live_[0-9A-Za-z]{38}/;

// What a new owner stumbled on in their first hour (issue 38), each checked as the owner meets it.
describe('what a new owner stumbled on', () => {
  const clock = new TestClock('2026-11-02T10:00:00.000Z');
  let service: TestService;

  beforeAll(async () => {
    // Sessions outlast the week the quota test moves the clock by.
    service = await TestService.start('sqlite', { clock, env: { ADOPS_SESSION_HOURS: '720' } });
  });
  afterAll(() => service.stop());

  /** An owner signed up in the console with a TikTok sandbox account and a spend key named `night agent`. */
  async function newOwner(label: string): Promise<{ client: ConsoleClient; user: User; key: string }> {
    const client = new ConsoleClient(service.url);
    const email = uniqueEmail(label);
    await client.signUp(email, PASSWORD);
    const user = await findUserByEmail(service.services.storage.db, email);
    if (!user) throw new Error('sign-up made no user');
    await addAccount(service.services, user, { platform: 'video' });
    const created = await client.follow(
      client.submit('/keys', '/keys', {
        name: 'night agent',
        expires: 'never',
        scope: 'spend',
      }),
    );
    const key = KEY_PATTERN.exec(created.text)?.[0];
    if (!key) throw new Error(`no key was made: ${textOf(created.text).slice(0, 500)}`);
    return { client, user, key };
  }

  it('shows who is still trying while agents are stopped, on /usage, /activity and the overview', async () => {
    const { client, user, key } = await newOwner('stopped');
    expect((await client.submit('/keys', '/agents/stop', {})).status).toBe(303);

    const args = { campaign_id: EXAMPLE_CAMPAIGN_IDS.alwaysOn, operation_status: 'DISABLE' };
    const rest = await callTool(service.url, key, 'update_video_campaign', args);
    expect([rest.status, rest.body.code]).toEqual([403, 'agents_stopped']);
    const mcp = await fetch(`${service.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'update_video_campaign', arguments: args },
      }),
    });
    expect(mcp.status).toBe(403);
    await service.services.audit.flush();

    const rows = await service.services.storage.db
      .selectFrom('audit_log')
      .select(['api_key_id', 'tool', 'code'])
      .where('user_id', '=', user.id)
      .where('code', '=', 'agents_stopped')
      .execute();
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.tool))).toEqual(new Set(['update_video_campaign']));
    expect(rows.every((row) => row.api_key_id !== null)).toBe(true);

    const usage = tableRows((await client.get('/usage')).text, 'Recent calls, newest first');
    expect(
      usage.filter((row) => row.includes('key night agent') && row.includes('agents_stopped')),
    ).toHaveLength(2);
    const activity = tableRows((await client.get('/activity')).text, 'Changes, newest first');
    expect(
      activity.filter((row) => row.includes('update_video_campaign') && row.includes('night agent')),
    ).toHaveLength(2);
    const agents = tableRows((await client.get('/')).text, 'Calls per key and app in the last 24 hours');
    // Who, calls, changes, errors: both refused calls count as errors of the key.
    expect(agents.find((row) => row.startsWith('night agent'))).toMatch(/^night agent \(key\)\|\d+\|0\|2\|/);
  });

  it('pauses every running campaign when asked, the seeded runaway too, without billing the owner', async () => {
    const { client, user, key } = await newOwner('brake');
    const overview = textOf((await client.get('/')).text);
    // The runaway's surge is said to be on purpose, and how to stop it.
    expect(overview).toContain('Sandbox figures.');
    expect(overview).toMatch(
      /TikTok Ads \(video\) accounts here are sandbox accounts: their spend is made up/,
    );
    expect(overview).toContain('7 days before today');

    const keysPage = (await client.get('/keys')).text;
    expect(keysPage).toContain('name="pause_running" value="yes"');
    const period = quotaPeriod(clock.now());
    const { db } = service.services.storage;
    const before = await quotaUsed(db, user.id, period);
    // Post/redirect/get: the stop answers 303 to the keys page, which says what it paused, once.
    const stopped = await client.follow(client.submit('/keys', '/agents/stop', { pause_running: 'yes' }));
    expect(stopped.status).toBe(200);
    // Seeded by the sandbox, never raised by an agent: only "every campaign running now" pauses it.
    expect(textOf(stopped.text)).toMatch(/Paused \d+ campaigns: .*“?Runaway: spark ads/);
    expect(stopped.text).toContain('Runaway: spark ads&quot;, enabled, 20000.00 USD a day -&gt;');
    // Shown once: a reload of the keys page reloads it, it does not stop again or say so again.
    expect(textOf((await client.get('/keys')).text)).not.toContain('What the stop paused');
    expect(await quotaUsed(db, user.id, period)).toBe(before);

    // The owner's pauses are theirs on /usage, named by who did it, not a dash.
    const email = user.email;
    const usage = tableRows((await client.get('/usage')).text, 'Recent calls, newest first');
    const pauses = usage.filter((row) => row.includes('update_video_campaign'));
    expect(pauses.length).toBeGreaterThan(0);
    expect(pauses.every((row) => row.includes(email))).toBe(true);

    expect((await client.submit('/keys', '/agents/resume', {})).status).toBe(303);
    const listed = await callTool(service.url, key, 'list_video_campaigns');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const campaigns = listed.body.data.structured.campaigns as Array<{ name: string; status: string }>;
    expect(campaigns.find((c) => c.name.startsWith('Runaway:'))?.status).toBe('PAUSED');
    expect(campaigns.filter((c) => c.status === 'ACTIVE')).toEqual([]);
  });

  it('lets the free tier try everything, and projects the month only once a week of it went by', async () => {
    const { client, key } = await newOwner('quota');
    for (let i = 0; i < 2; i++)
      expect((await callTool(service.url, key, 'list_video_campaigns')).status).toBe(200);
    const early = textOf((await client.get('/')).text);
    expect(early).toContain('2 of 50 billable calls used');
    expect(early).toContain('Too early to tell where this month ends: a projection starts on 2026-11-08');
    expect(early).not.toContain('over the limit');
    clock.set('2026-11-09T10:00:00.000Z');
    try {
      // Two calls in 8 days and 10 hours: about 7 in the 30 days of November.
      expect(textOf((await client.get('/')).text)).toContain('At this pace: about 7 by 2026-12-01');
    } finally {
      clock.set('2026-11-02T10:00:00.000Z');
    }
  });

  it('names the setting that lets a webhook reach a laptop, and starts with every event ticked', async () => {
    const { client } = await newOwner('webhook');
    const form = (await client.get('/notifications')).text;
    const boxes = form.match(/<input type="checkbox" name="events"[^>]*>/g) ?? [];
    expect(boxes.length).toBeGreaterThan(3);
    expect(boxes.filter((box) => box.includes(' checked'))).toHaveLength(boxes.length);

    const add = async (url: string) => {
      const answer = await client.submit('/notifications', '/notifications', {
        url,
        events: ['quota.threshold'],
      });
      expect(answer.status).toBe(400);
      return textOf(answer.text);
    };
    expect(await add('http://hooks.example.com/adops')).toContain('ADOPS_FETCH_CA_FILE');
    expect(await add('https://hooks.example.com:18150/adops')).toContain(
      'ADOPS_FETCH_PORTS=80,443,18150, and restarts adops',
    );
    expect(await add('https://127.0.0.1/adops')).toContain('ADOPS_FETCH_ALLOW_HOSTS=127.0.0.1');
    // The cloud's metadata address is never suggested as allowed.
    expect(await add('https://169.254.169.254/latest')).not.toContain('ADOPS_FETCH_ALLOW_HOSTS');
  });

  it('refuses spend guardrails on a key that may not spend, making no key', async () => {
    const { client } = await newOwner('guardrails');
    for (const fields of [{ max_raise_percent: '50' }, { approval: 'spend' }] as Record<string, string>[]) {
      const answer = await client.submit('/keys', '/keys', {
        name: 'guarded writer',
        expires: 'never',
        scope: 'write',
        ...fields,
      });
      expect(answer.status).toBe(400);
      expect(textOf(answer.text)).toMatch(
        /applies only to a key with the spend scope: this write key may not/,
      );
      expect(answer.text).not.toMatch(KEY_PATTERN);
    }
  });

  it('names things as a newcomer reads them: names before ids, one status word, plain sentences', async () => {
    const bare = new ConsoleClient(service.url);
    await bare.signUp(uniqueEmail('bare'), PASSWORD);
    // A key and no account yet: the overview's cards show, the connections card with nothing to say.
    expect((await bare.submit('/keys', '/keys', { name: 'first', expires: 'never' })).status).toBe(303);
    const empty = textOf((await bare.get('/')).text);
    expect(empty).toContain('No ad account connected yet. Connect one');
    expect(empty).not.toContain('Every connection works');

    const { client, user, key } = await newOwner('words');
    const overview = textOf((await client.get('/')).text);
    expect(overview).toContain('The connection works.');
    // Google's access tokens end within the hour and renew themselves: nothing for the owner to do.
    await addAccount(service.services, user, { platform: 'search' });
    expect(overview).not.toContain('of which changes are');
    const connections = textOf((await client.get('/connections')).text);
    expect(connections).toContain('renews its access itself');
    expect(connections).not.toContain('token expires');

    const listed = await callTool(service.url, key, 'list_video_campaigns');
    // The common status first, TikTok's own word after, as the structured answer and the other platforms say.
    expect(listed.body.data.text).toContain('ACTIVE (ENABLE)');
    const campaigns = listed.body.data.structured.campaigns as Array<{ campaign_id: string; name: string }>;
    const retargeting = campaigns.find((c) => c.name.startsWith('Retargeting'));
    if (!retargeting) throw new Error('the sandbox has no retargeting campaign');
    const asked = await callTool(service.url, key, 'update_video_campaign', {
      campaign_id: retargeting.campaign_id,
      daily_budget: 8000,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const approvalId = asked.body.data.structured.approval.id as string;
    const approval = (await client.get(`/approvals/${approvalId}`)).text;
    expect(approval).toContain(
      `<title>Approval: “${retargeting.name}” (campaign ${retargeting.campaign_id}) · adops</title>`,
    );
    // The projected spend in the owner's locale, signed, with thousands separators.
    expect(approval).toContain('+7,920.00 USD a day');
    // Fields by their words, the platform's name kept in the title.
    expect(approval).toContain('<span title="budget_mode">Budget mode</span>');
  });

  it('adds a platform’s accounts up in a table only when it has more than one', async () => {
    const { client, user } = await newOwner('pair');
    expect((await client.get('/')).text).not.toContain('Spend per platform</caption>');
    await addAccount(service.services, user, { platform: 'video', name: 'Second shop' });
    const page = (await client.get('/')).text;
    const [, video] = tableRows(page, 'Spend per platform');
    const cards = [...page.matchAll(/<dt>Today<\/dt><dd><span class="money" data-micros="(\d+)"/g)];
    const total = cards.reduce((sum, card) => sum + Number(card[1]), 0);
    expect(cards).toHaveLength(2);
    expect(video).toMatch(/^TikTok Ads \(video\)\|/);
    expect(page).toMatch(
      new RegExp(`data-label="Today"><div class="value"><span class="money" data-micros="${total}"`),
    );
  });

  it('says a list is empty the same way on every page', async () => {
    const bare = new ConsoleClient(service.url);
    await bare.signUp(uniqueEmail('empty'), PASSWORD);
    const said: string[] = [];
    for (const path of [
      '/',
      '/activity',
      '/approvals',
      '/monitors',
      '/keys',
      '/connections',
      '/notifications',
      '/usage',
      '/members',
      '/clients',
    ]) {
      const page = (await bare.get(path)).text;
      for (const [paragraph, attributes = '', text = ''] of page.matchAll(
        /<p([^>]*)>((?:No [^<]*?(?:yet|match)|Nothing waits)[^<]*)/g,
      )) {
        said.push(text);
        expect(attributes, `${path}: ${paragraph}`).toBe(' class="empty"');
      }
    }
    expect(said).toEqual(
      expect.arrayContaining([
        'No keys yet.',
        'Nothing waits for your decision.',
        'No endpoint yet: events are not sent anywhere.',
      ]),
    );
  });

  it('says what a monitor saw in words and rounded figures', () => {
    const seen = { metric: 'cpc', operator: '>', value: 7.03, against: 2.2659, matched: true } as const;
    expect(conditionWords(seen)).toBe('cost per click 7.03 (fires above 2.27)');
    expect(conditionWords({ ...seen, metric: 'ctr', operator: '<=', value: 0.0123, against: 0.02 })).toBe(
      'click-through rate 1.23% (fires at or below 2.00%)',
    );
  });
});
