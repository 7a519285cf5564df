import { type AppError, type ErrorCode, internalErrorMessage } from '../errors.ts';
import type { QuotaBlock } from '../quota.ts';
import type { ContentBlock } from '../tools/tool.ts';

export interface ToolData {
  text: string;
  quota?: QuotaBlock;
  structured?: Record<string, unknown>;
  content?: ContentBlock[];
}

/** What a call ended in, independent of the door it came through; each door renders it its own way. */
export type Outcome =
  /** 202: the change waits for the owner's approval (`data.structured.approval`), nothing was made yet. */
  | { ok: true; status: 200 | 202; tool: string; requestId: string; data: ToolData }
  | {
      ok: false;
      status: number;
      code: ErrorCode;
      tool: string;
      requestId: string;
      message: string;
      structuredContent?: Record<string, unknown>;
      quota?: QuotaBlock;
      retryAfterSeconds?: number;
    };

export type Failure = Extract<Outcome, { ok: false }>;

export function failureOutcome(tool: string, requestId: string, error: AppError): Failure {
  return {
    ok: false,
    status: error.status,
    code: error.code,
    tool,
    requestId,
    message: error.message,
    ...(error.options.structuredContent && { structuredContent: error.options.structuredContent }),
    ...(error.options.retryAfterSeconds !== undefined && {
      retryAfterSeconds: error.options.retryAfterSeconds,
    }),
  };
}

/** An unexpected failure: the caller learns only the exception type; the details go to the log. */
export function internalFailure(tool: string, requestId: string, error: unknown): Failure {
  return {
    ok: false,
    status: 500,
    code: 'internal_error',
    tool,
    requestId,
    message: internalErrorMessage(error),
  };
}
