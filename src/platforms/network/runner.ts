import { AppError, internalErrorMessage } from '../../errors.ts';
import type { ToolContext } from '../../tools/tool.ts';
import type { UpstreamResponse } from '../upstream.ts';
import { createdId, type NetworkClient, type NetworkRequest } from './client.ts';

/** One request a dry run shows, in the order it would be sent. */
export interface PreviewEntry {
  step: number;
  action: string;
  method: string;
  /** Path and query under the API base; an upload URL LinkedIn has not given yet is a placeholder. */
  url: string;
  body?: unknown;
}

/** An object this call made on LinkedIn, and how to take it back if a later step fails. */
interface Created {
  type: 'campaign group' | 'campaign' | 'post' | 'creative' | 'image' | 'video';
  id: string;
  name?: string | undefined;
  /** Undefined for uploaded media: LinkedIn has no delete for it. */
  cleanup?: NetworkRequest | undefined;
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
 * send instead. It keeps a ledger of what it created, so that when a later step fails it can take
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

  /**
   * Creates one object and returns its id (`x-restli-id`): a placeholder in a dry run. The object is
   * noted for the audit and for cleanup.
   */
  async create(
    action: string,
    request: NetworkRequest,
    object: { type: Created['type']; name?: string | undefined; cleanup?: (id: string) => NetworkRequest },
  ): Promise<string> {
    this.#record(action, request);
    if (this.dryRun) return this.placeholder(`the id of the ${object.type}`);
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
    this.#progress(action);
    return id;
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
