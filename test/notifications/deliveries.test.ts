import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/context.ts';
import { deliver } from '../../src/notifications/deliver.ts';
import { emitEvent } from '../../src/notifications/emit-event.ts';
import { createEndpoint, disableEndpoint } from '../../src/notifications/endpoints.ts';
import { EVENT_TYPES, type EventType } from '../../src/notifications/event-types.ts';
import { createWorkspace } from '../../src/owners/members.ts';
import { hashPassword } from '../../src/owners/passwords.ts';
import { closeServices } from '../../src/services.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { findPersonByEmail, savePasswordHash } from '../../src/storage/people.ts';
import type { WebhookDelivery, WebhookEndpoint } from '../../src/storage/schema.ts';
import { failWebhookDelivery } from '../../src/storage/webhook-deliveries.ts';
import { findWebhookEndpoint } from '../../src/storage/webhook-endpoints.ts';
import { createTestCertificate, type TestCertificate } from '../assets/support/test-certificate.ts';
import { ConsoleClient, csrfTokenOf, PASSWORD } from '../console/support/console-client.ts';
import { TestClock } from '../support/clock.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { closedPort } from '../support/ports.ts';
import { quietServices, TestService } from '../support/service.ts';
import { type VerifySignature, verifierFromDocs } from './support/docs-verifier.ts';
import { Receiver, receiverEnv } from './support/receiver.ts';

const T0 = '2026-11-22T10:00:00.000Z';
const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * Webhook deliveries driven one attempt at a time, as the `webhooks.deliver` jobs make them: the
 * services' engine is not started, the test moves the clock to each attempt's stored time and runs the
 * job's work itself. A receiver on loopback checks every signature with the code of docs/notifications.md.
 */
