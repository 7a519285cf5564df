import { AppError, internalErrorMessage } from '../../errors.ts';
import type { PlatformSession } from '../../platforms/session.ts';
import { type GraphWrite, sendCreate, sendValidation } from '../../platforms/social/creates.ts';
import type { ToolContext } from '../tool.ts';

/** One request a dry run shows, in the order it would be sent. */
export interface PreviewEntry {
  step: number;
  action: string;
  method: string;
  /** Path under the Graph API's version. */
  url: string;
  body: unknown;
  /** Whether Meta checked it with `execution_options=["validate_only"]` (the dry run's own check). */
  validated: boolean;
}

/** An object this call made on Meta, for the answer and for an error that names what exists. */
export interface MadeObject {
  type: 'campaign' | 'ad image' | 'ad set' | 'creative' | 'ad';
  id: string;
  name?: string | undefined;
}

export interface CreateStep {
  type: MadeObject['type'];
  name?: string | undefined;
  /** The step's recovery point: a retry of the call skips a step whose result is recorded. */
  step: string;
  /** The objects an earlier attempt may have made in this step, unrecorded (by name, under the parent). */
  find?: (since: number) => Promise<string[]>;
  /** In a dry run, the request Meta validates (the same with `validate_only`); unchecked without it. */
  validate?: GraphWrite | undefined;
}

/** Meta's clock and ours may differ: an earlier attempt's object may look this much older than its step. */
const CLOCK_SKEW_MS = 5 * 60_000;

function describe(object: MadeObject): string {
  return `${object.type} ${object.id}${object.name ? ` ("${object.name}")` : ''}`;
}

function list(objects: MadeObject[]): string {
  const texts = objects.map(describe);
  if (texts.length <= 1) return texts[0] ?? 'nothing';
  return `${texts.slice(0, -1).join(', ')} and ${texts.at(-1)}`;
}

/**
 * Runs the writes of one create on Meta, or, in a dry run, shows them (and has Meta validate those it
 * can check without their parents existing). Each create is a recovery point (docs/failure-model.md):
 * noted before its request and recorded with its id before the next, so a retry that takes over a dead
 * attempt skips what was made and finds on Meta, by name under its parent, what was made unrecorded.
 * Nothing is taken back on a failure: every object is PAUSED and spends nothing, and a retry with the
 * same Idempotency-Key finishes the call; the error names what exists.
 */
export class SocialCreateRunner {
  readonly session: PlatformSession;
  readonly context: ToolContext;
  readonly preview: PreviewEntry[] = [];
  readonly made: MadeObject[] = [];
  #steps = 0;
  readonly #total: number;

  constructor(session: PlatformSession, context: ToolContext, totalSteps: number) {
    this.session = session;
    this.context = context;
    this.#total = totalSteps;
  }

  get dryRun(): boolean {
    return this.context.dryRun;
  }

  /** What a dry run puts where Meta's answer to an earlier step would go. */
  placeholder(what: string): string {
    return `{${what} from step ${this.#steps}}`;
  }

