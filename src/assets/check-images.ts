import { createHash } from 'node:crypto';
import type { Progress } from '../progress.ts';
import { type AssetGroup, IMAGE_TYPES, imageRuleViolation, MAX_IMAGE_BYTES } from './image-rules.ts';
import { type ImageInfo, inspectImage } from './inspect-image.ts';
import { mapConcurrently } from './map-concurrently.ts';
import type { FetchOutcome, MediaFetcher } from './media-fetcher.ts';

export interface ImageRequest {
  group: AssetGroup;
  url: string;
}

/** One line of the result: what happened to one URL of one group. */
export interface ImageVerdict {
  url: string;
  group: AssetGroup;
  verdict: 'accepted' | 'rejected';
  reason?: string;
  width?: number;
  height?: number;
  format?: string;
  bytes?: number;
  sha256?: string;
}

export interface AcceptedImage {
  group: AssetGroup;
  sha256: string;
  format: string;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface CheckedImages {
  /** In the order of the requests. */
  verdicts: ImageVerdict[];
  accepted: AcceptedImage[];
}

interface Inspected {
  outcome: FetchOutcome;
  info: ImageInfo | undefined;
  sha256: string | undefined;
}

/**
 * Downloads every distinct URL (at most `concurrency` at once), then checks each requested image
 * against its group's rules. A failed download or a bad image is a rejected verdict, never an error,
 * so one bad image cannot fail the others. Progress: `download` per URL, then `validate` per image.
 */
export async function checkImages(
  requests: readonly ImageRequest[],
  options: { fetcher: MediaFetcher; concurrency: number; onProgress: (progress: Progress) => void },
): Promise<CheckedImages> {
  const urls = [...new Set(requests.map((request) => request.url))];
  let downloaded = 0;
  const outcomes = await mapConcurrently(urls, options.concurrency, async (url) => {
    const outcome = await options.fetcher.fetch(url, {
      maxBytes: MAX_IMAGE_BYTES,
      allowedTypes: IMAGE_TYPES,
    });
    downloaded++;
    options.onProgress({
      stage: 'download',
      progress: downloaded,
      total: urls.length,
      message: `Downloaded ${downloaded}/${urls.length} images`,
    });
    return outcome;
  });

  const inspected = new Map<string, Inspected>();
  for (const [index, url] of urls.entries()) {
    const outcome = outcomes[index] as FetchOutcome;
    const bytes = outcome.ok ? outcome.media.bytes : undefined;
    inspected.set(url, {
      outcome,
      info: bytes && (await inspectImage(bytes)),
      sha256: bytes && createHash('sha256').update(bytes).digest('hex'),
    });
  }

  const verdicts: ImageVerdict[] = [];
  const accepted: AcceptedImage[] = [];
  for (const [index, request] of requests.entries()) {
    const { outcome, info, sha256 } = inspected.get(request.url) as Inspected;
    const verdict = judge(request, outcome, info, sha256);
    verdicts.push(verdict);
    if (verdict.verdict === 'accepted' && outcome.ok && info && sha256) {
      accepted.push({
        group: request.group,
        sha256,
        format: info.format,
        width: info.width,
        height: info.height,
        bytes: outcome.media.bytes,
      });
    }
    options.onProgress({
      stage: 'validate',
      progress: index + 1,
      total: requests.length,
      message: `Checked ${index + 1}/${requests.length} images`,
    });
  }
  return { verdicts, accepted };
}

function judge(
  request: ImageRequest,
  outcome: FetchOutcome,
  info: ImageInfo | undefined,
  sha256: string | undefined,
): ImageVerdict {
  const base = { url: request.url, group: request.group };
  if (!outcome.ok) return { ...base, verdict: 'rejected', reason: outcome.reason };
  if (!info) {
    return { ...base, verdict: 'rejected', reason: 'the file is damaged: it cannot be read as an image' };
  }
  const facts = {
    width: info.width,
    height: info.height,
    format: info.format,
    bytes: outcome.media.bytes.byteLength,
    ...(sha256 && { sha256 }),
  };
  const violation = imageRuleViolation(request.group, info.width, info.height);
  if (violation) return { ...base, verdict: 'rejected', reason: violation, ...facts };
  return { ...base, verdict: 'accepted', ...facts };
}
