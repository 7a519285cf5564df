import type { AppError } from '../../errors.ts';
import { formatMicros } from '../../money.ts';
import { changedFields } from '../status-vocabulary.ts';
import type { ToolContext, ToolResult } from '../tool.ts';
import { dryRunText, nothingText, updatedText } from './answer-texts.ts';
import { applyWrite, type WriteStep } from './apply-write.ts';
import {
  type AmountMeaning,
  type Change,
  type DeliveryBudgets,
  type DeliveryState,
  type FieldChange,
  type MoneyMeaning,
  type ObjectRef,
  raises,
} from './change.ts';
import { amountWords } from './object-words.ts';

/** A value of a field as the update compares it: a platform status, micros, a name; null is none. */
export type FieldValue = string | number | null;

/** One field an update may change, with its money meaning on this object. */
export interface FieldSpec<Obj> {
  money: MoneyMeaning | ((object: Obj) => MoneyMeaning);
  value(object: Obj): FieldValue;
  /** For the delivery field: whether a value lets the object deliver. */
  active?: (value: FieldValue) => boolean;
  /** For an amount: what its "none" means (see AmountChange). */
  noneMeans?: 'zero' | 'no_limit';
  /** For an amount, in `what`: `the max CPC`; by default the meaning's words (`the daily budget`). */
  noun?: string;
  /** For the delivery field, in `what`: the verbs that start and stop it (`enable`, `disable`). */
  verbs?: { on: string; off: string };
}

/**
 * A tool's update of one object: the platform part (how to read it, its own refusals, its fields, the
 * requests a change needs); everything else is the engine's (updateObject).
 */
export interface ObjectUpdate<Obj> {
  /** The platform, as texts name it: `TikTok`, `Google Ads`. */
  platform: string;
  /** Reads the object live; undefined when the platform has none that the caller may see. */
  read(): Promise<Obj | undefined>;
  missing(): AppError;
  /** The platform's own refusals of the object as read (deleted, another account's, a budget kept elsewhere). */
  check?(before: Obj): void | Promise<void>;
  /** Refusals that depend on what would change (a budget other campaigns share). */
  checkChanges?(before: Obj, changes: Readonly<Record<string, FieldValue>>): Promise<void>;
  ref(object: Obj): ObjectRef;
  /** The object in a few words, in the change and its approval: `ad group 123`. */
  label(object: Obj): string;
  /** Where it is, in the answer's sentences: `TikTok ad group 123 ("Prospecting")`. */
  where(object: Obj): string;
  /** How it stands, in the answer's sentences: `enabled, 120.00 USD a day`. */
  summary(object: Obj): string;
  currency: string;
  fields: Readonly<Record<string, FieldSpec<Obj>>>;
  /** What the call asks for, in the fields' terms; undefined: not asked. */
  wanted: Readonly<Record<string, FieldValue | undefined>>;
  /** The object once the changes are made. */
  apply(object: Obj, changes: Readonly<Record<string, FieldValue>>): Obj;
  /** The fields the answer shows before and after (and an approval and a revert keep). */
  shown(object: Obj): Record<string, unknown>;
  delivery(object: Obj): DeliveryState;
  /** What bounds its spend should it deliver (a ceiling judges a start by it). */
  budgets(object: Obj): DeliveryBudgets;
  steps(before: Obj, changes: Readonly<Record<string, FieldValue>>): WriteStep[];
  /** The answer's fields beside before, after, changed, dry_run and preview. */
  answer(before: Obj, after: Obj): Record<string, unknown>;
  /** What else the answer says once the change is judged (a campaign that will not deliver yet). */
  extras?(before: Obj, after: Obj): Promise<{ text?: string; structured?: Record<string, unknown> }>;
}

function meaningOf<Obj>(spec: FieldSpec<Obj>, object: Obj): MoneyMeaning {
  return typeof spec.money === 'function' ? spec.money(object) : spec.money;
}

function amountOf(value: FieldValue): number | null {
  return typeof value === 'number' ? value : null;
}

