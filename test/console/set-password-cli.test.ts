import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace } from '../../src/owners/members.ts';
import { findPasswordHash } from '../../src/storage/people.ts';
import { ADOPS_BIN } from '../support/cli.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TEST_ENCRYPTION_KEYS, TestService } from '../support/service.ts';
import { ConsoleClient, PASSWORD, uniqueEmail } from './support/console-client.ts';

/** `adops users set-password` with the password piped on stdin, as a script would do it. */
function setPassword(email: string, password: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [ADOPS_BIN, 'users', 'set-password', '--email', email], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdin.end(`${password}\n`);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
}

// Each CLI run starts Node and loads the service's modules: a few seconds apiece on a busy machine.
describe.each(TEST_DIALECTS)('adops users set-password on %s', { timeout: 90_000 }, (dialect) => {
  let service: TestService;
  let env: Record<string, string>;

  beforeAll(async () => {
    service = await TestService.start(dialect);
    env = { ADOPS_DATABASE_URL: service.database.url, ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS };
  });
  afterAll(() => service.stop());

  it('gives an owner made without a password a console password, and a new one ends their sessions', async () => {
    const email = uniqueEmail('cli');
    await createWorkspace(service.services.storage.db, { email, tier: 'pro' }, new Date());
    const client = new ConsoleClient(service.url);
    expect((await client.signIn(email, PASSWORD)).status).toBe(401);

    const set = await setPassword(email, PASSWORD, env);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({ id: expect.stringMatching(/^per_/), email, password_set: true });
    expect(set.stdout + set.stderr).not.toContain(PASSWORD);

    const signedIn = await client.signIn(email, PASSWORD);
    expect(signedIn.status).toBe(303);
    const billing = await client.get('/billing');
    expect(billing.text).toContain('Your plan is <strong>pro</strong>');

    expect((await setPassword(email, 'another long passphrase', env)).code).toBe(0);
    expect((await client.get('/billing')).status).toBe(303);
    expect((await client.signIn(email, PASSWORD)).status).toBe(401);
    expect((await client.signIn(email, 'another long passphrase')).status).toBe(303);
  });

  it('refuses a short password, saying why', async () => {
    const email = uniqueEmail('cli-short');
    await createWorkspace(service.services.storage.db, { email, tier: 'free' }, new Date());
    const short = await setPassword(email, 'short', env);
    expect(short.code).toBe(1);
    expect(JSON.parse(short.stderr)).toEqual({
      error: 'The password is refused: Use at least 10 characters.',
    });
  });

  it('refuses a password holding a control character, as the console does', async () => {
    const email = uniqueEmail('cli-control');
    const { admin } = await createWorkspace(service.services.storage.db, { email, tier: 'free' }, new Date());
    const refused = await setPassword(email, 'long enough\u0000passphrase', env);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stderr)).toEqual({
      error:
        'The password is refused: Use no control characters: the password holds a control character ' +
        '(U+0000 NUL) at character 12.',
    });
    expect(await findPasswordHash(service.services.storage.db, admin.id)).toBeUndefined();
  });
});
