import { z } from 'zod';
import { AppError, internalErrorMessage } from '../../errors.ts';
import { createdId, type NetworkClient, type NetworkRequest } from '../../platforms/network/client.ts';
import type { UpstreamResponse } from '../../platforms/upstream.ts';
import type { ToolContext } from '../tool.ts';

/** One request a dry run shows, in the order it would be sent. */
export interface PreviewEntry {
  step: number;
  action: string;
  method: string;
  /** Path and query under the API base; an upload URL LinkedIn has not given yet is a placeholder. */
  url: string;
  body?: unknown;
}

/** The output schema of a dry run's requests. */
export const PREVIEW_OUTPUT = z
  .array(
    z
      .object({
        step: z.number().int().describe('Its place in the order.'),
        action: z.string().describe('What it does.'),
        method: z.string().describe('HTTP method.'),
        url: z.string().describe('Path and query under the API base.'),
        headers: z.record(z.string(), z.string()).optional().describe('Rest.li headers it needs.'),
        body: z.unknown().optional().describe('The body LinkedIn is sent.'),
      })
      .describe('A request.'),
  )
  .optional()
  .describe('On a dry run: the requests that would be sent, in order.');

/** An object this call made on LinkedIn, and how to take it back if a later step fails. */
interface Created {
  type: 'campaign group' | 'campaign' | 'post' | 'creative' | 'image' | 'video';
  id: string;
  name?: string | undefined;
  /** Undefined for uploaded media: LinkedIn has no delete for it. */
  cleanup?: NetworkRequest | undefined;
}

/** LinkedIn's clock and ours may differ: an earlier attempt's object may look this much older than its step. */
const CLOCK_SKEW_MS = 5 * 60_000;

export interface CreateOptions {
  type: Created['type'];
  name?: string | undefined;
  cleanup?: (id: string) => NetworkRequest;
  /** The step's recovery point: a retry of the call skips a step whose result is recorded. */
  step: string;
  /**
   * Finds what an earlier attempt of this call may have made before it stopped, unrecorded: the ids of
   * objects matching this step's request exactly (name, parent, content), made since `since` (epoch ms).
   */
  find?: (since: number) => Promise<string[]>;
}

export interface ObjectRef {
  type: string;
  id: string;
  name?: string;
}

function describe(object: Created | ObjectRef): string {
  return `${object.type} ${object.id}${object.name ? ` ("${object.name}")` : ''}`;
}

function list(objects: Array<Created | ObjectRef>): string {
  const texts = objects.map(describe);
  if (texts.length <= 1) return texts[0] ?? 'nothing';
  return `${texts.slice(0, -1).join(', ')} and ${texts.at(-1)}`;
}

/**
 * Runs the steps of one tool call against LinkedIn, or, in a dry run, records the requests it would
 * send instead. Each create is a recovery point (docs/failure-model.md): noted before its request
 * and recorded with its result before the next step, so a retry that takes over a crashed attempt
 * skips what was made and finds on LinkedIn what was made but not recorded. It keeps a ledger of what
 * the call created (this attempt and the earlier ones), so that when a later step fails it can take
 * those objects back and say exactly what was made, removed, and left.
 */
export class NetworkRunner {
  readonly client: NetworkClient;
  readonly context: ToolContext;
  readonly preview: PreviewEntry[] = [];
  readonly #created: Created[] = [];
  #steps = 0;
  #total: number;

  constructor(client: NetworkClient, context: ToolContext, totalSteps: number) {
    this.client = client;
    this.context = context;
    this.#total = totalSteps;
  }

  get dryRun(): boolean {
    return this.context.dryRun;
  }

  /** What a dry run puts where LinkedIn's answer to an earlier step would go. */
  placeholder(what: string): string {
    return `{${what} from step ${this.#steps}}`;
  }

