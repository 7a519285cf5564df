/** What fetching a user's media URL takes and gives: the rules and the outcome, a refusal as a value. */
export interface MediaLimits {
  /** Reading stops at the first byte past this. */
  maxBytes: number;
  /** MIME types as decided by the bytes (`image/png`, `video/mp4`); the Content-Type header is ignored. */
  allowedTypes: readonly string[];
}

export interface FetchedMedia {
  bytes: Buffer;
  mime: string;
  ext: string;
  /** Where the bytes came from after redirects. */
  url: string;
}

/** A refusal is a value: one bad URL among many is an answer, not a failure. */
export type FetchOutcome = { ok: true; media: FetchedMedia } | { ok: false; reason: string };

export interface MediaFetcher {
  fetch(url: string, limits: MediaLimits): Promise<FetchOutcome>;
  /** Closes the connections; call when the batch is done. */
  close(): Promise<void>;
}
