// OAuth benchmark (issue 25): get_usage_status called with an access token this service issued (as its
// own authorization server) beside the same call with an API key, against one `adops serve` on SQLite
// with the per-key rate limit off, in one run. Target: the token's req/s at least 0.9 of the key's.
// Usage: node bench/oauth.ts [seconds]   (default 10 s per scenario, 64 connections)
import { type LoadResult, load, printTable } from './load.ts';
import { obtainAccessToken } from './oauth-token.ts';
import { freePort, startAdops } from './servers.ts';

export const OAUTH_TARGET_RATIO = 0.9;

const path = '/api/v1/tools/get_usage_status/execute';
const body = '{"arguments":{}}';

export interface OAuthRows {
  /** The API key's row, then the access token's. */
  rows: [LoadResult, LoadResult];
  /** The token's req/s over the key's. */
  ratio: number;
  target: number;
}

/** One call first, so a broken setup shows as a message rather than as fast error answers. */
async function probe(url: string, credential: string, name: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
    body,
  });
  const text = await response.text();
  if (response.status !== 200 || !text.includes('tool calls used')) {
    throw new Error(`get_usage_status with ${name} answered ${response.status}: ${text.slice(0, 1000)}`);
  }
}

export async function oauthRows(seconds: number): Promise<OAuthRows> {
  // The issuer and the tokens' audience name the service's URL, so it is chosen before the start.
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const adops = await startAdops(
    {
      ADOPS_APP_URL: baseUrl,
      ADOPS_RATE_LIMIT_PER_SECOND: '0',
      ADOPS_TIER_LIMITS: 'free=1000000000,plus=1000000000,pro=1000000000,max=1000000000',
    },
    { port },
  );
  try {
    const token = await obtainAccessToken(baseUrl);
    const url = baseUrl + path;
    const keyHeaders = { authorization: `Bearer ${adops.key}` };
    const tokenHeaders = { authorization: `Bearer ${token}` };
    await probe(url, adops.key, 'the API key');
    await probe(url, token, 'the access token');
    // Warm up (JIT, SQLite page cache, both credentials cached) before measuring.
    await load({ name: 'warm-up', url, body, headers: keyHeaders, seconds: 2 });
    await load({ name: 'warm-up', url, body, headers: tokenHeaders, seconds: 2 });
    // The service's CPU time per call with each is reported too: on a shared machine it moves less than req/s.
    const pids = [adops.pid ?? 0];
    const key = await load({
      name: 'get_usage_status, API key',
      url,
      body,
      headers: keyHeaders,
      seconds,
      pids,
    });
    const oauth = await load({
      name: 'get_usage_status, OAuth access token',
      url,
      body,
      headers: tokenHeaders,
      seconds,
      pids,
    });
    return {
      rows: [key, oauth],
      ratio: oauth.requestsPerSecond / key.requestsPerSecond,
      target: OAUTH_TARGET_RATIO,
    };
  } finally {
    adops.stop();
  }
}

if (import.meta.main) {
  const { rows, ratio, target } = await oauthRows(Number(process.argv[2] ?? 10));
  const [key, oauth] = rows;
  printTable(rows, key);
  console.log(JSON.stringify({ key, oauth, ratio: Number(ratio.toFixed(3)), target }));
  if (rows.some((row) => row.non2xx > 0 || row.errors > 0)) console.log('WARNING: non-2xx answers or errors');
}
