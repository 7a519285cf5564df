import { AppError, internalErrorMessage } from '../../errors.ts';
import type { PreviewEntry } from '../preview.ts';
import type { ToolContext } from '../tool.ts';
import { ambiguousRecovery, failedStepError, takeBack } from './failure.ts';
import type { Made, StepPlatform } from './platform.ts';

/** The platform's clock and ours may differ: an earlier attempt's object may look this much older than its step. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** One create of a call: its recovery point and what it makes. */
export interface CreateStep<Type extends string = string> {
  /** The recovery point: a retry of the call skips a step whose result is recorded. */
  step: string;
  type: Type;
  name?: string | undefined;
  /** An upload: media the platform does not take back. */
  media?: boolean | undefined;
  /**
   * What an earlier attempt may have made in this step before it stopped, unrecorded: the ids of the
   * objects matching this step's request (name, parent, content) made since `since` (epoch ms). Without
   * it, an interrupted step is sent again.
   */
  find?: ((since: number) => Promise<string[]>) | undefined;
  /** In a dry run, the platform's own check of this request (Meta's validate_only). */
  validate?: (() => Promise<unknown>) | undefined;
}

/**
 * A recorded result: one id, or a list (a batch's ids; every step of a search create recorded before the
 * one runner), so that a call resumed across a deploy reads what its first attempt wrote.
 */
function idsOf(result: unknown): string[] {
  return Array.isArray(result) ? result.map(String) : [String(result)];
}

/**
 * Runs the steps of one write on a platform, or, in a dry run, shows the requests they would send. Each
 * create is a recovery point (docs/failure-model.md): noted before its request and recorded with its ids
 * before the next step, so a retry that takes over a crashed attempt skips what was made and finds on the
 * platform what was made unrecorded. It keeps the ledger of what the call made (this attempt and the
 * earlier ones), so that when a step fails it applies the platform's take-back policy and answers what
 * was made, taken back and left. The platform's part is a small adapter (platform.ts).
 */
export class StepRunner<Request, Type extends string = string> {
  readonly context: ToolContext;
  readonly preview: PreviewEntry[] = [];
  readonly #platform: StepPlatform<Request, Type>;
  readonly #made: Made<Type>[] = [];
  readonly #total: number;

  constructor(platform: StepPlatform<Request, Type>, context: ToolContext, totalSteps: number) {
    this.#platform = platform;
    this.context = context;
    this.#total = totalSteps;
  }

  get dryRun(): boolean {
    return this.context.dryRun;
  }

  /** What a dry run puts where the platform's answer to the last step shown would go. */
  placeholder(what: string): string {
    return `{${what} from step ${this.preview.length}}`;
  }

  /** Creates one object and returns its id: a placeholder in a dry run, the earlier attempt's if it made it. */
  async create(action: string, request: Request, step: CreateStep<Type>): Promise<string> {
    const [id = ''] = await this.#create(action, request, step, true);
    return id;
  }

  /** Creates a batch in one request and returns the ids in order; none in a dry run. */
  createAll(action: string, request: Request, step: CreateStep<Type>): Promise<string[]> {
    return this.#create(action, request, step, false);
  }

  /**
   * A request that makes nothing to record (an upload's bytes, an activation): shown, and in a dry run
   * not sent (undefined). A failure takes back what the call made, like a failed create.
   */
  async send<T>(
    action: string,
    request: Request,
    sender: (request: Request) => Promise<T>,
  ): Promise<T | undefined> {
    this.#show(action, request, false);
    if (this.dryRun) return undefined;
    const answer = await this.#guard(action, () => sender(request));
    this.#progress(action);
    return answer;
  }

  /**
   * A value the call's answer depends on, computed once: a retry that takes over answers with the first
   * attempt's (an uploaded media's URN, a count taken before the first create).
   */
  once<T>(step: string, compute: () => Promise<T>): Promise<T> {
    return this.context.recovery.once(step, compute);
  }

  /** Notes an object a step of several requests made (an upload), once it exists. */
  note(object: Made<Type>): void {
    this.#made.push(object);
    this.context.trace.createdObjectIds.push(object.id);
  }

  async #create(
    action: string,
    request: Request,
    step: CreateStep<Type>,
    single: boolean,
  ): Promise<string[]> {
    this.#show(action, request, step.validate !== undefined);
    if (this.dryRun) {
      const check = step.validate;
      if (check) await this.#guard(action, check);
      return single ? [this.placeholder(`the id of the ${step.type}`)] : [];
    }
    const { recovery } = this.context;
    const earlier = recovery.recall(step.step);
    let ids: string[] | undefined;
    if (earlier && 'result' in earlier) ids = idsOf(earlier.result);
    else if (earlier) {
      ids = await this.#findEarlier(action, step, single, earlier.begun);
      if (ids) await recovery.finish(step.step, single ? ids[0] : ids);
    }
    if (!ids) {
      await recovery.begin(step.step);
      ids = await this.#guard(action, () => this.#platform.create(request, step.type));
      this.#noteAll(step, ids);
      // Outside the guard: a failure to record is not the platform's, and what was made stays for a retry.
      await recovery.finish(step.step, single ? ids[0] : ids);
    } else this.#noteAll(step, ids);
    this.#progress(action);
    return ids;
  }

  #noteAll(step: CreateStep<Type>, ids: readonly string[]): void {
    for (const id of ids) this.note({ type: step.type, id, name: step.name, media: step.media });
  }

  /** What an earlier attempt made in this step, when it began but its result was not recorded. */
  async #findEarlier(
    action: string,
    step: CreateStep<Type>,
    single: boolean,
    begun: string,
  ): Promise<string[] | undefined> {
    const find = step.find;
    if (!find) return undefined;
    const found = await this.#guard(action, () => find(Date.parse(begun) - CLOCK_SKEW_MS));
    if (single && found.length > 1) {
      throw await this.#fail(action, ambiguousRecovery(this.#platform.words, step.type, step.name, found));
    }
    return found.length > 0 ? found : undefined;
  }

  #show(action: string, request: Request, validatedByStep: boolean): void {
    const shown = this.#platform.show(request);
    this.preview.push({
      step: this.preview.length + 1,
      action,
      method: shown.method,
      url: shown.url,
      ...(shown.headers !== undefined && { headers: shown.headers }),
      ...(shown.body !== undefined && { body: shown.body }),
      validated: this.dryRun && (validatedByStep || this.#platform.checksWholeDryRun === true),
    });
  }

  #progress(action: string): void {
    this.context.onProgress({
      stage: 'create',
      progress: Math.min(this.preview.length, this.#total),
      total: this.#total,
      message: action,
    });
  }

  async #guard<T>(action: string, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      throw await this.#fail(action, error);
    }
  }

  /** Takes back what the platform's policy says and returns the error to answer with. */
  async #fail(action: string, error: unknown): Promise<AppError> {
    const original =
      error instanceof AppError
        ? error
        : new AppError('upstream_error', internalErrorMessage(error), { upstreamMayHaveActed: true });
    if (!(error instanceof AppError)) {
      this.context.services.logger.error(
        { err: error, request_id: this.context.requestId, platform: this.#platform.words.platform },
        'create step failed unexpectedly',
      );
    }
    const { takeBack: policy, words } = this.#platform;
    const outcome = await takeBack(policy, this.#made);
    return failedStepError(words, policy, action, original, this.#made, outcome);
  }
}
