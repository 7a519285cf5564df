import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adopsServe, type ServeProcess } from '../support/cli.ts';

const KEY_FILE = 'encryption-keys.txt';

async function call(url: string, key: string, tool: string) {
  const response = await fetch(`${url}/api/v1/tools/${tool}/execute`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: '{"arguments":{}}',
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** The start banner on stderr, whole: it can arrive after the log line that says the service listens. */
async function bannerOf(server: ServeProcess): Promise<string> {
  await expect.poll(() => server.stderr(), { timeout: 5_000 }).toContain(`-d '{"arguments":{}}'`);
  return server.stderr();
}

describe('the first run on the embedded default', () => {
  const dir = mkdtempSync(join(tmpdir(), 'adops-first-run-'));
  // The user's config directory, where the key goes: a temporary one, never the real home's.
  const configHome = mkdtempSync(join(tmpdir(), 'adops-first-run-config-'));
  const env = { ADOPS_DATABASE_URL: `sqlite:${join(dir, 'adops.db')}`, XDG_CONFIG_HOME: configHome };
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(configHome, { recursive: true, force: true });
  });

  it('migrates, creates the demo owner once, prints its key once, and stops cleanly', async () => {
    const first = await adopsServe([], env);
    const firstBanner = await bannerOf(first);
    const key = /demo API key:\s+(sk_live_\S+)/.exec(firstBanner)?.[1] ?? '';
    expect(key).toMatch(/^sk_live_/);
    expect(firstBanner).toContain(`${first.url}/api/v1/tools/<tool>/execute`);
    // Enough calls to explore the sandbox for an afternoon, and the way to more.
    expect(firstBanner).toContain('quota:           pro tier, 600 calls a month');
    expect(firstBanner).toContain('adops users set-tier --email demo@adops.local --tier max');
    const accounts = await call(first.url, key, 'list_connected_accounts');
    expect(accounts.status).toBe(200);
    expect(accounts.body.data.structured.accounts.map((a: any) => a.platform)).toEqual([
      'network',
      'search',
      'social',
      'social',
      'video',
    ]);
    const keyFile = join(dir, 'demo-key.txt');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(firstBanner).toContain(`${key}   (shown once; kept in ${keyFile})`);
    // The key that decrypts the platform tokens is kept apart from the data folder it protects.
    expect(statSync(join(configHome, 'adops', KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(existsSync(join(dir, KEY_FILE))).toBe(false);
    const tokens = await call(first.url, key, 'discover_existing_assets');
    expect(tokens.status).toBe(200);
    // The database holds password hashes, e-mails and the audit log: its files are its owner's only.
    for (const file of ['adops.db', 'adops.db-wal', 'adops.db-shm']) {
      expect(statSync(join(dir, file)).mode & 0o777, file).toBe(0o600);
    }
    expect(await first.stop()).toBe(0);

    // As an earlier version left it: readable by everyone, which the next start undoes and logs.
    chmodSync(join(dir, 'adops.db'), 0o644);
    const second = await adopsServe([], env);
    const secondBanner = await bannerOf(second);
    expect(statSync(join(dir, 'adops.db')).mode & 0o777).toBe(0o600);
    expect(second.stdout()).toContain('a database file was readable by other users');
    // The key is printed once, by the start that made it; later starts name its prefix and its file.
    expect(secondBanner).not.toContain(key);
    expect(secondBanner).toContain(`demo API key:    ${key.slice(0, 14)}…   (kept in ${keyFile})`);
    expect(secondBanner).toContain(`Bearer $(cat '${keyFile}')`);
    expect(readFileSync(keyFile, 'utf8').trim()).toBe(key);
    const again = await call(second.url, key, 'list_connected_accounts');
    expect(again.body.data.structured.accounts).toEqual(accounts.body.data.structured.accounts);
    expect(await second.stop()).toBe(0);
  });
});

describe('a database made by an earlier version, its encryption key beside it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'adops-earlier-'));
  const configHome = mkdtempSync(join(tmpdir(), 'adops-earlier-config-'));
  const database = { ADOPS_DATABASE_URL: `sqlite:${join(dir, 'adops.db')}` };
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(configHome, { recursive: true, force: true });
  });

  it('keeps decrypting its tokens with that key, and warns at start that the data folder carries it', async () => {
    // The layout earlier versions made: the key file beside the SQLite file.
    const earlier = await adopsServe([], { ...database, ADOPS_ENCRYPTION_KEY_FILE: join(dir, KEY_FILE) });
    const key = readFileSync(join(dir, 'demo-key.txt'), 'utf8').trim();
    expect((await call(earlier.url, key, 'discover_existing_assets')).status).toBe(200);
    expect(await earlier.stop()).toBe(0);

    const upgraded = await adopsServe([], { ...database, XDG_CONFIG_HOME: configHome });
    const tokens = await call(upgraded.url, key, 'discover_existing_assets');
    expect(tokens.status).toBe(200);
    expect(upgraded.stdout()).toContain('every copy of the data folder carries the key');
    expect(existsSync(join(configHome, 'adops', KEY_FILE))).toBe(false);
    expect(existsSync(join(dir, KEY_FILE))).toBe(true);
    expect(await upgraded.stop()).toBe(0);
  });
});
