import { checkAccess } from '../access.ts';
import { magicFault, sandboxLatency, slowDown } from '../faults.ts';
import type { SandboxServices } from '../sandbox-services.ts';
import { CODE, invalid, TikTokRefusal } from './envelope.ts';

/** What every advertiser call of the TikTok sandbox passes first: the token, then the magic ids. */
export interface VideoGate {
  /** Checks the token and that it covers the advertiser, like TikTok; throws its refusal. */
  admit(token: unknown, advertiserId: unknown): Promise<string>;
  /** Magic ids answer like TikTok under those conditions; `sandbox_slow` waits, then the call goes on. */
  fault(campaignIds: string[], advertiserId: string): Promise<void>;
}

export function videoGate(services: SandboxServices): VideoGate {
  return {
    async admit(token, advertiserId) {
      await sandboxLatency(services);
      if (typeof advertiserId !== 'string' || advertiserId === '')
        throw invalid('advertiser_id', 'Missing data for required field.');
      const access = await checkAccess(
        services,
        'video',
        typeof token === 'string' ? token : undefined,
        advertiserId,
      );
      if (access.ok) return advertiserId;
      if (access.reason === 'missing')
        throw new TikTokRefusal(CODE.missingToken, 'Access token is null, please check.');
      if (access.reason === 'forbidden')
        throw new TikTokRefusal(CODE.noPermission, `No permission to operate advertiser ${advertiserId}.`);
      throw new TikTokRefusal(CODE.invalidToken, 'Access token is invalid or has expired.');
    },

    async fault(campaignIds, advertiserId) {
      switch (magicFault(...campaignIds)) {
        // TikTok has the app's limit and each advertiser's, no user's: a user throttle is the advertiser's.
        case 'rate_limited':
        case 'rate_limited_user':
          throw new TikTokRefusal(
            CODE.advertiserThrottled,
            `Advertiser (${advertiserId})'s QPS (21) reaches QPS limit 20 for current path, request is temporarily restricted.`,
          );
        case 'rate_limited_app':
          throw new TikTokRefusal(CODE.throttled, 'Too many requests. Please retry in some time.');
        case 'server_error':
          throw new TikTokRefusal(CODE.systemError, 'System error, please try again later.');
        case 'token_expired':
          throw new TikTokRefusal(CODE.invalidToken, 'Access token is invalid or has expired.');
        case 'slow':
          await slowDown();
          return;
        default:
          return;
      }
    },
  };
}

/** TikTok takes the token in its own header. */
export const tokenOf = (request: { headers: Record<string, unknown> }) => request.headers['access-token'];
