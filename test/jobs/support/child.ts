import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface Worker {
  child: ChildProcess;
  /** The id of the job it prints once it works it. */
  jobId: Promise<string>;
  stderr: () => string;
}

const CRASH_WORKER = fileURLToPath(new URL('./crash-worker.ts', import.meta.url));

/** Runs crash-worker.ts as its own node process, with the given arguments. */
export function startWorker(args: string[]): Worker {
  const child = spawn(process.execPath, [CRASH_WORKER, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const jobId = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const match = /working (\S+)\n/.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before taking a job: ${stderr}`)));
  });
  return { child, jobId, stderr: () => stderr };
}

/** SIGKILLs the worker and resolves once it is gone. */
export async function killWorker(worker: Worker): Promise<void> {
  if (worker.child.exitCode !== null || worker.child.signalCode !== null) return;
  const gone = new Promise((resolve) => worker.child.once('exit', resolve));
  worker.child.kill('SIGKILL');
  await gone;
}
