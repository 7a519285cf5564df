import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, limitsOfRow } from '../../src/key-limits.ts';
import { addAccount } from '../../src/owners/add-account.ts';
import { findApiKeyById, listApiKeys } from '../../src/storage/api-keys.ts';
import { findUserByEmail, setUserTier } from '../../src/storage/users.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TestService } from '../support/service.ts';
import {
  ConsoleClient,
  callTool,
  csrfTokenOf,
  hiddenFieldsOf,
  PASSWORD,
  uniqueEmail,
} from './support/console-client.ts';

const KEY_PATTERN = /sk_live_[0-9A-Za-z]{38}/;

describe.each(TEST_DIALECTS)('console API keys on %s', (dialect) => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect, { env: { ADOPS_KEY_LIMITS: 'free=2,plus=3,pro=10,max=20' } });
  });
  afterAll(() => service.stop());

  async function owner(): Promise<{ client: ConsoleClient; email: string }> {
    const client = new ConsoleClient(service.url);
    const email = uniqueEmail('keys');
    await client.signUp(email, PASSWORD);
    return { client, email };
  }

  function createKey(client: ConsoleClient, name: string, expires = '30d') {
    return client.submit('/keys', '/keys', { name, expires });
  }

  it('creates a key limited in scope, accounts and budget, shows its limits, and narrows it but never widens it', async () => {
    const { client, email } = await owner();
    const user = await findUserByEmail(service.services.storage.db, email);
    if (!user) throw new Error('no owner');
    const shop = await addAccount(service.services, user, { platform: 'social', name: 'Shop' });
    await addAccount(service.services, user, { platform: 'social', name: 'Brand' });
    const form = await client.get('/keys');
    expect(form.text).toContain('What the key may do');
    expect(form.text).toContain(`value="social:${shop.account_id}"`);

    const created = await client.follow(
      client.submit('/keys', '/keys', {
        name: 'agent',
        expires: '30d',
        scope: 'write',
        account: [`social:${shop.account_id}`],
        max_daily_budget: '20 USD',
      }),
    );
    expect(created.status).toBe(200);
    const key = KEY_PATTERN.exec(created.text)?.[0] ?? '';
    const listed = await callTool(service.url, key, 'list_connected_accounts');
    expect(listed.body.data.structured.accounts.map((a: any) => a.account_id)).toEqual([shop.account_id]);
    const list = await client.get('/keys');
    expect(list.text).toContain(`write; social ${shop.account_id}; daily budgets up to 20.00 USD`);

    const id = /action="\/keys\/(key_[0-9a-f]+)\/narrow"/.exec(list.text)?.[1] ?? '';
    const csrf = csrfTokenOf(list.text);
    const narrowed = await client.post(`/keys/${id}/narrow`, {
      _csrf: csrf,
      scope: 'read',
      max_daily_budget: '10 USD',
    });
    expect([narrowed.status, narrowed.location]).toEqual([303, '/keys']);
    expect((await client.get('/keys')).text).toContain(
      `read; social ${shop.account_id}; daily budgets up to 10.00 USD`,
    );

    const widened = await client.post(`/keys/${id}/narrow`, { _csrf: csrf, scope: 'spend' });
    expect(widened.status).toBe(400);
    expect(widened.text).toContain('never widened');
    const bad = await client.submit('/keys', '/keys', {
      name: 'bad',
      expires: '30d',
      scope: 'write',
      max_daily_budget: 'lots',
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('like 50:USD');
  });

  it('offers every scope to a new key, write ticked, and the spend guardrails, labelled', async () => {
    const { client } = await owner();
    const form = (await client.get('/keys')).text.split('action="/keys"')[1]?.split('</form>')[0] ?? '';
    const scopes = [...form.matchAll(/<input type="radio" name="scope" value="(\w+)"( checked)?>/g)];
    expect(scopes.map((m) => [m[1], m[2] === ' checked'])).toEqual([
      ['read', false],
      ['write', true],
      ['spend', false],
    ]);
    expect(form).toContain('<label for="max-raise-new">Largest raise without approval (%)</label>');
    expect(form).toMatch(
      /<input id="max-raise-new" type="number" name="max_raise_percent" min="1" max="1000"/,
    );
    expect(form).toMatch(
      /<label><input type="checkbox" name="approval" value="spend" aria-describedby="approval-hint-new"> Every spend change needs my approval<\/label>/,
    );
    expect(form).toContain('id="approval-hint-new"');
    expect(form).toContain('id="max-raise-hint-new"');
  });

  it('creates a key with spend guardrails, stores and shows them, and narrows them but never widens them', async () => {
    const { client, email } = await owner();
    const { db } = service.services.storage;
    const created = await client.follow(
      client.submit('/keys', '/keys', {
        name: 'guarded',
        expires: '30d',
        scope: 'spend',
        max_raise_percent: '50',
        approval: 'spend',
      }),
    );
    expect(created.status, created.text.slice(0, 2000)).toBe(200);
    expect(created.text).toMatch(KEY_PATTERN);
    const list = await client.get('/keys');
    expect(list.text).toContain(
      'spend; every account; no budget ceiling; raises over 50% need approval; every spend change needs approval',
    );
    const id = /action="\/keys\/(key_[0-9a-f]+)\/narrow"/.exec(list.text)?.[1] ?? '';
    const stored = async () => {
      const row = await findApiKeyById(db, id);
      return row && limitsOfRow(row);
    };
    expect(await stored()).toEqual({
      ...DEFAULT_LIMITS,
      scope: 'spend',
      maxRaisePercent: 50,
      approval: 'spend',
    });
    // The narrow form starts from the key's own guardrails and offers no higher raise.
    expect(list.text).toMatch(
      new RegExp(
        `id="max-raise-${id}" type="number" name="max_raise_percent" min="1" max="50" [^>]*value="50"`,
      ),
    );
    expect(list.text).toMatch(
      new RegExp(`name="approval" value="spend" aria-describedby="approval-hint-${id}" checked>`),
    );

    const csrf = csrfTokenOf(list.text);
    const narrow = (fields: Record<string, string>) =>
      client.post(`/keys/${id}/narrow`, { _csrf: csrf, scope: 'spend', ...fields });
    const narrowed = await narrow({ max_raise_percent: '20', approval: 'spend' });
    expect([narrowed.status, narrowed.location]).toEqual([303, '/keys']);
    expect((await stored())?.maxRaisePercent).toBe(20);

    const higher = await narrow({ max_raise_percent: '21', approval: 'spend' });
    expect(higher.status).toBe(400);
    expect(higher.text).toContain('a largest raise of 21% is above the key&#39;s 20%');
    // An unticked box says none: from spend, that widens.
    const unticked = await narrow({ max_raise_percent: '20' });
    expect(unticked.status).toBe(400);
    expect(unticked.text).toContain(
      'approval none is wider than the key&#39;s approval of every spend change',
    );
    expect(await stored()).toEqual({
      ...DEFAULT_LIMITS,
      scope: 'spend',
      maxRaisePercent: 20,
      approval: 'spend',
    });

    for (const [fields, why] of [
      [
        { max_raise_percent: '0' },
        '&quot;0&quot; is not a largest raise: give a whole percent from 1 to 1000',
      ],
      [{ max_raise_percent: '1001' }, '&quot;1001&quot; is not a largest raise'],
      [{ approval: 'always' }, '&quot;always&quot; is not an approval: use none or spend'],
    ] as const) {
      const bad = await client.submit('/keys', '/keys', { name: 'bad', expires: '30d', ...fields });
      expect(bad.status).toBe(400);
      expect(bad.text).toContain(`The key was not created: ${why}`);
    }
    // Refused forms made no key: the guarded one is all there is.
    const user = await findUserByEmail(db, email);
    expect(await listApiKeys(db, user?.id ?? '')).toHaveLength(1);
  });

  it('shows a new key once, lists it by prefix only, and the key works until revoked', async () => {
    const { client } = await owner();
    const created = await client.follow(createKey(client, 'n8n <prod>'));
    expect(created.status).toBe(200);
    const key = KEY_PATTERN.exec(created.text)?.[0] ?? '';
    expect(key).not.toBe('');
    expect(created.text).toContain('shown only this once');
    expect(created.text).toContain('n8n &lt;prod&gt;');

    // Shown once: a reload of the page the form led to shows it no more.
    const list = await client.get('/keys');
    expect(list.text).not.toMatch(KEY_PATTERN);
    expect(list.text).toContain(`${key.slice(0, 14)}…`);
    const expiry =
      /<td class="fold" data-label="Expires"><div class="value"><time datetime="([^"]+)">.*?<\/time><\/div><\/td>\s*<td data-label="Status"><div class="value"><span class="badge badge-ok">active/.exec(
        list.text,
      );
    const days = (Date.parse(expiry?.[1] ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    expect((await callTool(service.url, key, 'get_usage_status')).status).toBe(200);
    const id = /action="\/keys\/(key_[0-9a-f]+)\/revoke"/.exec(list.text)?.[1] ?? '';
    const revoked = await client.post(`/keys/${id}/revoke`, { _csrf: csrfTokenOf(list.text) });
    expect(revoked.status).toBe(303);
    expect(revoked.location).toBe('/keys');
    const after = await client.get('/keys');
    expect(after.text).toContain('The key is revoked.');
    expect(after.text).toContain('<span class="badge badge-danger">revoked</span>');
    const refused = await callTool(service.url, key, 'get_usage_status');
    expect(refused.status).toBe(401);
    expect(refused.body.error).toContain('revoked');
  });

  it('holds each tier to its number of active keys; revoking frees a place', async () => {
    const { client, email } = await owner();
    expect((await createKey(client, 'one')).status).toBe(303);
    expect((await createKey(client, 'two', 'never')).status).toBe(303);
    const third = await createKey(client, 'three');
    expect(third.status).toBe(409);
    expect(third.text).toContain('Your free plan allows 2 active keys');
    expect(third.text).not.toMatch(KEY_PATTERN);
    expect(third.text).toMatch(/<button type="submit" disabled>Create key<\/button>/);

    const list = await client.get('/keys');
    const id = /action="\/keys\/(key_[0-9a-f]+)\/revoke"/.exec(list.text)?.[1] ?? '';
    await client.post(`/keys/${id}/revoke`, { _csrf: csrfTokenOf(list.text) });
    expect((await createKey(client, 'three')).status).toBe(303);

    const { db } = service.services.storage;
    const user = await findUserByEmail(db, email);
    await setUserTier(db, user?.id ?? '', 'plus');
    expect((await createKey(client, 'four')).status).toBe(303);
    expect((await createKey(client, 'five')).status).toBe(409);
  });

  it('makes no second key when the same form is sent again, as a reload of the page does', async () => {
    const { client } = await owner();
    const form = hiddenFieldsOf((await client.get('/keys')).text, '/keys');
    const first = await client.follow(client.post('/keys', { ...form, name: 'once', expires: 'never' }));
    expect(first.text).toMatch(KEY_PATTERN);
    const again = await client.post('/keys', { ...form, name: 'once', expires: 'never' });
    expect(again.status).toBe(409);
    expect(again.text).toContain('This form was already sent');
    expect(again.text).not.toMatch(KEY_PATTERN);
    expect(again.text.match(/<td data-label="Name"><div class="value">once<\/div><\/td>/g)).toHaveLength(1);
    const next = hiddenFieldsOf(again.text, '/keys');
    expect(next.form_id).not.toBe(form.form_id);
    expect((await client.post('/keys', { ...next, name: 'twice', expires: 'never' })).status).toBe(303);
  });

  it('refuses an unnamed key or an unknown expiry, keeping what was typed', async () => {
    const { client } = await owner();
    const unnamed = await createKey(client, '   ');
    expect(unnamed.status).toBe(400);
    expect(unnamed.text).toContain('Give the key a name');
    const badExpiry = await createKey(client, 'kept name', '7d');
    expect(badExpiry.status).toBe(400);
    expect(badExpiry.text).toContain('value="kept name"');
    expect((await client.get('/keys')).text).toContain('No keys yet.');
  });

  it('refuses a control character in a key name or an OAuth client name, naming the field', async () => {
    const { client } = await owner();
    // A NUL was a 500 from PostgreSQL; a line break or an escape made a name no list shows as typed.
    const names: Array<[string, string]> = [
      ['ci\u0000prod', 'U+0000 NUL) at character 3'],
      ['ci\nprod', 'U+000A line feed) at character 3'],
      ['\u001b[31mred', 'U+001B escape) at character 1'],
    ];
    for (const [name, at] of names) {
      const refused = await createKey(client, name);
      expect(refused.status, name).toBe(400);
      expect(refused.text).toContain(`The field “Name” holds a control character (${at}`);
    }
    const oauthClient = await client.submit('/keys', '/keys/oauth-clients', {
      name: 'My\u0000GPT',
      redirect_uri: 'https://chatgpt.com/aip/g-1/oauth/callback',
    });
    expect(oauthClient.status).toBe(400);
    expect(oauthClient.text).toContain(
      'The field “Name” holds a control character (U+0000 NUL) at character 3',
    );
    expect((await client.get('/keys')).text).toContain('No keys yet.');
    const clients = await service.services.storage.db
      .selectFrom('oauth_owned_clients')
      .select('name')
      .execute();
    expect(clients.map((row) => row.name)).not.toContain('My\u0000GPT');
  });

  it('does not let one owner revoke another owner’s key', async () => {
    const victim = await owner();
    const created = await victim.client.follow(createKey(victim.client, 'victim key'));
    const key = KEY_PATTERN.exec(created.text)?.[0] ?? '';
    const victimList = await victim.client.get('/keys');
    const id = /action="\/keys\/(key_[0-9a-f]+)\/revoke"/.exec(victimList.text)?.[1] ?? '';

    const attacker = await owner();
    const page = await attacker.client.get('/keys');
    const attempt = await attacker.client.post(`/keys/${id}/revoke`, { _csrf: csrfTokenOf(page.text) });
    expect(attempt.status).toBe(404);
    expect(attempt.text).toContain('There is no such key.');
    expect((await callTool(service.url, key, 'get_usage_status')).status).toBe(200);
  });
});
