import { createMediaFetcher, fetchPolicy } from '../../assets/fetch-media.ts';
import { IMAGE_TYPES } from '../../assets/image-rules.ts';
import { inspectImage } from '../../assets/inspect-image.ts';
import { mapConcurrently } from '../../assets/map-concurrently.ts';
import type { FetchOutcome } from '../../assets/media-fetcher.ts';
import { formatKilobytes } from '../../assets/media-words.ts';
import { AppError } from '../../errors.ts';
import type { NetworkClient } from '../../platforms/network/client.ts';
import { findAssetBundle, firstBundleImage } from '../../storage/asset-bundles.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import type { FieldIssue, ToolContext } from '../tool.ts';

/** Card and text-ad images given by URL: JPEG, PNG or still GIF, at most 10 MB (docs/assets.md). */
export const MAX_NETWORK_IMAGE_BYTES = 10 * 1024 * 1024;
/** The asset bundle images a single-image ad takes, in order of preference. */
export const BUNDLE_IMAGE_GROUPS = ['marketing_images_landscape', 'marketing_images_square'] as const;

/** Where an ad's image or video comes from: already on LinkedIn, a URL, or an asset bundle. */
export type MediaSource = { urn: string } | { url: string } | { bundleId: string };

export interface MediaRequest {
  /** The argument it came in, for messages: `image_urn`, `cards[1].image_url`... */
  field: string;
  kind: 'image' | 'video';
  source: MediaSource;
  /** Text ads take a 100 x 100 image. */
  exactSize?: { width: number; height: number };
}

/** Media ready to use: a URN LinkedIn already holds, or checked bytes still to upload. */
export type ReadyMedia =
  | { field: string; kind: 'image' | 'video'; urn: string }
  | { field: string; kind: 'image' | 'video'; bytes: Buffer; mime: string; origin: string };

/**
 * Checks every image and video before anything is created: a URN must exist on LinkedIn and be
 * available; a URL is downloaded with the safe fetcher and checked by its bytes; a bundle must be the
 * caller's and hold a landscape or square marketing image. Every problem is reported at once.
 */
export async function prepareMedia(
  context: ToolContext,
  client: NetworkClient,
  tool: string,
  requests: MediaRequest[],
): Promise<ReadyMedia[]> {
  const issues: FieldIssue[] = [];
  const downloads = requests.filter((r) => 'url' in r.source);
  let downloaded = 0;
  const fetched = new Map<MediaRequest, FetchOutcome>();
  if (downloads.length > 0) {
    const { config } = context.services;
    const fetcher = createMediaFetcher(fetchPolicy(config.mediaFetch));
    try {
      await mapConcurrently(downloads, config.mediaFetch.concurrency, async (request) => {
        const url = (request.source as { url: string }).url;
        const video = request.kind === 'video';
        const outcome = await fetcher.fetch(url, {
          maxBytes: video ? config.mediaFetch.maxVideoBytes : MAX_NETWORK_IMAGE_BYTES,
          allowedTypes: video ? ['video/mp4'] : IMAGE_TYPES,
        });
        fetched.set(request, outcome);
        downloaded++;
        context.onProgress({
          stage: 'download',
          progress: downloaded,
          total: downloads.length,
          message: `Downloaded ${downloaded}/${downloads.length} media files`,
        });
      });
    } finally {
      await fetcher.close();
    }
  }

  const ready: ReadyMedia[] = [];
  for (const request of requests) {
    const { field, kind, source } = request;
    if ('urn' in source) {
      const problem = await mediaProblem(client, source.urn);
      if (problem) issues.push({ field, message: problem });
      else ready.push({ field, kind, urn: source.urn });
    } else if ('url' in source) {
      const outcome = fetched.get(request);
      if (!outcome?.ok) {
        issues.push({ field, message: `could not be used: ${outcome?.reason ?? 'it was not downloaded'}` });
        continue;
      }
      const { media } = outcome;
      const problem = kind === 'image' ? await imageProblem(media.bytes, request) : undefined;
      if (problem) issues.push({ field, message: problem });
      else ready.push({ field, kind, bytes: media.bytes, mime: media.mime, origin: source.url });
    } else {
      const { db } = context.services.storage;
      const userId = context.caller.userId;
      const image = await firstBundleImage(db, userId, source.bundleId, BUNDLE_IMAGE_GROUPS);
      if (!image) {
        const bundle = await findAssetBundle(db, userId, source.bundleId);
        issues.push({
          field,
          message: bundle
            ? 'holds no landscape or square marketing image: prepare one with validate_and_prepare_assets'
            : 'is not an asset bundle of yours: pass the asset_bundle_id validate_and_prepare_assets returned',
        });
        continue;
      }
      ready.push({
        field,
        kind,
        bytes: image.bytes,
        mime: `image/${image.format === 'jpg' ? 'jpeg' : image.format}`,
        origin: `asset bundle ${source.bundleId} (${image.group}, ${image.width}x${image.height})`,
      });
    }
  }
  if (issues.length > 0) throw invalidArguments(tool, issues);
  return ready;
}

/** Why a LinkedIn image or video cannot be used, in LinkedIn's words where it gave them. */
async function mediaProblem(client: NetworkClient, mediaUrn: string): Promise<string | undefined> {
  try {
    const media = await client.getMedia(mediaUrn);
    if (media.status && media.status !== 'AVAILABLE') {
      return `is ${media.status.toLowerCase().replaceAll('_', ' ')} on LinkedIn, not available: wait for processing or upload it again`;
    }
    return undefined;
  } catch (error) {
    if (error instanceof AppError && error.code === 'upstream_rejected') return error.message;
    throw error;
  }
}

async function imageProblem(bytes: Buffer, request: MediaRequest): Promise<string | undefined> {
  const info = await inspectImage(bytes);
  if (!info) return 'is damaged: it cannot be read as an image';
  if (info.animated)
    return 'is an animated GIF; LinkedIn ads take still images only (JPEG, PNG or a still GIF)';
  const size = request.exactSize;
  if (size && (info.width !== size.width || info.height !== size.height)) {
    return `is ${info.width}x${info.height}; a text ad image must be exactly ${size.width}x${size.height}`;
  }
  if (bytes.byteLength > MAX_NETWORK_IMAGE_BYTES) {
    return `is ${formatKilobytes(bytes.byteLength)}, over the ${formatKilobytes(MAX_NETWORK_IMAGE_BYTES)} limit`;
  }
  return undefined;
}
