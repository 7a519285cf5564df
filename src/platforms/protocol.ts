import type { Endpoints } from './endpoints.ts';
import type { Classifier } from './upstream.ts';

/** How long one token request may take, and how often a failed one is repeated. */
export interface TokenLimits {
  timeoutMs: number;
  retries: number;
}

export interface TokenGrant {
  accessToken: string;
  refreshToken: string | null;
  /** As the platform states it; the service dates it by its own clock (`grantExpiry`). */
  expiresInSeconds: number | null;
}

/** When a grant's access token lapses, counted from `now`; null when the platform set no end. */
export function grantExpiry(grant: TokenGrant, now: Date): Date | null {
  return grant.expiresInSeconds === null ? null : new Date(now.getTime() + grant.expiresInSeconds * 1000);
}

/** What differs between platforms in how a call is authorised and how an answer is read. */
export interface PlatformProtocol {
  classify: Classifier;
  /** The headers that carry the token (and developer token, version...) on every call. */
  headers(accessToken: string, endpoints: Endpoints): Record<string, string>;
  /** The URL as sent with this token, where the platform wants the call signed with it (Meta's proof). */
  signUrl?(url: string, accessToken: string, endpoints: Endpoints): string;
  /**
   * Gets a new access token; absent where the platform has no refresh (Meta, TikTok). `limits` are the
   * calling session's, so a refresh inside a tool call waits no longer than the call's own requests.
   */
  refresh?(endpoints: Endpoints, refreshToken: string, limits?: TokenLimits): Promise<TokenGrant>;
}