  #record(action: string, request: GraphWrite, validated: boolean): void {
    const path = new URL(request.url).pathname.replace(/^.*?\/v\d+\.\d+/, '');
    const body =
      typeof request.body.bytes === 'string'
        ? {
            ...request.body,
            bytes: `{${Buffer.from(request.body.bytes, 'base64').byteLength} bytes, base64}`,
          }
        : request.body;
    this.preview.push({ step: ++this.#steps, action, method: request.method, url: path, body, validated });
  }

  #progress(action: string): void {
    this.context.onProgress({
      stage: 'create',
      progress: Math.min(this.#steps, this.#total),
      total: this.#total,
      message: action,
    });
  }

  /**
   * Creates one object and returns its id: a placeholder in a dry run, the recorded or found id when an
   * earlier attempt of the call made it.
   */
  async create(action: string, request: GraphWrite, object: CreateStep): Promise<string> {
    this.#record(action, request, this.dryRun && object.validate !== undefined);
    if (this.dryRun) {
      const check = object.validate;
      if (check) await this.#guard(action, () => sendValidation(this.session, `the ${object.type}`, check));
      return this.placeholder(`the id of the ${object.type}`);
    }
    const { recovery } = this.context;
    const earlier = recovery.recall(object.step);
    if (earlier) {
      const id =
        'result' in earlier ? String(earlier.result) : await this.#findEarlier(action, object, earlier.begun);
      if (id !== undefined) {
        if (!('result' in earlier)) await recovery.finish(object.step, id);
        this.#note({ type: object.type, id, name: object.name });
        this.#progress(action);
        return id;
      }
    }
    await recovery.begin(object.step);
    const id = await this.#guard(action, () => sendCreate(this.session, `the new ${object.type}`, request));
    this.#note({ type: object.type, id, name: object.name });
    // Outside the guard: a failure to record is not Meta's, and what was made stays for a retry.
    await recovery.finish(object.step, id);
    this.#progress(action);
    return id;
  }

  /**
   * A write whose result the call keeps (an image upload's hash), done once: a retry that takes over
   * answers with the first attempt's. In a dry run it is shown, not sent.
   */
  async once(
    action: string,
    request: GraphWrite,
    step: string,
    send: () => Promise<string>,
    dryRunValue: string,
  ): Promise<string> {
    this.#record(action, request, false);
    if (this.dryRun) return dryRunValue;
    const value = await this.#guard(action, () => this.context.recovery.once(step, send));
    this.#progress(action);
    return value;
  }

  #note(object: MadeObject): void {
    this.made.push(object);
    this.context.trace.createdObjectIds.push(object.id);
  }

  async #findEarlier(action: string, object: CreateStep, begun: string): Promise<string | undefined> {
    const find = object.find;
    if (!find) return undefined;
    const found = await this.#guard(action, () => find(Date.parse(begun) - CLOCK_SKEW_MS));
    if (found.length <= 1) return found[0];
    throw this.#fail(
      action,
      new AppError(
        'upstream_error',
        `Internal error: RecoveryAmbiguous. This call was interrupted while it created the ${object.type}` +
          `${object.name ? ` "${object.name}"` : ''}, and Meta now holds ${found.length} matching ones made ` +
          `since (ids ${found.join(', ')}), so it cannot tell which one is its own. Delete the extra ones in ` +
          'Meta Ads Manager, then call again with a new Idempotency-Key.',
        { upstreamMayHaveActed: true, structuredContent: { matching: found } },
      ),
    );
  }

  async #guard<T>(action: string, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      throw this.#fail(action, error);
    }
  }

  /** The error to answer with: Meta's own failure, then what this call made, and how to finish it. */
  #fail(action: string, error: unknown): AppError {
    const original =
      error instanceof AppError
        ? error
        : new AppError('upstream_error', internalErrorMessage(error), { upstreamMayHaveActed: true });
    if (!(error instanceof AppError)) {
      this.context.services.logger.error(
        { err: error, request_id: this.context.requestId },
        'social create step failed unexpectedly',
      );
    }
    const mayHaveActed = original.options.upstreamMayHaveActed === true;
    const sentences = [`Step "${action}" failed.`];
    const objects = this.made.filter((object) => object.type !== 'ad image');
    if (objects.length === 0) {
      sentences.push(
        'No campaign, ad set, creative or ad had been created before it, so nothing is half-made.',
      );
    } else {
      sentences.push(
        `Before it, this call had created ${list(objects)}, all PAUSED: they spend nothing. Call again with ` +
          'the same Idempotency-Key to finish the campaign (the retry skips what exists), or delete them in ' +
          'Meta Ads Manager.',
      );
    }
    if (mayHaveActed) {
      sentences.push('If that step did make something on Meta, it is paused and the retry finds it.');
    }
    return new AppError(original.code, `${original.message} ${sentences.join(' ')}`, {
      ...(original.options.retryAfterSeconds !== undefined && {
        retryAfterSeconds: original.options.retryAfterSeconds,
      }),
      upstreamMayHaveActed: mayHaveActed,
      structuredContent: {
        ...original.options.structuredContent,
        failed_step: action,
        created: this.made.map((object) => ({ ...object })),
        outcome_unknown: mayHaveActed,
      },
    });
  }
}
