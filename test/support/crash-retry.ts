import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import type { ServeProcess } from './cli.ts';
import type { FaultProxy, Trap } from './fault-proxy.ts';

/** An answer of the service, as the crash tests read it. */
export interface CallAnswer {
  status: number;
  headers: Headers;
  body: Record<string, any>;
}

/**
 * Asks again as a careful client does, with the same Idempotency-Key: while the dead attempt's claim stands
 * (409), it waits as Retry-After says. `waitedMs`: how long until the claim was taken over.
 */
export async function retryUntilSettled<Answer extends CallAnswer>(
  call: () => Promise<Answer>,
): Promise<Answer & { waitedMs: number }> {
  const started = Date.now();
  for (;;) {
    const answer = await call();
    if (answer.status !== 409) return { ...answer, waitedMs: Date.now() - started };
    await sleep(Number(answer.headers.get('retry-after') ?? '1') * 1000);
  }
}

/**
 * A call to a fresh `adops serve`, SIGKILLed when the proxy sees the trapped platform request (before it
 * reaches the platform, or after the platform acted); then the same call to another fresh one until it
 * settles. `killed`: whether the trap fired.
 */
export async function killThenRetry<Answer extends CallAnswer>(options: {
  proxy: FaultProxy;
  trap: Pick<Trap, 'matches' | 'when'>;
  serve: () => Promise<ServeProcess>;
  call: (url: string) => Promise<Answer>;
}): Promise<{ killed: boolean; retried: Answer & { waitedMs: number } }> {
  const doomed = await options.serve();
  let killed = false;
  options.proxy.trap = {
    ...options.trap,
    fire: () => {
      killed = true;
      doomed.child.kill('SIGKILL');
    },
  };
  await expect(options.call(doomed.url)).rejects.toThrow();
  await doomed.stop();
  const restarted = await options.serve();
  try {
    return { killed, retried: await retryUntilSettled(() => options.call(restarted.url)) };
  } finally {
    await restarted.stop();
  }
}
