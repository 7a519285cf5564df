import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccount } from '../../src/monitors/check-account.ts';
import { addAccount } from '../../src/owners/add-account.ts';
import { quotaPeriod } from '../../src/quota.ts';
import { findMonitor } from '../../src/storage/monitors.ts';
import { quotaUsed } from '../../src/storage/quota.ts';
import type { AdAccount, User } from '../../src/storage/schema.ts';
import { findUserByEmail } from '../../src/storage/users.ts';
import { TestClock } from '../support/clock.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TestService } from '../support/service.ts';
import { ConsoleClient, callTool, hiddenFieldsOf, PASSWORD, uniqueEmail } from './support/console-client.ts';
import { textOf } from './support/page-text.ts';

describe.each(TEST_DIALECTS)('the console’s monitors page on %s', (dialect) => {
  const clock = new TestClock('2026-11-24T18:00:30.000Z');
  let service: TestService;
  let client: ConsoleClient;
  let user: User;
  let account: AdAccount;
  let key: string;
  let monitorId: string;

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    client = new ConsoleClient(service.url);
    const email = uniqueEmail('monitors');
    await client.signUp(email, PASSWORD);
    const found = await findUserByEmail(service.services.storage.db, email);
    if (!found) throw new Error('sign-up made no user');
    user = found;
    account = await addAccount(service.services, user, { platform: 'video' });
    const created = await client.follow(
      client.submit('/keys', '/keys', {
        name: 'agent',
        expires: 'never',
        scope: 'spend',
      }),
    );
    key = /sk_live_[0-9A-Za-z]{38}/.exec(created.text)?.[0] ?? '';
    const monitor = await callTool(service.url, key, 'create_monitor', {
      platform: 'video',
      name: 'Runaway watch',
      conditions: [{ metric: 'spend', operator: '>', relative_to: { trailing_days: 7, factor: 3 } }],
      check_every_minutes: 1,
      action: 'pause_campaign',
    });
    expect(monitor.status, JSON.stringify(monitor.body)).toBe(200);
    monitorId = monitor.body.data.structured.monitor.id;
    const minute = '2026-11-24T18:01:00.000Z';
    clock.set(minute);
    const checked = await checkAccount(
      service.services,
      { userId: user.id, platform: 'video', accountId: account.account_id, minute },
      async () => {},
    );
    expect(checked.fired.map((f) => f.action.result)).toEqual(['applied']);
  });
  afterAll(() => service.stop());

  /** Posts one of the monitor page's forms as a person would, with the page's hidden fields. */
  async function press(action: string, fields: Record<string, string> = {}) {
    const page = (await client.get(`/monitors/${monitorId}`)).text;
    return client.post(action, { ...hiddenFieldsOf(page, action), ...fields });
  }

  it('lists the monitor in words, with its last check and firing, and counts it on the overview', async () => {
    const list = textOf((await client.get('/monitors')).text);
    expect(list).toContain('Runaway watch');
    expect(list).toContain('enabled');
    expect(list).toContain('spend above 3 × the 7 days before, today, on any campaign');
    expect(list).toMatch(/Runaway: spark ads, applied/);
    const overview = textOf((await client.get('/')).text);
    expect(overview).toContain('1 monitor: 1 enabled.');
    expect(overview).toContain('Fired 1 time in the last 24 hours.');

    const detail = textOf((await client.get(`/monitors/${monitorId}`)).text);
    expect(detail).toMatch(/Runaway: spark ads \d+ .*spend [\d.]+ \(fires above [\d.]+\)/);
    expect(detail).toContain('1 of ');
  });

  it('suspends and resumes it with post/redirect/get, a notice shown once, billing nothing', async () => {
    const period = quotaPeriod(clock.now());
    const before = await quotaUsed(service.services.storage.db, user.id, period);
    const suspended = await press(`/monitors/${monitorId}/suspend`);
    expect([suspended.status, suspended.location]).toEqual([303, `/monitors/${monitorId}`]);
    expect((await findMonitor(service.services.storage.db, user.id, monitorId))?.enabled).toBe(0);
    const shown = textOf((await client.get(`/monitors/${monitorId}`)).text);
    expect(shown).toContain('“Runaway watch” is suspended: it is not checked');
    // Once: a reload shows the page, not the notice again.
    expect(textOf((await client.get(`/monitors/${monitorId}`)).text)).not.toContain('is suspended:');

    const resumed = await press(`/monitors/${monitorId}/resume`);
    expect(resumed.status).toBe(303);
    expect((await findMonitor(service.services.storage.db, user.id, monitorId))?.enabled).toBe(1);
    expect(await quotaUsed(service.services.storage.db, user.id, period)).toBe(before);
    // The history names the member who did it.
    const rows = await service.services.storage.db
      .selectFrom('audit_log')
      .select(['tool', 'billable', 'person_id'])
      .where('user_id', '=', user.id)
      .where('tool', '=', 'update_monitor')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.billable === 0 && row.person_id !== null)).toBe(true);
  });

  it('edits it through update_monitor’s own rules: a bad value is refused with the form kept', async () => {
    const refused = await press(`/monitors/${monitorId}`, {
      name: 'Renamed',
      check_every_minutes: '2000',
      consecutive_checks: '1',
      action: 'pause_campaign',
      action_value: '',
    });
    expect(refused.status).toBe(400);
    expect(textOf(refused.text)).toContain('Nothing was changed:');
    expect(textOf(refused.text)).toContain('check_every_minutes');
    expect(refused.text).toContain('value="2000"');
    const stored = await findMonitor(service.services.storage.db, user.id, monitorId);
    expect(stored?.check_every_minutes).toBe(1);

    const saved = await press(`/monitors/${monitorId}`, {
      name: 'Runaway watch, slower',
      check_every_minutes: '30',
      consecutive_checks: '2',
      action: 'lower_budget_percent',
      action_value: '25',
    });
    expect([saved.status, saved.location]).toEqual([303, `/monitors/${monitorId}`]);
    const page = textOf((await client.get(`/monitors/${monitorId}`)).text);
    expect(page).toContain('Saved: “Runaway watch, slower”');
    expect(page).toContain('Lower the daily budget by 25%, after 2 matching checks in a row');
    expect((await findMonitor(service.services.storage.db, user.id, monitorId))?.check_every_minutes).toBe(
      30,
    );
  });

  it('deletes it, landing on the list with what happened', async () => {
    const deleted = await press(`/monitors/${monitorId}/delete`);
    expect([deleted.status, deleted.location]).toEqual([303, '/monitors']);
    const list = textOf((await client.get('/monitors')).text);
    expect(list).toContain('“Runaway watch, slower” is deleted');
    expect(list).toContain('No monitor yet.');
    expect((await client.get(`/monitors/${monitorId}`)).status).toBe(404);
  });
});
