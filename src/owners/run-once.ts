import { setTimeout as sleep } from 'node:timers/promises';
import type { Execution } from '../pipeline/execute-tool.ts';

/**
 * Runs an owner's run (an approval, a revert) and, while the same run is still going elsewhere (another
 * click, tab or instance holds its idempotency key), asks again, 100 ms then twice as long each time,
 * within one call lease: the owner gets the first run's answer rather than an agent's "retry later".
 */
export async function runOnce(run: () => Promise<Execution>, leaseSeconds: number): Promise<Execution> {
  let execution = await run();
  const waitUntil = Date.now() + leaseSeconds * 1000;
  for (let waitMs = 100; isInFlight(execution); waitMs *= 2) {
    if (Date.now() + waitMs > waitUntil) break;
    await sleep(waitMs);
    execution = await run();
  }
  return execution;
}

function isInFlight({ outcome }: Execution): boolean {
  return !outcome.ok && outcome.code === 'idempotency_key_in_flight';
}
