import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestService } from '../../support/service.ts';

const CONFORMANCE = join(process.cwd(), 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const BASELINE = join(import.meta.dirname, 'expected-failures.yml');

/**
 * A loopback front of the service's /mcp that adds the owner's key: the conformance client sends no
 * credentials. Everything else (Host and Origin included, which DNS rebinding protection reads) goes on as
 * the suite sent it.
 */
function keyedFront(target: URL, key: string): Promise<{ server: Server; url: string }> {
  const server = createServer((incoming, outgoing) => {
    const forwarded = request(
      {
        host: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, authorization: `Bearer ${key}` },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ server, url: `http://127.0.0.1:${port}/mcp` });
    }),
  );
}

// The official MCP conformance suite against the service: every scenario that applies to what adops serves
// passes; the others (the suite's fixture tools, resources and prompts, logging, subscriptions) are in the
// baseline with the reason each does not apply.
describe('the MCP conformance suite (0.1.16)', () => {
  let service: TestService;
  let front: { server: Server; url: string };
  beforeAll(async () => {
    service = await TestService.start('sqlite');
    const owner = await service.createOwner('pro', ['search']);
    front = await keyedFront(new URL(service.url), owner.key);
  });
  afterAll(async () => {
    front?.server.close();
    await service?.stop();
  });

  it('passes every scenario that applies to adops', async () => {
    const output = join(tmpdir(), `adops-conformance-${process.pid}`);
    const run = await promisify(execFile)(
      process.execPath,
      [CONFORMANCE, 'server', '--url', front.url, '--expected-failures', BASELINE, '-o', output],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout: string; stderr: string; code: number }) => error);
    const summary = run.stdout.slice(run.stdout.indexOf('=== SUMMARY ==='));
    expect('code' in run ? run.code : 0, `${summary}\n${run.stderr}`).toBe(0);
    const passed = readdirSync(output).flatMap((folder) => {
      const checks = JSON.parse(readFileSync(join(output, folder, 'checks.json'), 'utf8')) as Array<{
        status: string;
      }>;
      return checks.length > 0 && checks.every((check) => check.status === 'SUCCESS')
        ? [folder.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T.*$/, '')]
        : [];
    });
    expect(passed.toSorted()).toEqual([
      'completion-complete',
      'dns-rebinding-protection',
      'ping',
      'prompts-list',
      'resources-list',
      'server-initialize',
      'tools-list',
    ]);
  }, 120_000);
});