/** The change of one field, by its meaning on the object. */
function fieldChange<Obj>(name: string, spec: FieldSpec<Obj>, before: Obj, after: Obj): FieldChange {
  const money = meaningOf(spec, before);
  if (money === 'none') return { field: name, money };
  if (money === 'delivery') {
    const active = spec.active ?? (() => false);
    return { field: name, money, before: active(spec.value(before)), after: active(spec.value(after)) };
  }
  return {
    field: name,
    money,
    before: amountOf(spec.value(before)),
    after: amountOf(spec.value(after)),
    ...(spec.noneMeans && { noneMeans: spec.noneMeans }),
  };
}

/** The change in words: `enable ad group 123 and raise its daily budget to 80.00 USD`. */
function wordsOf<Obj>(update: ObjectUpdate<Obj>, before: Obj, changes: FieldChange[]): string {
  const label = update.label(before);
  const words = changes.map((field) => {
    const spec = update.fields[field.field];
    if (field.money === 'delivery') {
      const verbs = spec?.verbs ?? { on: 'activate', off: 'pause' };
      return `${field.after ? verbs.on : verbs.off} ${label}`;
    }
    if (field.money === 'none')
      return field.field === 'name' ? `rename ${label}` : `change the ${field.field} of ${label}`;
    const noun = spec?.noun ?? `the ${amountWords(field.money as AmountMeaning)}`;
    const direction = field.before === null ? 'set' : raises(field) ? 'raise' : 'lower';
    const to =
      field.after === null ? 'none' : `${formatMicros(field.after, update.currency)} ${update.currency}`;
    return `${direction} ${noun} of ${label} to ${to}`;
  });
  return words.join(' and ');
}

/**
 * Updates one object the one way every update goes: read it live (a retry that takes over a crashed
 * attempt reads it as the first attempt did), refuse what the platform would, keep of the call's values
 * those that differ, answer "nothing to change" without writing when none does, and otherwise describe the
 * change field by field for the pipeline to judge, then preview or send it (applyWrite) and answer the
 * object before and after.
 */
export async function updateObject<Obj>(
  context: ToolContext,
  update: ObjectUpdate<Obj>,
): Promise<ToolResult> {
  const read = () => update.read();
  const found = await context.recovery.once('before', read);
  if (found === undefined) throw update.missing();
  const before = found;
  await update.check?.(before);
  const changes: Record<string, FieldValue> = {};
  for (const [name, wanted] of Object.entries(update.wanted)) {
    const spec = update.fields[name];
    if (wanted !== undefined && spec && wanted !== spec.value(before)) changes[name] = wanted;
  }
  const after = update.apply(before, changes);
  const [shownBefore, shownAfter] = [update.shown(before), update.shown(after)];
  const structured = {
    ...update.answer(before, after),
    before: shownBefore,
    after: shownAfter,
    changed: changedFields(shownBefore, shownAfter),
    dry_run: context.dryRun,
  };
  const where = update.where(before);
  const change = (fields: FieldChange[]): Change => ({
    what: wordsOf(update, before, fields),
    currency: update.currency,
    object: update.label(before),
    shown: { before: shownBefore, after: shownAfter },
    objects: [
      {
        ref: update.ref(before),
        label: update.label(before),
        fields,
        delivery: { before: update.delivery(before), after: update.delivery(after) },
        budgets: update.budgets(after),
      },
    ],
  });
  if (Object.keys(changes).length === 0) {
    // Asked with no field moving: an approval or a revert checks the object is still the one it expects.
    await context.authorizeChange(change([]));
    return {
      text: nothingText(update.platform, where, update.summary(before)),
      structured: { ...structured, ...(context.dryRun && { preview: [] }) },
    };
  }
  await update.checkChanges?.(before, changes);
  const fields = Object.keys(changes).map((name) =>
    fieldChange(name, update.fields[name] as FieldSpec<Obj>, before, after),
  );
  const steps = update.steps(before, changes);
  const { preview } = await applyWrite(context, { change: change(fields), steps, platform: update.platform });
  const extras = (await update.extras?.(before, after)) ?? {};
  const moved = { from: update.summary(before), to: update.summary(after) };
  if (preview) {
    return {
      text: dryRunText(update.platform, where, moved, preview, extras.text),
      structured: { ...structured, ...extras.structured, preview },
    };
  }
  return {
    text: updatedText(where, moved, extras.text),
    structured: { ...structured, ...extras.structured },
  };
}
