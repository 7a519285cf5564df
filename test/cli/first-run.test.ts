import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adopsServe } from '../support/cli.ts';

async function call(url: string, key: string, tool: string) {
  const response = await fetch(`${url}/api/v1/tools/${tool}/execute`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: '{"arguments":{}}',
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe('the first run on the embedded default', () => {
  const dir = mkdtempSync(join(tmpdir(), 'adops-first-run-'));
  const env = { ADOPS_DATABASE_URL: `sqlite:${join(dir, 'adops.db')}` };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('migrates, creates the demo owner once, prints its key, and stops cleanly', async () => {
    const first = await adopsServe([], env);
    const key = /demo API key:\s+(sk_live_\S+)/.exec(first.stderr())?.[1] ?? '';
    expect(key).toMatch(/^sk_live_/);
    expect(first.stderr()).toContain(`${first.url}/api/v1/tools/<tool>/execute`);
    const accounts = await call(first.url, key, 'list_connected_accounts');
    expect(accounts.status).toBe(200);
    expect(accounts.body.data.structured.accounts.map((a: any) => a.platform)).toEqual([
      'network',
      'search',
      'social',
      'social',
      'video',
    ]);
    expect(statSync(join(dir, 'demo-key.txt')).mode & 0o777).toBe(0o600);
    expect(await first.stop()).toBe(0);

    const second = await adopsServe([], env);
    expect(second.stderr()).toContain(key);
    const again = await call(second.url, key, 'list_connected_accounts');
    expect(again.body.data.structured.accounts).toEqual(accounts.body.data.structured.accounts);
    expect(await second.stop()).toBe(0);
  });
});
