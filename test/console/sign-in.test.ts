import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner } from '../../src/owners/users.ts';
import { sha256 } from '../../src/web/tokens.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TestService } from '../support/service.ts';
import {
  ConsoleClient,
  csrfTokenOf,
  hiddenFieldsOf,
  PASSWORD,
  uniqueEmail,
} from './support/console-client.ts';

describe.each(TEST_DIALECTS)('console sign-in on %s', (dialect) => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect);
  });
  afterAll(() => service.stop());

  it('signs up into an httpOnly, SameSite=Lax session whose id is stored only as a hash', async () => {
    const client = new ConsoleClient(service.url);
    const email = uniqueEmail('signup');
    const form = await client.get('/signup');
    const answer = await client.post('/signup', { _csrf: csrfTokenOf(form.text), email, password: PASSWORD });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/');
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('adops_session='));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    expect(cookie).toMatch(/Max-Age=86400/);

    const id = client.cookies.get('adops_session') ?? '';
    const rows = await service.services.storage.db.selectFrom('console_sessions').selectAll().execute();
    expect(rows.map((r) => r.id_hash)).toContain(sha256(id));
    expect(JSON.stringify(rows)).not.toContain(id);
    const stored = await service.services.storage.db.selectFrom('person_passwords').select('hash').execute();
    expect(JSON.stringify(stored)).not.toContain(PASSWORD);

    const keys = await client.get('/keys');
    expect(keys.status).toBe(200);
    expect(keys.text).toContain(email);
    expect(keys.headers.get('cache-control')).toBe('no-store');
    expect(keys.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('sends visitors without a session to the sign-in page, and back after signing in', async () => {
    const client = new ConsoleClient(service.url);
    const email = uniqueEmail('return');
    await client.signUp(email, PASSWORD);
    const visitor = new ConsoleClient(service.url);
    for (const path of ['/keys', '/connections', '/usage', '/billing']) {
      const answer = await visitor.get(path);
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(`/login?next=${encodeURIComponent(path)}`);
    }
    const form = await visitor.get('/login?next=/usage');
    const signedIn = await visitor.post('/login', {
      _csrf: csrfTokenOf(form.text),
      next: '/usage',
      email,
      password: PASSWORD,
    });
    expect(signedIn.location).toBe('/usage');
    // Anywhere else than the console's own pages is ignored, so sign-in is no open redirect.
    const other = new ConsoleClient(service.url);
    const page = await other.get('/login?next=https://evil.example');
    expect(page.text).not.toContain('evil.example');
  });

  it('lets a newcomer sent to sign in create an account and still come back to where it was going', async () => {
    const visitor = new ConsoleClient(service.url);
    const consent = '/oauth/consent/abc123';
    const login = await visitor.get(`/login?next=${encodeURIComponent(consent)}`);
    const signupLink = `/signup?next=${encodeURIComponent(consent)}`;
    expect(login.text).toContain(`href="${signupLink}"`);
    const form = await visitor.get(signupLink);
    expect(form.text).toContain(`name="next" value="${consent}"`);
    const created = await visitor.post('/signup', {
      _csrf: csrfTokenOf(form.text),
      next: consent,
      email: uniqueEmail('newcomer'),
      password: PASSWORD,
    });
    expect([created.status, created.location]).toEqual([303, consent]);
    // Anywhere else is ignored on sign-up too.
    const other = new ConsoleClient(service.url);
    const page = await other.get('/signup?next=https://evil.example');
    expect(page.text).not.toContain('evil.example');
  });

  it('refuses a wrong password, then throttles the email even for the right one', async () => {
    const client = new ConsoleClient(service.url);
    const email = uniqueEmail('throttle');
    await client.signUp(email, PASSWORD);
    const attacker = new ConsoleClient(service.url);
    for (let i = 0; i < 5; i++) {
      const answer = await attacker.signIn(email, `wrong password ${i}`);
      expect(answer.status).toBe(401);
      expect(answer.text).toContain('The email or the password is wrong.');
    }
    const blocked = await attacker.signIn(email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.text).toContain('Too many attempts');
    expect(attacker.cookies.has('adops_session')).toBe(false);
  });

  it('gives an owner made without a password no way in, and no way to claim the email', async () => {
    const email = uniqueEmail('cli-made');
    await createOwner(service.services.storage.db, email, 'pro', service.services.clock.now());
    const client = new ConsoleClient(service.url);
    expect((await client.signIn(email, PASSWORD)).status).toBe(401);
    const signUp = await client.submit('/signup', '/signup', { email, password: PASSWORD });
    expect(signUp.status).toBe(409);
    expect(signUp.text).toContain('An account with this email exists');
  });

  it('refuses bad sign-up input with the reason', async () => {
    const client = new ConsoleClient(service.url);
    const short = await client.submit('/signup', '/signup', {
      email: uniqueEmail('short'),
      password: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.text).toContain('at least 10 characters');
    const noEmail = await client.submit('/signup', '/signup', { email: 'not-an-email', password: PASSWORD });
    expect(noEmail.status).toBe(400);
    expect(noEmail.text).toContain('value="not-an-email"');
  });

  it('signs out: the session is deleted, so its cookie no longer opens a page', async () => {
    const client = new ConsoleClient(service.url);
    await client.signUp(uniqueEmail('signout'), PASSWORD);
    const stolen = client.cookies.get('adops_session') ?? '';
    const out = await client.submit('/keys', '/logout', {});
    expect(out.status).toBe(303);
    expect(out.location).toBe('/login?done=signed-out');
    expect(out.headers.getSetCookie().some((c) => /^adops_session=;.*Max-Age=0/.test(c))).toBe(true);
    const replay = new ConsoleClient(service.url);
    replay.cookies.set('adops_session', stolen);
    expect((await replay.get('/keys')).status).toBe(303);
  });

  it('refuses changes without the form token, with another session’s token, or from another site', async () => {
    const victim = new ConsoleClient(service.url);
    await victim.signUp(uniqueEmail('victim'), PASSWORD);
    const other = new ConsoleClient(service.url);
    await other.signUp(uniqueEmail('other'), PASSWORD);
    const othersToken = csrfTokenOf((await other.get('/keys')).text);
    const ownForm = hiddenFieldsOf((await victim.get('/keys')).text, '/keys');
    const ownToken = ownForm._csrf ?? '';

    const attempts = [
      await victim.post('/keys', { name: 'forged', expires: 'never' }),
      await victim.post('/keys', { _csrf: othersToken, name: 'forged', expires: 'never' }),
      await victim.post(
        '/keys',
        { _csrf: ownToken, name: 'forged', expires: 'never' },
        { origin: 'https://evil.example' },
      ),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(403);
      expect(attempt.text).toContain('This form was refused');
    }
    expect((await victim.get('/keys')).text).not.toContain('forged');
    const genuine = await victim.follow(
      victim.post('/keys', { ...ownForm, name: 'genuine', expires: 'never' }),
    );
    expect(genuine.text).toContain('genuine');
  });

  it('refuses a control character in any field, naming the field, before the database sees it', async () => {
    const users = () => service.services.storage.db.selectFrom('users').select('email').execute();
    const before = (await users()).length;
    const refusals: Array<{ path: string; fields: Record<string, string>; field: string; at: string }> = [
      // A NUL was a 500 from PostgreSQL, without signing in; SQLite kept an e-mail holding it.
      {
        path: '/login',
        fields: { email: 'ops\u0000@example.com', password: PASSWORD },
        field: 'Email',
        at: 'U+0000 NUL) at character 4',
      },
      {
        path: '/signup',
        fields: { email: 'new\u0000@example.com', password: PASSWORD },
        field: 'Email',
        at: 'U+0000 NUL) at character 4',
      },
      {
        path: '/signup',
        fields: { email: uniqueEmail('del').replace('@', '\u007f@'), password: PASSWORD },
        field: 'Email',
        at: 'U+007F delete)',
      },
      {
        path: '/signup',
        fields: { email: uniqueEmail('tab'), password: `${PASSWORD}\tx` },
        field: 'Password',
        at: 'U+0009 tab)',
      },
      {
        path: '/signup',
        fields: { email: uniqueEmail('c1'), password: PASSWORD, next: '/keys\u0085' },
        field: 'next',
        at: 'U+0085)',
      },
    ];
    for (const { path, fields, field, at } of refusals) {
      const answer = await new ConsoleClient(service.url).submit(path, path, fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.headers.get('content-type')).toContain('text/html');
      expect(answer.text).toContain(`The field “${field}” holds a control character (${at}`);
      expect(answer.text).toContain('Remove it and send the form again.');
    }
    expect((await users()).length).toBe(before);
    // The address too: a control character in a path reaches no route.
    const signedIn = new ConsoleClient(service.url);
    await signedIn.signUp(uniqueEmail('path'), PASSWORD);
    const keys = await signedIn.get('/keys');
    const revoke = await signedIn.post('/keys/key_%00/revoke', { _csrf: csrfTokenOf(keys.text) });
    expect(revoke.status).toBe(400);
    expect(revoke.text).toContain('The address holds a control character (U+0000 NUL) at character 5');
  });

  it('leaves the API as it was: its 415 for forms, its 404 envelope for unknown paths', async () => {
    const form = await fetch(`${service.url}/api/v1/tools/get_usage_status/execute`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'arguments=1',
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toMatchObject({ success: false, code: 'unsupported_media_type' });
    for (const path of ['/keys/extra', '/console/missing.css', '/usage/x']) {
      const missing = await fetch(`${service.url}${path}`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ success: false, code: 'not_found' });
    }
    const json = await fetch(`${service.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@example.com"}',
    });
    expect(json.status).toBe(415);
    expect(json.headers.get('content-type')).toContain('text/html');
  });
});

describe('console sign-in behind https with sign-up closed', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(TEST_DIALECTS[0] ?? 'sqlite', {
      env: { ADOPS_APP_URL: 'https://console.example.com', ADOPS_CONSOLE_SIGNUP: 'closed' },
    });
  });
  afterAll(() => service.stop());

  it('refuses sign-ups, and marks the cookies Secure with the __Host- prefix', async () => {
    const client = new ConsoleClient(service.url);
    const page = await client.get('/signup');
    expect(page.text).toContain('does not take sign-ups');
    expect(page.headers.getSetCookie()[0]).toMatch(
      /^__Host-adops_csrf=.*; Path=\/;.*HttpOnly; SameSite=Lax; Secure$/,
    );
    const refused = await client.post('/signup', {
      _csrf: client.cookies.get('__Host-adops_csrf') ?? '',
      email: uniqueEmail('closed'),
      password: PASSWORD,
    });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Sign-up is closed');
  });
});
