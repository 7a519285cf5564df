import type { z } from 'zod';
import type { Caller } from '../caller.ts';
import type { Config } from '../config.ts';
import type { Platform } from '../platform-families.ts';
import type { PlatformCallContext } from '../platforms/call-context.ts';
import type { RecoveryPoints } from '../platforms/recovery-points.ts';
import type { Progress } from '../progress.ts';
import type { QuotaBlock } from '../quota.ts';
import type { Change } from './changes/change.ts';
import type { ChangeDeclaration } from './changes/declaration.ts';

export interface FieldIssue {
  /** The argument's path, like `cards[2].headline`; empty for the arguments as a whole. */
  field: string;
  message: string;
}

/** What a tool's handler sees. It never sees the API key, only its owner. */
export interface ToolContext extends PlatformCallContext {
  caller: Caller;
  dryRun: boolean;
  requestId: string;
  now: Date;
  onProgress(progress: Progress): void;
  /** Where a multi-step write records each step, so that a retry after a crash resumes it. */
  recovery: RecoveryPoints;
  /**
   * Before any platform write, in a dry run too: the change as the tool reads it, field by field. The
   * pipeline judges it (scope, ceilings, guardrails, a stop, the owner's drift checks) and throws when it
   * may not be made now: 403, or an approval to ask for (202). Nothing reaches the platform before it
   * answers.
   */
  authorizeChange(change: Change): Promise<void>;
  /** Notes what the call changed (made, on a partial failure), for its audit row and the money history. */
  noteChange(change: Change): void;
}

/**
 * The arguments of a call that only stops or lowers spend: such a call is never refused for quota or rate
 * limit (docs/approvals.md). Only these fields may be present: the status field with a pausing value, the
 * budget field, and the neutral ones (the campaign id, the account argument, dry_run, `alsoAllowed`).
 */
export interface StopArguments {
  status: { field: string; pausing: readonly string[] };
  budget?: string;
  alsoAllowed?: readonly string[];
  /** Older names the tool still takes for the status or budget field, each with the field it names. */
  aliases?: Readonly<Record<string, string>>;
}

/** A stop field and the older names the tool takes for it: what a call may name it by. */
export function namesOf(stop: StopArguments, field: string): string[] {
  const aliases = Object.entries(stop.aliases ?? {});
  return [field, ...aliases.filter(([, target]) => target === field).map(([alias]) => alias)];
}

/** A content block of an MCP tool result beyond the text (an image, say), as the tool gives it. */
export interface ContentBlock {
  type: string;
  [property: string]: unknown;
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
  /**
   * Written for a model, in a few sentences: what the tool does, when to use it, what it costs. It is all a
   * model sees in the MCP tool list, which every agent carries in its context: keep it short.
   */
  description: string;
  /**
   * What else a model may need: the rules the service checks, edge cases, what to do instead. The OpenAPI
   * document gives it after the description (`x-llm-guidance`); an error states the rule it breaks anyway.
   */
  guidance?: string;
  /** The platform whose account the call acts on, or null. */
  platform: Platform | null;
  /**
   * For a tool of no one platform (a monitor's): the arguments that name the platform and the account, when
   * given; the account is then resolved as for that platform's own tools (the multi-account rule).
   */
  platformArguments?: { platform: string; account: string };
  billable: boolean;
  annotations: ToolAnnotations;
  input: Schema;
  /**
   * The shape of a successful answer's `structured`: the MCP tool's outputSchema (its structuredContent is
   * checked against it), `data.structured` in the OpenAPI document and the typed client's return type.
   */
  output?: z.ZodObject;
  /** A valid call: shown in the API documents and run by the shared security tests of every tool. */
  example: z.input<Schema>;
  /** Rules that need configuration or the time, checked after the schema passes. */
  rules?: (args: z.output<Schema>, env: { config: Config; now: Date }) => FieldIssue[];
  /**
   * Fields a caller may expect that the platform does not take, each with why and what to do instead:
   * kept out of the schema, and answered with that reason rather than "is not an accepted field".
   */
  refusedFields?: Readonly<Record<string, string>>;
  /** What a write tool changes (every write tool declares it): its level, its fields' money meanings. */
  changes?: ChangeDeclaration;
  /** Set on tools whose calls can only stop or lower spend with some arguments: which ones. */
  stop?: StopArguments;
  /** Argument fields safe to keep in the audit log ("who created this campaign and when"). */
  auditFields?: readonly string[];
  run(args: z.output<Schema>, context: ToolContext): Promise<ToolResult>;
}

export type Tool = ToolDefinition<z.ZodObject>;

/** Keeps the handler's argument type inferred from its schema while the registry holds any tool. */
export function defineTool<Schema extends z.ZodObject>(definition: ToolDefinition<Schema>): Tool {
  return definition as unknown as Tool;
}
