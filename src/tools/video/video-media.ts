import { createMediaFetcher, fetchPolicy } from '../../assets/fetch-media.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import type { ToolContext } from '../tool.ts';

/** A video downloaded with the guarded fetcher (private addresses refused, size capped, type by its bytes). */
export async function downloadVideo(
  context: ToolContext,
  tool: string,
  url: string,
): Promise<{ bytes: Buffer; fileName: string }> {
  const { config } = context.services;
  const fetcher = createMediaFetcher(fetchPolicy(config.mediaFetch));
  try {
    const outcome = await fetcher.fetch(url, {
      maxBytes: config.mediaFetch.maxVideoBytes,
      allowedTypes: ['video/mp4'],
    });
    if (!outcome.ok) {
      throw invalidArguments(tool, [{ field: 'video_url', message: `could not be used: ${outcome.reason}` }]);
    }
    context.onProgress({ stage: 'download', progress: 1, total: 1, message: 'Downloaded the video' });
    const last = new URL(url).pathname.split('/').pop() ?? '';
    return {
      bytes: outcome.media.bytes,
      fileName: /\.mp4$/i.test(last) ? decodeURIComponent(last) : 'video.mp4',
    };
  } finally {
    await fetcher.close();
  }
}
