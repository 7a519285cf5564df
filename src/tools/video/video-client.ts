import type { PlatformCallContext } from '../../platforms/call-context.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { VideoClient } from '../../platforms/video/client.ts';
import { videoProtocol } from '../../platforms/video/protocol.ts';

/** The TikTok client of the call's advertiser, behind its session (tokens, throttles, error mapping). */
export async function openVideoClient(context: PlatformCallContext): Promise<VideoClient> {
  const throttleCodes = context.services.config.platforms.videoThrottleCodes;
  return new VideoClient(await PlatformSession.open(context, videoProtocol(throttleCodes)));
}
