/** An object a call made on the platform: one line of the runner's ledger. */
export interface Made<Type extends string = string> {
  /** What it is, in words: `campaign group`, `ad set`. */
  type: Type;
  /** The platform's id of it (Google's resource name). */
  id: string;
  name?: string | undefined;
  /** Uploaded media: no platform here deletes it, and left unused it costs nothing. */
  media?: boolean | undefined;
}

/** A request as a dry run shows it, under the platform API's base. */
export interface ShownRequest {
  method: string;
  url: string;
  headers?: Record<string, string> | undefined;
  body?: unknown;
}

/**
 * What the platform does with what a call made when a later step fails. The platforms differ: Google Ads,
 * LinkedIn and TikTok remove what they can (what goes with a removed parent needs no call of its own),
 * while Meta leaves its PAUSED objects for a retry with the same Idempotency-Key to finish.
 */
export type TakeBackPolicy<Type extends string = string> =
  | {
      kind: 'remove';
      /** The call that takes the object back; none for media and for what goes with its parent. */
      undo(object: Made<Type>): (() => Promise<unknown>) | undefined;
      /** Said after what was removed: how the platform removes it (`set to PENDING_DELETION...`). */
      removedNote(removed: readonly Made<Type>[]): string;
    }
  | {
      kind: 'keep';
      /** The sentence that says what the caller does with what is kept. */
      advice: string;
    };

/** The platform's own words in the answers of the one runner. */
export interface StepWords {
  /** `LinkedIn`, `Google Ads`. */
  platform: string;
  /** Where the advertiser removes by hand what the call could not: `Campaign Manager`. */
  console: string;
  /** The platform's verb for taking an object away: `remove` (LinkedIn, Google) or `delete`. */
  remove: 'remove' | 'delete';
  /** The objects that make a campaign half-made, as a list: `campaign, post or creative`. */
  objects: string;
  /** What became of an object the failed step may have made: `it is not part of any running ad`. */
  ifMade: string;
  /** Why uploaded media left unused is harmless: `LinkedIn has no delete for media; it costs nothing`. */
  media?: string;
}

/**
 * The platform part of the one step runner (runner.ts): how a request is shown and how a create is sent
 * and its ids read, what the platform takes back when a later step fails, and its words.
 */
export interface StepPlatform<Request, Type extends string = string> {
  words: StepWords;
  show(request: Request): ShownRequest;
  /** Sends a create and returns the ids it made, in order (several for a batch: Google's keywords). */
  create(request: Request, type: Type): Promise<string[]>;
  takeBack: TakeBackPolicy<Type>;
  /** Whether a dry run has the platform check the whole create before its steps (Google's validateOnly). */
  checksWholeDryRun?: boolean;
}
