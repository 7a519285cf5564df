import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWebhookEndpoint } from '../../src/storage/webhook-endpoints.ts';
import { createTestCertificate, type TestCertificate } from '../assets/support/test-certificate.ts';
import { type VerifySignature, verifierFromDocs } from '../notifications/support/docs-verifier.ts';
import { Receiver, receiverEnv } from '../notifications/support/receiver.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TestService } from '../support/service.ts';
import { ConsoleClient, csrfTokenOf, PASSWORD, uniqueEmail } from './support/console-client.ts';

const SECRET = /whsec_[0-9A-Za-z]{32}/g;

/** The owner's webhook endpoints in the console, over plain HTTP, delivered to a receiver on loopback. */
describe.each(TEST_DIALECTS)('console notifications on %s', (dialect) => {
  let certificate: TestCertificate;
  let verify: VerifySignature;
  let receiver: Receiver;
  let service: TestService;

  beforeAll(async () => {
    certificate = createTestCertificate();
    verify = await verifierFromDocs();
    receiver = await Receiver.start(certificate, verify, () => service.services.clock.now());
    service = await TestService.start(dialect, { env: receiverEnv(receiver, certificate) });
  });
  afterAll(async () => {
    await service?.stop();
    await receiver?.stop();
    certificate?.remove();
  });

  async function owner(): Promise<ConsoleClient> {
    const client = new ConsoleClient(service.url);
    await client.signUp(uniqueEmail('hooks'), PASSWORD);
    return client;
  }

  const add = (client: ConsoleClient, url: string, events: string[]) =>
    client.submit('/notifications', '/notifications', { url, events });

  /** Posts one of an endpoint's buttons with the page's CSRF token. */
  async function press(client: ConsoleClient, id: string, action: string) {
    const page = await client.get('/notifications');
    return client.post(`/notifications/${id}/${action}`, { _csrf: csrfTokenOf(page.text) });
  }

  async function received(path: string, count: number) {
    await expect.poll(() => receiver.at(path).length, { timeout: 10_000 }).toBe(count);
    return receiver.at(path);
  }

  it('refuses a URL that is not https, an internal address and a form with no event, saying why', async () => {
    const client = await owner();
    const page = await client.get('/notifications');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<a href="/notifications" aria-current="page">Notifications</a>');
    expect(page.text).toContain('No endpoint yet');

    const plain = await add(client, 'http://hooks.example.com/adops', ['quota.threshold']);
    expect(plain.status).toBe(400);
    expect(plain.text).toContain(
      'The endpoint was not added. The URL is refused: only https URLs are posted to (got http).',
    );
    const internal = await add(client, 'https://10.1.2.3/adops', ['quota.threshold']);
    expect(internal.status).toBe(400);
    expect(internal.text).toContain(
      'the host 10.1.2.3 is a private address; only public addresses are posted to',
    );
    const metadata = await add(client, 'https://169.254.169.254/latest', ['quota.threshold']);
    expect(metadata.text).toContain('is a link-local address');
    const none = await add(client, receiver.url('/none'), []);
    expect(none.status).toBe(400);
    expect(none.text).toContain('Choose at least one event to send to this URL.');
    // What was typed stays in the form.
    expect(none.text).toContain(`value="${receiver.url('/none')}"`);
    expect((await client.get('/notifications')).text).toContain('No endpoint yet');
  });

  it('adds an endpoint, shows its secret once, delivers a test event, lists it, rotates the secret', async () => {
    const client = await owner();
    const created = await client.follow(
      add(client, receiver.url('/console'), ['approval.requested', 'quota.threshold']),
    );
    expect(created.status).toBe(200);
    expect(created.text).toContain('The endpoint is added.');
    const secrets = created.text.match(SECRET) ?? [];
    expect(new Set(secrets).size).toBe(1);
    const [secret = ''] = secrets;
    receiver.secrets.set('/console', secret);
    const list = await client.get('/notifications');
    expect(list.text).not.toContain(secret);
    expect(list.text.match(SECRET)).toBeNull();
    expect(list.text).toContain(`<code>${receiver.url('/console')}</code>`);
    expect(list.text).toContain('<code>approval.requested</code>, <code>quota.threshold</code>');
    const id = /action="\/notifications\/(whk_[0-9a-f]+)\/test"/.exec(list.text)?.[1] ?? '';
    const stored = await findWebhookEndpoint(service.services.storage.db, id);
    expect(stored?.secret).not.toContain(secret);

    const tested = await press(client, id, 'test');
    expect([tested.status, tested.location]).toEqual([303, '/notifications']);
    expect((await client.get('/notifications')).text).toContain('A test event is on its way');
    const [first] = await received('/console', 1);
    expect(first?.verified).toBe(true);
    expect(first?.event).toMatchObject({
      type: 'test',
      data: { endpoint_id: id, url: receiver.url('/console') },
    });
    await expect
      .poll(async () => (await client.get('/notifications')).text, { timeout: 10_000 })
      .toContain(
        '<td data-label="Status"><div class="value"><span class="badge badge-ok">delivered</span></div></td>',
      );
    const shown = (await client.get('/notifications')).text;
    expect(shown).toContain('<code>test</code>');
    expect(shown).toContain(
      '<td class="fold" data-label="Last answer"><div class="value">HTTP 204</div></td>',
    );

    const rotated = await client.follow(press(client, id, 'rotate'));
    expect(rotated.text).toContain('The signing secret is rotated.');
    const [newSecret = ''] = rotated.text.match(SECRET) ?? [];
    expect(newSecret).not.toBe(secret);
    expect(rotated.text).toContain('The old secret signs nothing from now on.');
    await press(client, id, 'test');
    const [, second] = await received('/console', 2);
    const header = String(second?.headers['adops-signature']);
    const now = service.services.clock.now().getTime() / 1000;
    expect(verify(header, second?.body ?? '', newSecret, now)).toBe(true);
    expect(verify(header, second?.body ?? '', secret, now)).toBe(false);
  });

  it('disables, enables and deletes an endpoint; another owner cannot touch it', async () => {
    const client = await owner();
    await add(client, receiver.url('/manage'), ['quota.threshold']);
    const id =
      /action="\/notifications\/(whk_[0-9a-f]+)\/test"/.exec(
        (await client.get('/notifications')).text,
      )?.[1] ?? '';

    const stranger = await owner();
    for (const action of ['test', 'rotate', 'disable', 'delete']) {
      const refused = await press(stranger, id, action);
      expect(refused.status, action).toBe(404);
      expect(refused.text).toContain('There is no such endpoint.');
    }

    expect((await press(client, id, 'disable')).location).toBe('/notifications');
    const disabled = await client.get('/notifications');
    expect(disabled.text).toContain('disabled by you');
    expect(disabled.text).not.toContain(`action="/notifications/${id}/test"`);
    expect(disabled.text).toContain(`action="/notifications/${id}/enable"`);
    expect((await client.get('/')).text).toContain(
      `<code>${receiver.url('/manage')}</code> is disabled since`,
    );
    expect((await press(client, id, 'enable')).location).toBe('/notifications');
    expect((await client.get('/notifications')).text).toContain(`action="/notifications/${id}/test"`);

    expect((await press(client, id, 'delete')).location).toBe('/notifications');
    expect(await findWebhookEndpoint(service.services.storage.db, id)).toBeUndefined();
    expect((await client.get('/notifications')).text).toContain('No endpoint yet');
  });
});
