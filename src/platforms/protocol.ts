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
  expiresAt: Date | null;
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
