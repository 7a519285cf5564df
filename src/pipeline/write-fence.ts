import { setTimeout as sleep } from 'node:timers/promises';
import { newId } from '../ids.ts';
import { findUserById } from '../storage/users.ts';
import { beginWrite, endWrite, writesInFlight } from '../storage/writes-in-flight.ts';
import { refuseIfAgentsStopped } from './agents-stopped.ts';
import { leaseUntil } from './call-lease.ts';
import type { PipelineServices } from './pipeline-services.ts';

/**
 * The fence between "stop all agents" and an agent's write. The write first notes itself in flight, then
 * reads afresh whether agents are stopped (a key's credential may be cached a second longer); the stop
 * first marks agents stopped, then waits until no write of the owner is in flight. Whichever of the two
 * marks came second sees the other's: a write either is refused before it reaches the platform, or ends
 * (and counts for "also pause") before the stop answers. The row ends with the call's settlement.
 */
export async function enterWrite(services: PipelineServices, userId: string): Promise<string> {
  const { db } = services.storage;
  const id = newId('wif');
  await beginWrite(db, {
    id,
    userId,
    now: services.clock.now().toISOString(),
    leaseUntil: leaseUntil(services),
  });
  try {
    const owner = await findUserById(db, userId);
    refuseIfAgentsStopped(services, owner?.agents_stopped_at ?? null);
  } catch (error) {
    await endWrite(db, id);
    throw error;
  }
  return id;
}

const POLL_MS = 50;

/**
 * Waits until no agent write of the owner is in flight, or `timeoutMs` passed: answers how many still
 * are. A crashed call's write stops counting once its lease lapses.
 */
export async function waitForWrites(
  services: PipelineServices,
  userId: string,
  timeoutMs: number,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = await writesInFlight(services.storage.db, userId, services.clock.now().toISOString());
    if (left === 0 || Date.now() >= deadline) return left;
    await sleep(POLL_MS);
  }
}
