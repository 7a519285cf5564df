import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ADOPS = join(root, 'bin/adops.js');

export interface BenchServer {
  url: string;
  pid: number | undefined;
  stop(): void;
}

/** Starts a server process and resolves with the URL from its first `"url":"..."` line; later output is dropped. */
export function startProcess(
  args: string[],
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk;
      const url = /"url":"(http:\/\/[^"]+)"/.exec(seen)?.[1];
      if (!url) return;
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      resolve({ child, url });
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${seen}`)));
  });
}

export async function startBareServer(): Promise<BenchServer> {
  const { child, url } = await startProcess([join(root, 'bench/bare-server.ts')], {});
  return { url, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

/** The MCP floor: the SDK's stateless Streamable HTTP server on bare Fastify, one fixed tool result. */
export async function startBareMcpServer(): Promise<BenchServer> {
  const { child, url } = await startProcess([join(root, 'bench/bare-mcp-server.ts')], {});
  return { url, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

/** `adops serve` on a fresh SQLite database, as `npm start` runs it, with the demo owner's key. */
export async function startAdops(env: Record<string, string> = {}): Promise<BenchServer & { key: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'adops-bench-'));
  const fullEnv = {
    ADOPS_DATABASE_URL: `sqlite:${join(dir, 'adops.db')}`,
    // The run's own key, not one left in the user's config folder.
    ADOPS_ENCRYPTION_KEY_FILE: join(dir, 'encryption-keys.txt'),
    ...env,
  };
  const demo = JSON.parse(
    execFileSync(process.execPath, [ADOPS, 'demo'], { env: { ...process.env, ...fullEnv } }).toString(),
  );
  const { child, url } = await startProcess([ADOPS, 'serve', '--port', '0'], fullEnv);
  return {
    url,
    pid: child.pid,
    key: demo.key,
    stop: () => {
      child.kill('SIGTERM');
      child.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    },
  };
}
