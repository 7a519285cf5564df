import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemo, seedDemoApproval } from '../../src/demo.ts';
import { TestService } from '../support/service.ts';

interface DocumentedCall {
  file: string;
  tool: string;
  body: string;
  /** Each `-H` as written; `expands` when in double quotes, where the shell expands it. */
  headers: Array<{ text: string; expands: boolean }>;
}

/** Every `curl` call of a tool in the README and docs/, as its tool name, its headers and its JSON body. */
function documentedCalls(): DocumentedCall[] {
  const files = [
    'README.md',
    ...['answers', 'tools', 'keys', 'mcp', 'api-document', 'approvals'].map((n) => `docs/${n}.md`),
  ];
  const calls: DocumentedCall[] = [];
  for (const file of files) {
    // A command continued over lines with a backslash is one command.
    const text = readFileSync(file, 'utf8').replaceAll('\\\n', ' ');
    for (const line of text.split('\n')) {
      const tool = /curl .*\/api\/v1\/tools\/(\w+)\/execute/.exec(line)?.[1];
      const body = /-d '([^']*)'/.exec(line)?.[1];
      const headers = [...line.matchAll(/-H (?:'([^']*)'|"([^"]*)")/g)].map((match) =>
        match[2] === undefined ? { text: match[1] ?? '', expands: false } : { text: match[2], expands: true },
      );
      if (tool && body) calls.push({ file, tool, body, headers });
    }
  }
  return calls;
}

/**
 * The headers a call sends when pasted into a shell after `KEY=$(cat data/demo-key.txt)`: a header in
 * double quotes goes through `sh` (its `$KEY`, its `$(...)`), with this Node 24 first on PATH.
 */
function sentHeaders(call: DocumentedCall, key: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { text, expands } of call.headers) {
    const line = expands
      ? execFileSync('sh', ['-c', `printf '%s' "${text}"`], {
          encoding: 'utf8',
          env: { ...process.env, KEY: key, PATH: `${dirname(process.execPath)}:${process.env.PATH}` },
        })
      : text;
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

// The README's calls as a newcomer pastes them after `npm start`: the demo key, a fresh demo database, the
// headers as written (a call without its Authorization or Content-Type header fails here).
describe('every curl example in the README and docs/', () => {
  let service: TestService;
  let key: string;
  const calls = documentedCalls();

  beforeAll(async () => {
    service = await TestService.start('sqlite');
    const demo = await ensureDemo(service.services);
    await seedDemoApproval(service.services, demo);
    key = demo.key;
  });
  afterAll(() => service.stop());

  it('finds the examples', () => {
    expect(calls.length).toBeGreaterThanOrEqual(5);
  });

  // 202 is a success too: the change waits for the owner's approval (docs/approvals.md).
  it.each(calls)('$file: $tool answers $body with 200 (or 202 and an approval)', async (call) => {
    const answer = await service.post(
      `/api/v1/tools/${call.tool}/execute`,
      call.body,
      sentHeaders(call, key),
    );
    const asksApproval = call.tool !== 'get_approval' && answer.body.data?.structured?.approval;
    const expected = asksApproval ? 202 : 200;
    expect(answer.status, JSON.stringify(answer.body)).toBe(expected);
  });
});

// The README's pause, in its order on a fresh demo database: the campaign runs, the dry run shows it
// paused after, and the real call (with its Idempotency-Key) pauses it.
describe("the README's pause on the demo's TikTok sandbox", () => {
  let service: TestService;
  let key: string;
  const pauses = documentedCalls().filter(
    (call) => call.file === 'README.md' && call.tool === 'update_video_campaign',
  );

  beforeAll(async () => {
    service = await TestService.start('sqlite');
    key = (await ensureDemo(service.services)).key;
  });
  afterAll(() => service.stop());

  it('is a dry run, then the same change for real', () => {
    expect(pauses.map((call) => JSON.parse(call.body).arguments.dry_run)).toEqual([true, undefined]);
    const { dry_run: _, ...dryRun } = JSON.parse(pauses[0]?.body ?? '{}').arguments;
    expect(JSON.parse(pauses[1]?.body ?? '{}').arguments).toEqual(dryRun);
  });

  it('the real call carries an Idempotency-Key that its command makes a fresh UUID', () => {
    const first = sentHeaders(pauses[1] as DocumentedCall, key)['idempotency-key'];
    const second = sentHeaders(pauses[1] as DocumentedCall, key)['idempotency-key'];
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).not.toBe(first);
  });

  it('shows a running campaign before and paused after, in the dry run and the real call', async () => {
    const answers = [];
    for (const call of pauses) {
      const answer = await service.post(
        `/api/v1/tools/${call.tool}/execute`,
        call.body,
        sentHeaders(call, key),
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      answers.push(answer.body.data.structured);
    }
    const change = {
      changed: ['status'],
      before: { status: 'ACTIVE', platform_status: 'ENABLE' },
      after: { status: 'PAUSED', platform_status: 'DISABLE' },
    };
    expect(answers).toMatchObject([
      { ...change, dry_run: true },
      { ...change, dry_run: false },
    ]);
  });
});

// The metadata documents docs/oauth.md shows, as a newcomer fetches them from the demo service.
describe('every metadata curl of docs/oauth.md', () => {
  let service: TestService;
  const paths = [
    ...readFileSync('docs/oauth.md', 'utf8').matchAll(
      /curl -s http:\/\/127\.0\.0\.1:8080(\/\.well-known\/\S+)/g,
    ),
  ].map((match) => match[1] ?? '');

  beforeAll(async () => {
    service = await TestService.start('sqlite');
  });
  afterAll(() => service.stop());

  it('finds them', () => {
    expect(paths).toEqual([
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-authorization-server',
    ]);
  });

  it.each(paths)('%s answers 200 with its JSON document', async (path) => {
    const answer = await fetch(`${service.url}${path}`);
    expect(answer.status).toBe(200);
    const document = (await answer.json()) as Record<string, unknown>;
    expect(document.resource ?? document.issuer).toEqual(expect.any(String));
  });
});
