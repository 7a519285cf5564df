import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
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

/**
 * A port nothing listens on now, for a server whose URL must be known before it starts (the OAuth issuer
 * and the tokens' audience name it).
 */
export function freePort(): Promise<number> {
  const probe = createServer();
  return new Promise((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface AdopsOptions {
  /**
   * Serve the sandbox platforms from a second `adops serve` on the same database, which the first calls
   * over loopback (ADOPS_SANDBOX_URL): the CPU each spends per call is then measured apart.
   */
  sandboxApart?: boolean;
  /** The port to listen on (its URLs then name it, as the OAuth issuer must), else any free one. */
  port?: number;
}

/**
 * `adops serve` on a fresh database (SQLite unless `env` names another ADOPS_DATABASE_URL), as `npm start`
 * runs it, with the demo owner's key.
 */
export async function startAdops(
  env: Record<string, string> = {},
  options: AdopsOptions = {},
): Promise<BenchServer & { key: string; sandboxPid?: number | undefined }> {
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
  const sandbox = options.sandboxApart
    ? await startProcess([ADOPS, 'serve', '--port', '0'], fullEnv)
    : undefined;
  const serviceEnv = sandbox ? { ...fullEnv, ADOPS_SANDBOX_URL: sandbox.url } : fullEnv;
  const { child, url } = await startProcess(
    [ADOPS, 'serve', '--port', String(options.port ?? 0)],
    serviceEnv,
  );
  return {
    url,
    pid: child.pid,
    sandboxPid: sandbox?.child.pid,
    key: demo.key,
    stop: () => {
      sandbox?.child.kill('SIGTERM');
      child.kill('SIGTERM');
      child.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    },
  };
}
