import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ADOPS_BIN = fileURLToPath(new URL('../../bin/adops.js', import.meta.url));

/**
 * The processes a test starts never see the real home's configuration directory, where the embedded
 * default keeps its encryption key: a test that wants the key somewhere sets its own variable.
 */
const ISOLATED = { XDG_CONFIG_HOME: join(tmpdir(), 'adops-tests-config-home') };

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  json: any;
}

/** Runs `adops <args>` as its own process, as an operator would. */
export function adops(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [ADOPS_BIN, ...args],
      { env: { ...process.env, ...ISOLATED, ...env } },
      (error, stdout, stderr) => {
        let json: unknown;
        try {
          json = JSON.parse(stdout || stderr);
        } catch {
          json = undefined;
        }
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr, json });
      },
    );
  });
}

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  /** The JSON log lines so far. */
  stdout: () => string;
  stderr: () => string;
  stop(): Promise<number | null>;
}

/** Starts `adops serve` on a free port and waits for its "listening" log line. */
export function adopsServe(args: string[], env: Record<string, string>): Promise<ServeProcess> {
  const child = spawn(process.execPath, [ADOPS_BIN, 'serve', '--port', '0', ...args], {
    env: { ...process.env, ...ISOLATED, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`adops serve did not start:\n${stdout}\n${stderr}`)),
      20_000,
    );
    child.once('exit', (code) => reject(new Error(`adops serve exited with ${code}:\n${stdout}\n${stderr}`)));
    let started = false;
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const match = /"url":"(http:\/\/[^"]+)"/.exec(stdout);
      if (started || !match?.[1]) return;
      started = true;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
      resolve({
        child,
        url: match[1],
        stdout: () => stdout,
        stderr: () => stderr,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      });
    });
  });
}
