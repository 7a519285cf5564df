import { AppError } from '../../errors.ts';
import type { PreviewEntry } from '../preview.ts';
import type { ToolContext } from '../tool.ts';
import type { Change, FieldChange } from './change.ts';

/** A request as a dry run shows it: the path under the platform API's base. */
export interface StepRequest {
  method: string;
  url: string;
  headers?: Record<string, string> | undefined;
  body?: unknown;
}

/** One platform write of a change. */
export interface WriteStep {
  /** What it does, in words: `disable the campaign`. */
  action: string;
  /** The change's fields it sets (as the change names them). */
  fields: readonly string[];
  /** The answer's fields it changes, for what a partial failure leaves noted. */
  shown: readonly string[];
  request: StepRequest;
  /** The platform's own check of the request, where it has one (validate-only): a dry run runs it. */
  validate?: (() => Promise<void>) | undefined;
  send(): Promise<void>;
}

/** A change and the writes that make it, ready to be judged and sent. */
export interface WritePlan {
  change: Change;
  steps: WriteStep[];
  /** The platform, as texts name it: `TikTok`, `Google Ads`. */
  platform: string;
}

function movesDelivery(step: WriteStep, change: Change, on: boolean): boolean {
  return change.objects.some((object) =>
    object.fields.some(
      (field) => field.money === 'delivery' && field.after === on && step.fields.includes(field.field),
    ),
  );
}

/**
 * The order that spends least in between: what stops delivery goes first, what starts it goes last (a
 * raised budget is in place when the object starts), the rest in between as given.
 */
function orderedSteps(steps: readonly WriteStep[], change: Change): WriteStep[] {
  const stops = steps.filter((step) => movesDelivery(step, change, false));
  const starts = steps.filter((step) => movesDelivery(step, change, true) && !stops.includes(step));
  const rest = steps.filter((step) => !stops.includes(step) && !starts.includes(step));
  return [...stops, ...rest, ...starts];
}

/** The change as far as the steps sent made it: what a partial failure leaves noted. */
function madeBy(change: Change, sent: readonly WriteStep[]): Change {
  const fields = new Set(sent.flatMap((step) => step.fields));
  const shownKeys = new Set(sent.flatMap((step) => step.shown));
  const after = { ...change.shown.before };
  for (const key of shownKeys) after[key] = change.shown.after[key];
  const keep = (field: FieldChange) => fields.has(field.field);
  return {
    ...change,
    shown: { before: change.shown.before, after },
    objects: change.objects.map((object) => ({ ...object, fields: object.fields.filter(keep) })),
  };
}

/**
 * The one way every write reaches a platform, after its change is known: the pipeline judges the change
 * (and may refuse it, or keep it for the owner's approval); a dry run then has the platform validate what
 * it can and answers the requests in order; a real run sends them in the order that spends least in
 * between, each a recovery point (a retry skips what an earlier attempt sent), and notes what was made.
 * When a step fails after others were sent, what they made is noted and said: a new call sends only what
 * still differs.
 */
export async function applyWrite(
  context: ToolContext,
  plan: WritePlan,
): Promise<{ preview?: PreviewEntry[] }> {
  const { change, platform } = plan;
  await context.authorizeChange(change);
  const steps = orderedSteps(plan.steps, change);
  if (context.dryRun) {
    const preview: PreviewEntry[] = [];
    for (const [index, step] of steps.entries()) {
      if (step.validate) await step.validate();
      preview.push({ step: index + 1, action: step.action, ...step.request, validated: !!step.validate });
    }
    return { preview };
  }
  const { recovery } = context;
  const sent: WriteStep[] = [];
  for (const [index, step] of steps.entries()) {
    const point = `write ${index + 1}: ${step.action}`;
    if (recovery.recall(point)?.result === true) {
      sent.push(step);
      continue;
    }
    try {
      await step.send();
    } catch (error) {
      if (sent.length > 0) context.noteChange(madeBy(change, sent));
      if (sent.length === 0 || !(error instanceof AppError)) throw error;
      // Appended: a 500's message must keep its `Internal error:` start.
      throw new AppError(
        error.code,
        `${error.message} This happened when trying to ${step.action}; ${platform} had already applied ` +
          `${sent.length === 1 ? 'the first change' : `the first ${sent.length} changes`} to ${change.object} ` +
          `(${sent.map((made) => made.action).join(', ')}). A new call is safe: it sends only what still differs.`,
        { ...error.options, upstreamMayHaveActed: true },
      );
    }
    sent.push(step);
    await recovery.finish(point, true);
  }
  context.noteChange(change);
  return {};
}
