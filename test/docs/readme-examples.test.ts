import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemo } from '../../src/demo.ts';
import { TestService } from '../support/service.ts';

/** Every `curl` call of a tool in the README and docs/, as its tool name and its JSON body. */
function documentedCalls(): Array<{ file: string; tool: string; body: string }> {
  const files = [
    'README.md',
    ...['answers', 'tools', 'keys', 'mcp', 'api-document'].map((n) => `docs/${n}.md`),
  ];
  const calls: Array<{ file: string; tool: string; body: string }> = [];
  for (const file of files) {
    // A command continued over lines with a backslash is one command.
    const text = readFileSync(file, 'utf8').replaceAll('\\\n', ' ');
    for (const line of text.split('\n')) {
      const tool = /curl .*\/api\/v1\/tools\/(\w+)\/execute/.exec(line)?.[1];
      const body = /-d '([^']*)'/.exec(line)?.[1];
      if (tool && body) calls.push({ file, tool, body });
    }
  }
  return calls;
}

// The README's calls as a newcomer pastes them after `npm start`: the demo key, a fresh demo database.
describe('every curl example in the README and docs/', () => {
  let service: TestService;
  let key: string;
  const calls = documentedCalls();

  beforeAll(async () => {
    service = await TestService.start('sqlite');
    key = (await ensureDemo(service.services)).key;
  });
  afterAll(() => service.stop());

  it('finds the examples', () => {
    expect(calls.length).toBeGreaterThanOrEqual(5);
  });

  it.each(calls)('$file: $tool answers $body with 200', async ({ tool, body }) => {
    const answer = await service.post(`/api/v1/tools/${tool}/execute`, body, {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
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
