import type { Endpoints } from './endpoints.ts';
import type { Classifier } from './upstream.ts';

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
  /** Gets a new access token; absent where the platform has no refresh (Meta, TikTok). */
  refresh?(endpoints: Endpoints, refreshToken: string): Promise<TokenGrant>;
}
