import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** TikTok's answer codes the emulator gives. */
export const CODE = {
  ok: 0,
  noPermission: 40001,
  invalidParameter: 40002,
  throttled: 40100,
  advertiserThrottled: 40133,
  invalidVersion: 40051,
  missingToken: 40104,
  invalidToken: 40105,
  systemError: 50000,
} as const;

export function newRequestId(): string {
  return randomUUID().replaceAll('-', '');
}

/** TikTok answers every call with HTTP 200 and `{code, message, request_id, data}`; code 0 is success. */
export function answer(reply: FastifyReply, code: number, message: string, data: unknown = {}) {
  return reply.send({ code, message, request_id: newRequestId(), data });
}

/**
 * What TikTok refuses, thrown from deep inside a request's checks and answered by the scope's error
 * handler with TikTok's envelope (HTTP 200, the code, the message).
 */
export class TikTokRefusal extends Error {
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

/** A parameter error (40002) in TikTok's words: `field: problem`, like its validator writes them. */
export function invalid(field: string, problem: string): TikTokRefusal {
  return new TikTokRefusal(CODE.invalidParameter, field ? `${field}: ${problem}` : problem);
}

/** Refuses the first name TikTok's specification does not have for this request (40002 "Unknown field."). */
export function refuseUnknown(given: Iterable<string>, allowed: readonly string[], prefix = ''): void {
  for (const name of given) {
    if (!allowed.includes(name)) throw invalid(`${prefix}${name}`, 'Unknown field.');
  }
}
