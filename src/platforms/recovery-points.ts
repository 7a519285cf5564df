/** What one step of a multi-step write left behind: when it began and, once it finished, its result. */
export interface StepRecord {
  /** When the step's upstream call was about to be sent (ISO time). */
  begun: string;
  /** The step's result (an id, a URN...), once it is known; absent if the attempt stopped in between. */
  result?: unknown;
}

/**
 * The recovery points of one call (docs/failure-model.md): each step of a multi-step write notes that
 * it begins and what it made, durably, before the next step runs, so that a retry that takes over a dead
 * attempt skips what is done and looks on the platform for what a step may have made unrecorded.
 * Without an Idempotency-Key nothing can resume the call, so `save` is absent and the points stay in memory.
 */
export class RecoveryPoints {
  readonly #steps: Record<string, StepRecord>;
  readonly #save: ((json: string) => Promise<void>) | undefined;
  readonly #now: () => Date;
  /** Whether this attempt continues an earlier one that stopped (crashed, lost its database). */
  readonly resumed: boolean;

  constructor(options: { earlier?: string | null; save?: (json: string) => Promise<void>; now: () => Date }) {
    this.#steps = options.earlier ? (JSON.parse(options.earlier) as Record<string, StepRecord>) : {};
    this.resumed = Object.keys(this.#steps).length > 0;
    this.#save = options.save;
    this.#now = options.now;
  }

  /** What an earlier attempt of this call recorded for the step. */
  recall(step: string): StepRecord | undefined {
    return this.#steps[step];
  }

  /** Notes, durably, that the step's upstream call is about to be sent. */
  async begin(step: string): Promise<void> {
    this.#steps[step] = { begun: this.#now().toISOString() };
    await this.#save?.(JSON.stringify(this.#steps));
  }

  /** Records, durably, what the step made, before the next step runs. */
  async finish(step: string, result: unknown): Promise<void> {
    this.#steps[step] = { begun: this.#steps[step]?.begun ?? this.#now().toISOString(), result };
    await this.#save?.(JSON.stringify(this.#steps));
  }

  /** A fact the call's answer depends on, computed once: a retry answers with the first attempt's value. */
  async once<T>(step: string, compute: () => Promise<T>): Promise<T> {
    const recalled = this.#steps[step];
    if (recalled && 'result' in recalled) return recalled.result as T;
    const value = await compute();
    await this.finish(step, value);
    return value;
  }
}
