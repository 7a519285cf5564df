import type { ErrorCode } from '../errors.ts';

export interface QuotaBlock {
  used: number;
  limit: number;
  tier: string;
  period_end: string;
  upgrade_url?: string;
}

export interface ContentBlock {
  type: string;
  [property: string]: unknown;
}

export interface ToolData {
  text: string;
  quota?: QuotaBlock;
  structured?: Record<string, unknown>;
  content?: ContentBlock[];
}

/** What a call ended in, independent of the door it came through; each door renders it its own way. */
export type Outcome =
  | { ok: true; status: 200; tool: string; requestId: string; data: ToolData }
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
