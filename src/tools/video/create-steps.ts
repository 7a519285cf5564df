import { AppError, internalErrorMessage } from '../../errors.ts';
import type { VideoCreates, VideoRequest } from '../../platforms/video/creates.ts';
import type { ToolContext } from '../tool.ts';

/** One request a dry run shows, in the order it would be sent. */
export interface PreviewEntry {
  step: number;
  action: string;
  method: string;
  url: string;
  body?: unknown;
}

type Kind = 'campaign' | 'video' | 'adgroup' | 'ad';
const WORDS: Record<Kind, string> = { campaign: 'campaign', video: 'video', adgroup: 'ad group', ad: 'ad' };

interface Made {
  type: Kind;
  id: string;
  name?: string | undefined;
}

export interface StepOptions {
  type: Kind;
  /** The step's recovery point: a retry of the call skips a step whose result is recorded. */
  step: string;
  name?: string | undefined;
  /** What an earlier attempt may have made in this step, unrecorded: the ids made since `since` (epoch ms). */
  find?: (since: number) => Promise<string[]>;
}

/** TikTok's clock and ours may differ: an earlier attempt's object may look this much older than its step. */
const CLOCK_SKEW_MS = 5 * 60_000;

function described(object: Made): string {
  return `${WORDS[object.type]} ${object.id}${object.name ? ` ("${object.name}")` : ''}`;
}

/**
 * The create steps of one call on TikTok, or in a dry run the requests they would send. Each create is a
 * recovery point (docs/failure-model.md): a retry that takes over a crashed attempt skips the recorded
 * steps, and for one begun but not recorded looks on TikTok for what it made (exact name, parent, made
 * since the step began) before creating again. When a step fails, the campaign this call made is
 * deleted, which takes its ad group and ad with it: nothing is left half-made.
 */
export class VideoSteps {
  readonly preview: PreviewEntry[] = [];
  readonly #made: Made[] = [];
  readonly #creates: VideoCreates;
  readonly #context: ToolContext;
  readonly #advertiserId: string;

  constructor(creates: VideoCreates, context: ToolContext, advertiserId: string) {
    this.#creates = creates;
    this.#context = context;
    this.#advertiserId = advertiserId;
  }

  get made(): readonly Made[] {
    return this.#made;
  }

  async create(action: string, request: VideoRequest, options: StepOptions): Promise<string> {
    const step = this.preview.length + 1;
    const url = new URL(request.url);
    this.preview.push({
      step,
      action,
      method: request.method,
      url: url.pathname.replace(/^.*?\/open_api\//, '/open_api/'),
      body: request.shown ?? request.body,
    });
    const { context } = this;
    if (context.dryRun) return `{the id of the ${WORDS[options.type]} from step ${step}}`;
    const { recovery } = context;
    const earlier = recovery.recall(options.step);
    if (earlier) {
      const id =
        'result' in earlier
          ? String(earlier.result)
          : await this.#findEarlier(action, options, earlier.begun);
      if (id !== undefined) {
        if (!('result' in earlier)) await recovery.finish(options.step, id);
        this.#note({ type: options.type, id, name: options.name });
        return id;
      }
    }
    await recovery.begin(options.step);
    let id: string;
    try {
      id = await this.#creates.create(request, options.type);
    } catch (error) {
      throw await this.#fail(action, error);
    }
    this.#note({ type: options.type, id, name: options.name });
    // Outside the guard: a failure to record is not TikTok's, and what was made stays for a retry.
    await recovery.finish(options.step, id);
    context.onProgress({ stage: 'create', progress: step, total: 4, message: action });
    return id;
  }

  get context(): ToolContext {
    return this.#context;
  }

  #note(object: Made): void {
    this.#made.push(object);
    this.#context.trace.createdObjectIds.push(object.id);
  }

  async #findEarlier(action: string, options: StepOptions, begun: string): Promise<string | undefined> {
    if (!options.find) return undefined;
    let found: string[];
    try {
      found = await options.find(Date.parse(begun) - CLOCK_SKEW_MS);
    } catch (error) {
      throw await this.#fail(action, error);
    }
    if (found.length <= 1) return found[0];
    throw await this.#fail(
      action,
      new AppError(
        'upstream_error',
        `Internal error: RecoveryAmbiguous. This call was interrupted while it created the ${WORDS[options.type]}` +
          `${options.name ? ` "${options.name}"` : ''}, and TikTok now holds ${found.length} matching ones made ` +
          `since (ids ${found.join(', ')}), so it cannot tell which one is its own. Delete the extra ones in ` +
          'TikTok Ads Manager, then call again with a new Idempotency-Key.',
        { upstreamMayHaveActed: true, structuredContent: { matching: found } },
      ),
    );
  }

  /**
   * Deletes the campaign this call made (its ad group and ad go with it) and returns the error to answer
   * with: TikTok's own failure, then what was made, what was taken back and what is left.
   */
  async #fail(action: string, error: unknown): Promise<AppError> {
    const original =
      error instanceof AppError
        ? error
        : new AppError('upstream_error', internalErrorMessage(error), { upstreamMayHaveActed: true });
    if (!(error instanceof AppError)) {
      this.#context.services.logger.error(
        { err: error, request_id: this.#context.requestId },
        'video create step failed unexpectedly',
      );
    }
    const campaign = this.#made.find((object) => object.type === 'campaign');
    const videos = this.#made.filter((object) => object.type === 'video');
    const adObjects = this.#made.filter((object) => object.type !== 'video');
    let deleted = false;
    let leftReason: string | undefined;
    if (campaign) {
      try {
        await this.#creates.send(this.#creates.deleteCampaignRequest(this.#advertiserId, campaign.id));
        deleted = true;
      } catch (cleanupError) {
        leftReason = cleanupError instanceof Error ? cleanupError.message : 'unknown error';
      }
    }
    const mayHaveActed = original.options.upstreamMayHaveActed === true;
    const sentences = [`Step "${action}" failed.`];
    if (adObjects.length === 0) {
      sentences.push('No campaign, ad group or ad had been created before it, so nothing is half-made.');
    } else {
      sentences.push(`Before it, this call had created ${adObjects.map(described).join(', ')}.`);
      sentences.push(
        deleted
          ? `Cleaned up: campaign ${campaign?.id} is deleted on TikTok, with its ad group and ad; nothing this call created is left.`
          : `Still existing, because deleting campaign ${campaign?.id} failed (${leftReason}): it is disabled and spends nothing; delete it in TikTok Ads Manager before trying again.`,
      );
    }
    if (mayHaveActed)
      sentences.push('If that step did make something on TikTok, it is disabled and spends nothing.');
    if (videos.length > 0) {
      sentences.push(
        `Uploaded and left unused in the asset library: ${videos.map(described).join(', ')} (it costs nothing).`,
      );
    }
    return new AppError(original.code, `${original.message} ${sentences.join(' ')}`, {
      ...(original.options.retryAfterSeconds !== undefined && {
        retryAfterSeconds: original.options.retryAfterSeconds,
      }),
      upstreamMayHaveActed: mayHaveActed || (campaign !== undefined && !deleted),
      structuredContent: {
        ...original.options.structuredContent,
        failed_step: action,
        created: this.#made.map((object) => ({ type: WORDS[object.type], id: object.id })),
        cleaned_up: deleted && campaign ? [{ type: 'campaign', id: campaign.id }] : [],
        still_existing: campaign && !deleted ? [{ type: 'campaign', id: campaign.id }] : [],
        unused_media: videos.map((object) => ({ type: 'video', id: object.id })),
        outcome_unknown: mayHaveActed,
      },
    });
  }
}
