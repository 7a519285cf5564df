import { AppError, internalErrorMessage } from '../../errors.ts';
import type { SearchClient } from '../../platforms/search/client.ts';
import type { ToolContext } from '../tool.ts';

/** An object this call made on Google Ads, and the remove that takes it back if a later step fails. */
interface Made {
  type: string;
  resourceName: string;
  name?: string | undefined;
  /** The remove operation's service, for the objects a failure takes back (a removed campaign takes the rest). */
  removeWith?: 'campaigns:mutate' | 'campaignBudgets:mutate';
}

export interface StepOptions {
  /** The recovery point's name: a retry of the call skips a step whose result is recorded. */
  step: string;
  action: string;
  type: string;
  name?: string;
  removeWith?: Made['removeWith'];
  /** Sends the create and returns the new resource names. */
  send(): Promise<string[]>;
  /** What an interrupted attempt of this step may have made, found on Google Ads by name under its parent. */
  find(): Promise<string[]>;
  /** Whether the step makes one object (a match of several is ambiguous) or a batch (keywords). */
  single: boolean;
}

/**
 * The create steps of one call, each a recovery point (docs/failure-model.md): noted before its request,
 * its resource names recorded before the next step, so that a retry that takes over a dead attempt skips
 * what was made and finds on Google Ads what was made unrecorded. When a step fails, what the call made is
 * removed (the campaign, which takes its ad group, keywords and ad with it, then its budget) and named.
 */
export class SearchCreateSteps {
  readonly #client: SearchClient;
  readonly #context: ToolContext;
  readonly #customerId: string;
  readonly #made: Made[] = [];
  #done = 0;
  readonly #total: number;

  constructor(client: SearchClient, context: ToolContext, customerId: string, total: number) {
    this.#client = client;
    this.#context = context;
    this.#customerId = customerId;
    this.#total = total;
  }

  async run(options: StepOptions): Promise<string[]> {
    const { recovery } = this.#context;
    const earlier = recovery.recall(options.step);
    let names: string[] | undefined;
    if (earlier && 'result' in earlier) names = earlier.result as string[];
    else if (earlier) {
      const found = await this.#guard(options.action, options.find);
      if (options.single && found.length > 1) throw await this.#ambiguous(options, found);
      if (found.length > 0) {
        names = found;
        await recovery.finish(options.step, names);
      }
    }
    if (names === undefined) {
      await recovery.begin(options.step);
      names = await this.#guard(options.action, options.send);
      // Outside the guard: a failure to record is not Google's, and what was made stays for a retry.
      await recovery.finish(options.step, names);
    }
    for (const resourceName of names) {
      this.#made.push({
        type: options.type,
        resourceName,
        name: options.name,
        removeWith: options.removeWith,
      });
      this.#context.trace.createdObjectIds.push(resourceName);
    }
    this.#context.onProgress({
      stage: 'create',
      progress: ++this.#done,
      total: this.#total,
      message: options.action,
    });
    return names;
  }

  async #guard<T>(action: string, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      throw await this.#fail(action, error);
    }
  }

  async #ambiguous(options: StepOptions, found: string[]): Promise<AppError> {
    const error = new AppError(
      'upstream_error',
      `Internal error: RecoveryAmbiguous. This call was interrupted while it created the ${options.type}` +
        `${options.name ? ` "${options.name}"` : ''}, and Google Ads now holds ${found.length} matching ones ` +
        `(${found.join(', ')}), so it cannot tell which one is its own. Remove the extra ones in Google Ads, ` +
        'then call again with a new Idempotency-Key.',
      { upstreamMayHaveActed: true, structuredContent: { matching: found } },
    );
    return this.#fail(options.action, error);
  }

  /** Removes what this call made, newest first, and returns the error to answer with, naming all of it. */
  async #fail(action: string, error: unknown): Promise<AppError> {
    const removed: Made[] = [];
    const left: Array<Made & { reason: string }> = [];
    for (const object of [...this.#made].reverse()) {
      if (!object.removeWith) continue;
      try {
        await this.#client.create(this.#customerId, object.removeWith, [{ remove: object.resourceName }]);
        removed.push(object);
      } catch (cleanupError) {
        left.push({
          ...object,
          reason: cleanupError instanceof Error ? cleanupError.message : 'unknown error',
        });
      }
    }
    const original =
      error instanceof AppError
        ? error
        : new AppError('upstream_error', internalErrorMessage(error), { upstreamMayHaveActed: true });
    const mayHaveActed = original.options.upstreamMayHaveActed === true;
    const describe = (object: Made) =>
      `${object.type} ${object.resourceName}${object.name ? ` ("${object.name}")` : ''}`;
    const sentences = [`Step "${action}" failed.`];
    if (this.#made.length === 0)
      sentences.push('Nothing had been created before it, so nothing is half-made.');
    else {
      sentences.push(`Before it, this call had created ${this.#made.map(describe).join(', ')}.`);
      if (removed.length > 0) {
        sentences.push(
          `Removed: ${removed.map(describe).join(', ')} (a removed campaign takes its ad group, keywords and ad with it).`,
        );
      }
      sentences.push(
        left.length > 0
          ? `Still existing, because removing them failed: ${left.map((o) => `${describe(o)} (${o.reason})`).join('; ')}. ` +
              'The campaign is PAUSED and spends nothing; remove it in Google Ads before trying again.'
          : 'Nothing this call created is left serving.',
      );
    }
    if (mayHaveActed)
      sentences.push('If that step did make something on Google Ads, it is in no serving campaign.');
    const ref = (object: Made) => ({ type: object.type, resource_name: object.resourceName });
    return new AppError(original.code, `${original.message} ${sentences.join(' ')}`, {
      ...(original.options.retryAfterSeconds !== undefined && {
        retryAfterSeconds: original.options.retryAfterSeconds,
      }),
      upstreamMayHaveActed: mayHaveActed || left.length > 0,
      structuredContent: {
        ...original.options.structuredContent,
        failed_step: action,
        created: this.#made.map(ref),
        cleaned_up: removed.map(ref),
        still_existing: left.map(ref),
        outcome_unknown: mayHaveActed,
      },
    });
  }
}
