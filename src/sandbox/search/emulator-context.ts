import type { SandboxServices } from '../sandbox-services.ts';
import type { SandboxStore } from '../store.ts';
import type { GoogleErrorAnswer } from './google-errors.ts';
import type { Message } from './proto-json.ts';

/** What every method of the search emulator works with: its store, version, page size and Google's answers. */
export interface SearchEmulator {
  services: SandboxServices;
  store: SandboxStore;
  /** The API version served, like `v26`. */
  served: string;
  /** Rows per page of googleAds:search and per batch of searchStream. */
  pageSize: number;
  /** The fault a magic id asks for, as Google answers under those conditions; `sandbox_slow` waits. */
  fault(ids: string[]): Promise<GoogleErrorAnswer | undefined>;
  requestError(code: string, message: string): GoogleErrorAnswer;
  /** The body read into the request message, or Google's refusal of it. */
  readBody<Read>(message: Message, body: unknown): { read: Read } | { refused: GoogleErrorAnswer };
}

/** An admitted call: the customer of the path (none for listAccessibleCustomers) and the token's grant. */
export interface Call {
  customerId: string;
  body: unknown;
  requestId: string;
  accountIds: string[];
}

/** A method's answer: the body to send, or Google's error. */
export type Answer = GoogleErrorAnswer | object;

export type Method = (emulator: SearchEmulator, call: Call) => Promise<Answer>;
