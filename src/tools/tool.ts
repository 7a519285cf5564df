import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Caller, Services } from '../context.ts';
import type { ContentBlock, QuotaBlock } from '../pipeline/outcome.ts';
import type { Platform } from '../platforms/families.ts';
import type { AdAccount } from '../storage/schema.ts';

export interface FieldIssue {
  /** The argument's path, like `cards[2].headline`; empty for the arguments as a whole. */
  field: string;
  message: string;
}

export interface Progress {
  stage: string;
  progress: number;
  total: number;
  message: string;
}

/** What a tool's handler sees. It never sees the API key, only its owner. */
export interface ToolContext {
  services: Services;
  caller: Caller;
  /** The account the multi-account rule resolved; null for tools outside a platform family. */
  account: AdAccount | null;
  dryRun: boolean;
  requestId: string;
  now: Date;
  onProgress(progress: Progress): void;
  /** Ids kept in the audit row: the platform's request ids and the objects the call created. */
  trace: { upstreamRequestIds: string[]; createdObjectIds: string[] };
}

export interface ToolResult {
  text: string;
  /** Only for exempt tools that report the quota themselves; billable calls get it from the pipeline. */
  quota?: QuotaBlock;
  structured?: Record<string, unknown>;
  content?: ContentBlock[];
}

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ToolDefinition<Schema extends z.ZodObject> {
  name: string;
  /** Written for a model: when to use the tool, when not, what it costs. */
  description: string;
  /** The platform family whose account the call acts on, or null. */
  family: Platform | null;
  billable: boolean;
  annotations: ToolAnnotations;
  input: Schema;
  /** A valid call: shown in the API documents and run by the shared security tests of every tool. */
  example: z.input<Schema>;
  /** Rules that need configuration or the time, checked after the schema passes. */
  rules?: (args: z.output<Schema>, env: { config: Config; now: Date }) => FieldIssue[];
  /** Argument fields safe to keep in the audit log ("who created this campaign and when"). */
  auditFields?: readonly string[];
  run(args: z.output<Schema>, context: ToolContext): Promise<ToolResult>;
}

export type Tool = ToolDefinition<z.ZodObject>;

/** Keeps the handler's argument type inferred from its schema while the registry holds any tool. */
export function defineTool<Schema extends z.ZodObject>(definition: ToolDefinition<Schema>): Tool {
  return definition as unknown as Tool;
}
