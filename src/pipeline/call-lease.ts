import { AppError } from '../errors.ts';
import { type ClaimHandle, renewClaim } from '../storage/idempotency.ts';
import { renewQuotaHold } from '../storage/quota.ts';
import { storageUnavailable } from '../storage/storage-fault.ts';
import { renewWrite } from '../storage/writes-in-flight.ts';
import type { PipelineServices } from './pipeline-services.ts';

/** The claims a running call holds: its idempotency record and its quota unit, either optional. */
export interface HeldClaims {
  claim?: ClaimHandle | undefined;
  holdId?: string | undefined;
}

/** The time a claim made now stays valid without renewal. */
export function leaseUntil(services: PipelineServices): string {
  return new Date(services.clock.now().getTime() + services.config.callLeaseSeconds * 1000).toISOString();
}

/**
 * Keeps a running call's claims alive: renews their lease every third of it, so a live call is never
 * taken for a crashed one however long it runs, while a crashed call's claims lapse within one lease.
 * Before each upstream step the call asks `assertHeld`: a claim taken over by a retry, or a lease that
 * could not be renewed for its whole length, stops the call before it acts again.
 */
export class CallLease {
  readonly #services: PipelineServices;
  readonly #held: HeldClaims;
  readonly #leaseMs: number;
  #timer: NodeJS.Timeout | undefined;
  #renewing = false;
  #renewedAt = performance.now();
  #takenOver = false;
  #writeId: string | undefined;

  constructor(services: PipelineServices, held: HeldClaims) {
    this.#services = services;
    this.#held = held;
    this.#leaseMs = services.config.callLeaseSeconds * 1000;
  }

  start(): void {
    if (!this.#held.claim && !this.#held.holdId) return;
    this.#timer = setInterval(() => void this.#renew(), Math.max(100, Math.floor(this.#leaseMs / 3)));
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** The call's agent write, once it passed the fence: renewed with the claims, so a stop waits for it. */
  holdWrite(writeId: string): void {
    this.#writeId = writeId;
    if (!this.#timer) {
      this.#timer = setInterval(() => void this.#renew(), Math.max(100, Math.floor(this.#leaseMs / 3)));
      this.#timer.unref();
    }
  }

  /** The claim was found in another attempt's hands: this attempt must not act again. */
  markTakenOver(): void {
    this.#takenOver = true;
  }

  assertHeld(): void {
    if (this.#takenOver) {
      throw new AppError(
        'idempotency_key_in_flight',
        'A retry with this Idempotency-Key took this call over while it was cut off from the database; ' +
          'that retry finishes it. Retry with the same key to get its result.',
        { retryAfterSeconds: 1 },
      );
    }
    if (performance.now() - this.#renewedAt > this.#leaseMs) {
      throw storageUnavailable(
        'The database could not be reached, so the call stopped before its next step.',
      );
    }
  }

  async #renew(): Promise<void> {
    if (this.#renewing) return;
    this.#renewing = true;
    const { db } = this.#services.storage;
    try {
      const until = leaseUntil(this.#services);
      if (this.#held.holdId) await renewQuotaHold(db, this.#held.holdId, until);
      if (this.#writeId) await renewWrite(db, this.#writeId, until);
      if (this.#held.claim && !(await renewClaim(db, this.#held.claim, until))) this.#takenOver = true;
      this.#renewedAt = performance.now();
    } catch (error) {
      this.#services.logger.warn({ err: error }, 'a running call could not renew its claims');
    } finally {
      this.#renewing = false;
    }
  }
}
