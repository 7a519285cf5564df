import type { z } from 'zod';
import type { Caller } from '../caller.ts';
import type { Config } from '../config.ts';
import type { Platform } from '../platform-families.ts';
import type { PlatformCallContext } from '../platforms/call-context.ts';
import type { RecoveryPoints } from '../platforms/recovery-points.ts';
import type { Progress } from '../progress.ts';
import type { QuotaBlock } from '../quota.ts';

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
   * Before a platform write that sets a daily budget or can start or raise spend: throws 403
   * `insufficient_scope` when the calling key may not make it (its scope, its budget ceiling).
   */
  authorizeChange(change: SpendChange): void;
  /** Notes what the call changed, before and after, for its audit row. */
  noteChange(before: Record<string, unknown>, after: Record<string, unknown>): void;
}

/** An amount in an ad account's currency, in micros. */
export interface Budget {
  micros: number;
  currency: string;
}

/** A change a write tool is about to make, which the calling key must allow (pipeline/key-checks.ts). */
export interface SpendChange {
  /** In words, for the refusal: `activate campaign 123`, `raise the daily budget to 80.00 USD`. */
  what: string;
  /** Whether it can start or raise spend: activating, raising a daily budget, creating anything not paused. */
  startsOrRaisesSpend: boolean;
  /** The daily budget it sets: checked against the key's ceiling, raise or not. */
  dailyBudget?: Budget | undefined;
  /**
   * A lifetime (total) budget it sets, for the whole run rather than per day: a key's ceilings cap daily
   * budgets and cannot bound it, so a key with ceilings refuses it.
   */
  lifetimeBudget?: Budget | undefined;
  /**
   * When it starts a campaign delivering (activates it, or gives a running campaign its first serving
   * ad): the budgets the campaign then delivers on, as they stand once the change is made. A key with
   * ceilings starts only a campaign with a daily budget within its ceiling and no lifetime budget.
   */
  startsDelivery?: DeliveryBudgets | undefined;
  /**
   * The campaign it acts on, as it is and as it would be: what the guardrails judge (docs/approvals.md),
   * what a dry run's and an approval's projected deltas are computed from, and what an approval is bound to.
   */
  target?: ChangeTarget | undefined;
}

/** What a campaign delivers on: whether it may deliver, and its daily budget in micros (absent: none). */
export interface DeliveryState {
  active: boolean;
  dailyMicros?: number | undefined;
}

export interface ChangeTarget {
  campaignId: string;
  currency: string;
  /** Absent for a campaign the change creates. */
  before?: DeliveryState | undefined;
  after: DeliveryState;
  /**
   * The fields the answer shows before and after (name, status, budgets): an approval keeps them, and is
   * applied only while the campaign still shows the same `before`.
   */
  shown: { before: Record<string, unknown>; after: Record<string, unknown> };
  /** For a campaign the change creates: the largest daily budget (micros) among the account's campaigns. */
  largestDailyInAccount?: number | undefined;
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

/** What bounds a campaign's spend while it delivers, in the account's currency. */
export interface DeliveryBudgets {
  currency: string;
  /** Its own daily budget; absent when it has none. */
  dailyMicros?: number | undefined;
  /** Its lifetime (total) budget, when it has one, beside the daily one or instead of it. */
  lifetimeMicros?: number | undefined;
  /**
   * Where its spend is bounded when the campaign holds no budget of its own, in words that follow
   * "bounded": `by the budgets of its ad sets`, `only by its ad groups (no campaign budget limit)`.
   */
  elsewhere?: string | undefined;
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
  /**
   * Whether the tool can make a spend change (it calls `authorizeChange`): its calls may wait for the
   * owner's approval (HTTP 202).
   */
  changesSpend?: boolean;
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
