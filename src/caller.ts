import type { KeyLimits } from './key-limits.ts';

/**
 * Who is calling: the owner of the API key or OAuth access token the door authenticated, and what the key
 * or the owner's grant to the OAuth client may do.
 */
export interface Caller {
  userId: string;
  email: string;
  tier: string;
  /** The key the call came with; null when it came with an OAuth access token. */
  apiKeyId: string | null;
  /** The OAuth client and the owner's grant to it, when the call came with an access token. */
  oauth?: { clientId: string; clientName: string; grantId: string } | undefined;
  limits: KeyLimits;
  /** The member acting in person in the console (a revert, a stop, an approval applied). */
  personId?: string | undefined;
}

/** What the caller's rate-limit bucket is named after: the key, or the grant its token came from. */
export function credentialOf(caller: Caller): string {
  return caller.apiKeyId ?? `grant:${caller.oauth?.grantId}`;
}
