import { createMediaFetcher, fetchPolicy } from '../../assets/fetch-media.ts';
import { IMAGE_TYPES } from '../../assets/image-rules.ts';
import { inspectImage } from '../../assets/inspect-image.ts';
import { formatKilobytes } from '../../assets/media-words.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import type { ToolContext } from '../tool.ts';

/**
 * The largest image the create uploads: Meta takes up to 30 MB, but it goes up as base64 in one request,
 * and a feed image needs far less (Meta recommends 1440 x 1440 or 1200 x 628).
 */
export const MAX_SOCIAL_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * Downloads the ad's image with the safe media fetcher (private addresses refused, size and type
 * limits, docs/assets.md) and checks it by its bytes: a still JPEG, PNG or GIF. Answers 400 otherwise.
 */
export async function downloadAdImage(
  context: ToolContext,
  tool: string,
  field: string,
  url: string,
): Promise<Buffer> {
  const { config } = context.services;
  const fetcher = createMediaFetcher(fetchPolicy(config.mediaFetch));
  let outcome: Awaited<ReturnType<typeof fetcher.fetch>>;
  try {
    outcome = await fetcher.fetch(url, { maxBytes: MAX_SOCIAL_IMAGE_BYTES, allowedTypes: IMAGE_TYPES });
  } finally {
    await fetcher.close();
  }
  context.onProgress({ stage: 'download', progress: 1, total: 1, message: 'Downloaded the ad image' });
  if (!outcome.ok) throw invalidArguments(tool, [{ field, message: `could not be used: ${outcome.reason}` }]);
  const { bytes } = outcome.media;
  const info = await inspectImage(bytes);
  const problem = !info
    ? 'is damaged: it cannot be read as an image'
    : info.animated
      ? 'is an animated GIF; a single-image ad takes a still JPEG, PNG or GIF'
      : bytes.byteLength > MAX_SOCIAL_IMAGE_BYTES
        ? `is ${formatKilobytes(bytes.byteLength)}, over the ${formatKilobytes(MAX_SOCIAL_IMAGE_BYTES)} limit`
        : undefined;
  if (problem) throw invalidArguments(tool, [{ field, message: problem }]);
  return bytes;
}
