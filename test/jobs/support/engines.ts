import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';
import type { QueueDefinition } from '../../../src/jobs/job-engine.ts';

/** A logger that keeps its lines, so a test can read what the engine said. */
export function collectingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

/** A queue's settings for a test, with a handler the test supplies. */
export function testQueue<T extends object>(
  name: string,
  work: QueueDefinition<T>['work'],
  settings: Partial<Omit<QueueDefinition<T>, 'name' | 'work'>> = {},
): QueueDefinition<T> {
  return {
    name,
    work,
    retryLimit: 0,
    retryDelaySeconds: 1,
    heartbeatSeconds: 10,
    concurrency: 1,
    ...settings,
  };
}

/** A promise with its resolve, for a handler the test holds open. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Polls until `check` holds, or fails after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