  #record(action: string, request: NetworkRequest): number {
    const step = ++this.#steps;
    const url = request.url.startsWith(this.client.requests.apiUrl)
      ? request.url.slice(this.client.requests.apiUrl.length)
      : request.url;
    const body =
      request.body instanceof Uint8Array ? `{${request.body.byteLength} bytes of the file}` : request.body;
    this.preview.push({
      step,
      action,
      method: request.method,
      url: decodeURIComponent(url),
      ...(body !== undefined && { body }),
    });
    return step;
  }

  #progress(action: string): void {
    this.context.onProgress({
      stage: 'create',
      progress: Math.min(this.#steps, this.#total),
      total: this.#total,
      message: action,
    });
  }

  /** A request whose answer matters (an upload's URL); undefined in a dry run. */
  async send(action: string, request: NetworkRequest): Promise<UpstreamResponse | undefined> {
    this.#record(action, request);
    if (this.dryRun) return undefined;
    const response = await this.#guard(action, () => this.client.send(request));
    this.#progress(action);
    return response;
  }

  /** A request whose answer is read through the schema of what the call uses from it; undefined in a dry run. */
  async read<Schema extends z.ZodType>(
    action: string,
    request: NetworkRequest,
    what: string,
    schema: Schema,
  ): Promise<z.output<Schema> | undefined> {
    this.#record(action, request);
    if (this.dryRun) return undefined;
    const answer = await this.#guard(action, () => this.client.read(request, what, schema));
    this.#progress(action);
    return answer;
  }

  /**
   * Creates one object and returns its id (`x-restli-id`): a placeholder in a dry run, the recorded or
   * found id when an earlier attempt of the call made it. The object is noted for the audit and cleanup.
   */
  async create(action: string, request: NetworkRequest, object: CreateOptions): Promise<string> {
    this.#record(action, request);
    if (this.dryRun) return this.placeholder(`the id of the ${object.type}`);
    const { recovery } = this.context;
    const earlier = recovery.recall(object.step);
    if (earlier) {
      const id =
        'result' in earlier ? String(earlier.result) : await this.#findEarlier(action, object, earlier.begun);
      if (id !== undefined) {
        if (!('result' in earlier)) await recovery.finish(object.step, id);
        this.note({ type: object.type, id, name: object.name, cleanup: object.cleanup?.(id) });
        this.#progress(action);
        return id;
      }
    }
    await recovery.begin(object.step);
    const response = await this.#guard(action, () => this.client.send(request));
    const id = createdId(response);
    if (!id) {
      throw await this.#fail(
        action,
        new AppError(
          'upstream_error',
          `Internal error: UpstreamProtocolError. LinkedIn created the ${object.type} but did not say its id.`,
          { upstreamMayHaveActed: true },
        ),
      );
    }
    this.note({ type: object.type, id, name: object.name, cleanup: object.cleanup?.(id) });
    // Outside the guard: a failure to record is not the platform's, and what was made stays for a retry.
    await recovery.finish(object.step, id);
    this.#progress(action);
    return id;
  }

  /**
   * A value the call's answer depends on, computed once: a retry that takes over answers with the first
   * attempt's (an uploaded media URN, a count taken before the first create).
   */
  once<T>(step: string, compute: () => Promise<T>): Promise<T> {
    return this.dryRun ? compute() : this.context.recovery.once(step, compute);
  }

  /** The object an earlier attempt made in this step, when the step began but its result was not recorded. */
  async #findEarlier(action: string, object: CreateOptions, begun: string): Promise<string | undefined> {
    const find = object.find;
    if (!find) return undefined;
    const found = await this.#guard(action, () => find(Date.parse(begun) - CLOCK_SKEW_MS));
    if (found.length <= 1) return found[0];
    throw await this.#fail(
      action,
      new AppError(
        'upstream_error',
        `Internal error: RecoveryAmbiguous. This call was interrupted while it created the ${object.type}` +
          `${object.name ? ` "${object.name}"` : ''}, and LinkedIn now holds ${found.length} matching ones made ` +
          `since (ids ${found.join(', ')}), so it cannot tell which one is its own. Remove the extra ones in ` +
          'Campaign Manager, then call again with a new Idempotency-Key.',
        { upstreamMayHaveActed: true, structuredContent: { matching: found } },
      ),
    );
  }

  /** Notes an object made by a multi-request step (an upload), once it exists. */
  note(object: Created): void {
    this.#created.push(object);
    this.context.trace.createdObjectIds.push(object.id);
  }

  async #guard<T>(action: string, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      throw await this.#fail(action, error);
    }
  }

  /**
   * Takes back what this call created, newest first, and returns the error to answer with: the
   * platform's own failure, then what was created, what was removed, and what is left.
   */
  async #fail(action: string, error: unknown): Promise<AppError> {
    const removed: Created[] = [];
    const left: Array<Created & { reason: string }> = [];
    const media: Created[] = [];
    for (const object of [...this.#created].reverse()) {
      if (!object.cleanup) {
        media.push(object);
        continue;
      }
      try {
        await this.client.send(object.cleanup);
        removed.push(object);
      } catch (cleanupError) {
        const reason = cleanupError instanceof Error ? cleanupError.message : 'unknown error';
        left.push({ ...object, reason });
      }
    }
    const original =
      error instanceof AppError
        ? error
        : new AppError('upstream_error', internalErrorMessage(error), { upstreamMayHaveActed: true });
    if (!(error instanceof AppError)) {
      this.context.services.logger.error(
        { err: error, request_id: this.context.requestId },
        'network step failed unexpectedly',
      );
    }
    const mayHaveActed = original.options.upstreamMayHaveActed === true;
    const sentences = [`Step "${action}" failed.`];
    const adObjects = this.#created.filter((object) => object.cleanup);
    if (adObjects.length === 0) {
      sentences.push('No campaign, post or creative had been created before it, so nothing is half-made.');
    } else {
      sentences.push(`Before it, this call had created ${list(adObjects)}.`);
      if (removed.length > 0) {
        const pending = removed.some((object) => object.type !== 'post');
        sentences.push(
          `Cleaned up: ${list(removed)}${pending ? ' (set to PENDING_DELETION, which LinkedIn then deletes)' : ''}.`,
        );
      }
      if (left.length > 0) {
        sentences.push(
          `Still existing, because removing them failed: ${left.map((o) => `${describe(o)} (${o.reason})`).join('; ')}. ` +
            'They are paused and spend nothing; remove them in Campaign Manager before trying again.',
        );
      } else {
        sentences.push(
          media.length > 0
            ? 'No campaign, post or creative of this call is left.'
            : 'Nothing this call created is left.',
        );
      }
    }
    if (mayHaveActed) {
      sentences.push('If that step did make something on LinkedIn, it is not part of any running ad.');
    }
    if (media.length > 0) {
      sentences.push(
        `Uploaded and left unused: ${list(media)} (LinkedIn has no delete for media; it costs nothing).`,
      );
    }
    return new AppError(original.code, `${original.message} ${sentences.join(' ')}`, {
      ...(original.options.retryAfterSeconds !== undefined && {
        retryAfterSeconds: original.options.retryAfterSeconds,
      }),
      upstreamMayHaveActed: mayHaveActed || left.length > 0,
      structuredContent: {
        ...original.options.structuredContent,
        failed_step: action,
        created: this.#created.map(ref),
        cleaned_up: removed.map(ref),
        still_existing: left.map(ref),
        unused_media: media.map(ref),
        outcome_unknown: mayHaveActed,
      },
    });
  }
}

function ref(object: Created): ObjectRef {
  return { type: object.type, id: object.id, ...(object.name && { name: object.name }) };
}