describe.each(TEST_DIALECTS)('webhook deliveries on %s', (dialect) => {
  const clock = new TestClock(T0);
  let certificate: TestCertificate;
  let verify: VerifySignature;
  let receiver: Receiver;
  let database: TestDatabase;
  let services: Services;
  let refusedPort: number;
  let owners = 0;

  beforeAll(async () => {
    certificate = createTestCertificate();
    verify = await verifierFromDocs();
    receiver = await Receiver.start(certificate, verify, () => clock.now());
    refusedPort = await closedPort();
    database = await createTestDatabase(dialect);
    const env = receiverEnv(receiver, certificate);
    services = quietServices(database, {
      clock,
      env: {
        ...env,
        ADOPS_FETCH_PORTS: `${env.ADOPS_FETCH_PORTS},${refusedPort}`,
        ADOPS_WEBHOOK_TIMEOUT_MS: '2000',
      },
    });
    await migrateToLatest(services.storage.db);
  });
  afterAll(async () => {
    await closeServices(services);
    await database?.drop();
    await receiver?.stop();
    certificate?.remove();
  });

  async function owner() {
    const email = `webhooks${++owners}-${dialect}@example.com`;
    return (await createWorkspace(services.storage.db, { email, tier: 'free' }, clock.now())).workspace;
  }

  async function endpoint(userId: string, path: string, events: readonly string[] = EVENT_TYPES) {
    const url = path.startsWith('https:') ? path : receiver.url(path);
    const created = await createEndpoint(services, userId, { url, events });
    receiver.secrets.set(path, created.secret);
    return created;
  }

  let events = 0;
  async function emit(userId: string, type: EventType = 'quota.threshold', id = `evt_test_${++events}`) {
    await emitEvent(services, {
      id,
      userId,
      type,
      data: { threshold_percent: 80, used: 4, limit: 5 },
      text: 'adops quota at 80%:\n4 of 5 calls.',
    });
    return id;
  }

  const deliveriesOf = (endpoint: WebhookEndpoint) =>
    services.storage.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpoint.id)
      .orderBy('created_at')
      .execute();

  async function only(endpoint: WebhookEndpoint): Promise<WebhookDelivery> {
    const [delivery, ...more] = await deliveriesOf(endpoint);
    expect(more).toEqual([]);
    if (!delivery) throw new Error(`no delivery to ${endpoint.url}`);
    return delivery;
  }

  /** Runs the job of the delivery's next attempt, as the engine would when it falls due. */
  async function attempt(delivery: WebhookDelivery): Promise<WebhookDelivery> {
    if (delivery.next_attempt_at) clock.set(delivery.next_attempt_at);
    await deliver(services, delivery.id, delivery.attempts);
    return services.storage.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', delivery.id)
      .executeTakeFirstOrThrow();
  }

  it('signs each delivery as docs/notifications.md verifies it, and delivers one event once', async () => {
    clock.set(T0);
    const user = await owner();
    const { endpoint: hook, secret } = await endpoint(user.id, '/signed');
    const id = await emit(user.id);
    const pending = await only(hook);
    expect(pending).toMatchObject({ status: 'pending', attempts: 0, event_id: id });

    const delivered = await attempt(pending);
    expect(delivered).toMatchObject({
      status: 'delivered',
      attempts: 1,
      last_status: 204,
      last_error: null,
      first_attempt_at: T0,
      delivered_at: T0,
    });
    const [receipt, ...more] = receiver.at('/signed');
    expect(more).toEqual([]);
    expect(receipt?.verified).toBe(true);
    expect(receipt?.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'adops-webhooks/1',
      'adops-event-id': id,
    });
    expect(receipt?.event).toEqual({
      id,
      type: 'quota.threshold',
      created: T0,
      data: { threshold_percent: 80, used: 4, limit: 5 },
      text: 'adops quota at 80%: 4 of 5 calls.',
    });
    expect(receipt?.body).not.toContain(secret);
    expect(receipt?.body).not.toContain('whsec_');

    // The docs' check refuses another secret, another body and an old signature.
    const header = String(receipt?.headers['adops-signature']);
    const now = clock.now().getTime() / 1000;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(header, receipt?.body ?? '', secret, now)).toBe(true);
    expect(verify(header, receipt?.body ?? '', `${secret}x`, now)).toBe(false);
    expect(verify(header, (receipt?.body ?? '').replace('80', '90'), secret, now)).toBe(false);
    expect(verify(header, receipt?.body ?? '', secret, now + 301)).toBe(false);

    // The same event emitted again, twice at once, and its job run again: nothing more is sent.
    await Promise.all([emit(user.id, 'quota.threshold', id), emit(user.id, 'quota.threshold', id)]);
    expect(await deliveriesOf(hook)).toHaveLength(1);
    await deliver(services, pending.id, 0);
    await deliver(services, pending.id, 1);
    expect(receiver.at('/signed')).toHaveLength(1);
  });

  it('makes an attempt once when two workers run its job at the same time', async () => {
    clock.set(T0);
    receiver.behaviours.set('/once', () => ({ status: 200, delayMs: 300 }));
    const user = await owner();
    const { endpoint: hook } = await endpoint(user.id, '/once');
    await emit(user.id);
    const pending = await only(hook);
    await Promise.all([deliver(services, pending.id, 0), deliver(services, pending.id, 0)]);
    expect(receiver.at('/once')).toHaveLength(1);
    expect(await only(hook)).toMatchObject({ status: 'delivered', attempts: 1, last_status: 200 });
  });

  it('delivers to the enabled endpoints that chose the event only', async () => {
    clock.set(T0);
    const user = await owner();
    const chose = await endpoint(user.id, '/chose', ['quota.threshold']);
    const other = await endpoint(user.id, '/other', ['approval.requested']);
    const off = await endpoint(user.id, '/off', ['quota.threshold']);
    await disableEndpoint(services, off.endpoint);
    const stranger = await owner();
    const theirs = await endpoint(stranger.id, '/theirs', ['quota.threshold']);
    await emit(user.id);
    expect(await deliveriesOf(chose.endpoint)).toHaveLength(1);
    expect(await deliveriesOf(other.endpoint)).toEqual([]);
    expect(await deliveriesOf(off.endpoint)).toEqual([]);
    expect(await deliveriesOf(theirs.endpoint)).toEqual([]);
  });

  it('retries a 500 on the documented schedule for 24 hours, then marks the delivery failed', async () => {
    clock.set(T0);
    receiver.behaviours.set('/down500', () => ({ status: 500 }));
    const user = await owner();
    const { endpoint: hook } = await endpoint(user.id, '/down500');
    await emit(user.id);
    let delivery = await only(hook);
    const times: number[] = [];
    while (delivery.status === 'pending') {
      delivery = await attempt(delivery);
      times.push((clock.now().getTime() - Date.parse(T0)) / 1000);
      expect(delivery).toMatchObject({ last_status: 500, last_error: 'HTTP 500', first_attempt_at: T0 });
    }
    // 30 s after the first attempt, then twice as long each time up to an hour, the last one at 24 hours.
    const gaps = times.slice(1).map((time, i) => time - (times[i] ?? 0));
    expect(gaps.slice(0, 9)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
    expect(gaps.slice(7, -1).every((gap) => gap === HOUR)).toBe(true);
    expect(times.at(-1)).toBe(DAY);
    expect(gaps.at(-1)).toBe(DAY - (times.at(-2) ?? 0));
    expect(delivery).toMatchObject({ status: 'failed', attempts: times.length, next_attempt_at: null });
    expect(times).toHaveLength(31);
    const received = receiver.at('/down500');
    expect(received).toHaveLength(31);
    expect(received.every((receipt) => receipt.verified)).toBe(true);
    expect(new Set(received.map((receipt) => receipt.body)).size).toBe(1);

    // A job run again after its delivery failed sends nothing.
    await deliver(services, delivery.id, delivery.attempts - 1);
    expect(receiver.at('/down500')).toHaveLength(31);
  });

  it('retries an endpoint that does not answer in time, or refuses the connection', {
    timeout: 30_000,
  }, async () => {
    clock.set(T0);
    receiver.behaviours.set('/slow', (n) => (n === 0 ? { status: 200, delayMs: 5000 } : { status: 200 }));
    const user = await owner();
    const slow = await endpoint(user.id, '/slow');
    const refused = await endpoint(user.id, `https://127.0.0.1:${refusedPort}/hook`);
    await emit(user.id);

    const timedOut = await attempt(await only(slow.endpoint));
    expect(timedOut).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_status: null,
      last_error: 'no answer within 2 s',
      next_attempt_at: '2026-11-22T10:00:30.000Z',
    });
    expect((await findWebhookEndpoint(services.storage.db, slow.endpoint.id))?.failing_since).toBe(T0);
    const second = await attempt(timedOut);
    expect(second).toMatchObject({
      status: 'delivered',
      attempts: 2,
      last_status: 200,
      delivered_at: '2026-11-22T10:00:30.000Z',
    });
    expect((await findWebhookEndpoint(services.storage.db, slow.endpoint.id))?.failing_since).toBeNull();
    expect(receiver.at('/slow').every((receipt) => receipt.verified)).toBe(true);

    clock.set(T0);
    const notListening = await attempt(await only(refused.endpoint));
    expect(notListening).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_status: null,
      last_error: 'the connection was refused',
      next_attempt_at: '2026-11-22T10:00:30.000Z',
    });
  });

  it('disables an endpoint whose every delivery failed for 3 days, shows it on the overview, and enables it', async () => {
    clock.set(T0);
    receiver.behaviours.set('/gone', () => ({ status: 503 }));
    // Fails, works a day later, then fails from day 2 on: never 3 days of failures in a row.
    receiver.behaviours.set('/flaky', (n) => ({ status: n === 1 ? 200 : 500 }));
    const user = await owner();
    const admin = await findPersonByEmail(services.storage.db, user.email);
    await savePasswordHash(services.storage.db, admin?.id ?? '', await hashPassword(PASSWORD), clock.now());
    const gone = await endpoint(user.id, '/gone');
    const flaky = await endpoint(user.id, '/flaky');
    const statusOf = async (hook: WebhookEndpoint) => findWebhookEndpoint(services.storage.db, hook.id);
    const latest = async (hook: WebhookEndpoint) => (await deliveriesOf(hook)).at(-1) as WebhookDelivery;

    await emit(user.id);
    await attempt(await latest(gone.endpoint));
    await attempt(await latest(flaky.endpoint));
    clock.set('2026-11-23T10:00:00.000Z');
    await emit(user.id);
    await attempt(await latest(flaky.endpoint));
    clock.set('2026-11-24T10:00:00.000Z');
    await emit(user.id);
    const stillTrying = await attempt(await latest(gone.endpoint));
    await attempt(await latest(flaky.endpoint));
    expect(stillTrying.status).toBe('pending');
    expect(await statusOf(gone.endpoint)).toMatchObject({ disabled_at: null, failing_since: T0 });
    expect(await statusOf(flaky.endpoint)).toMatchObject({
      disabled_at: null,
      failing_since: '2026-11-24T10:00:00.000Z',
    });

    clock.set('2026-11-25T10:00:00.000Z');
    await emit(user.id);
    const last = await attempt(await latest(gone.endpoint));
    expect(last).toMatchObject({ status: 'failed', attempts: 1, last_status: 503 });
    const disabled = await statusOf(gone.endpoint);
    expect(disabled?.disabled_at).toBe('2026-11-25T10:00:00.000Z');
    expect(disabled?.disabled_reason).toBe(
      `every delivery failed for 3 days, since ${T0} (last: HTTP 503); fix the endpoint, then enable it again`,
    );
    await attempt(await latest(flaky.endpoint));
    expect(await statusOf(flaky.endpoint)).toMatchObject({ disabled_at: null });

    // The day-2 delivery's next attempt finds the endpoint disabled: it ends failed, unsent.
    const sent = receiver.at('/gone').length;
    const ended = await attempt(stillTrying);
    expect(ended).toMatchObject({ status: 'failed', attempts: 1 });
    expect(ended.last_error).toMatch(
      /^not sent: the endpoint is disabled \(every delivery failed for 3 days/,
    );
    expect(receiver.at('/gone')).toHaveLength(sent);
    await emit(user.id);
    expect(await deliveriesOf(gone.endpoint)).toHaveLength(4);

    // The owner sees it on the overview, and enables it on /notifications, on a service whose engine
    // runs: the deliveries left pending above end first, so their queued jobs find nothing to send.
    const open = await services.storage.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .execute();
    for (const { id } of open) await failWebhookDelivery(services.storage.db, id, 'ended by the test');
    const env = receiverEnv(receiver, certificate);
    const service = await TestService.start(dialect, { database, clock, env });
    try {
      const client = new ConsoleClient(service.url);
      expect((await client.signIn(user.email, PASSWORD)).status).toBe(303);
      const overview = await client.get('/');
      expect(overview.text).toContain('id="notifications-title"');
      expect(overview.text).toContain(`<code>${receiver.url('/gone')}</code> is disabled since`);
      expect(overview.text).toContain('every delivery failed for 3 days');
      expect(overview.text).not.toContain(`<code>${receiver.url('/flaky')}</code> is disabled`);
      const page = await client.get('/notifications');
      const enabled = await client.post(`/notifications/${gone.endpoint.id}/enable`, {
        _csrf: csrfTokenOf(page.text),
      });
      expect([enabled.status, enabled.location]).toEqual([303, '/notifications']);
      expect(await statusOf(gone.endpoint)).toMatchObject({ disabled_at: null, failing_since: null });
      expect((await client.get('/')).text).not.toContain('id="notifications-title"');
    } finally {
      await service.stop();
    }
  });
});
