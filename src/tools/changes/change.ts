/**
 * What a write is about to do to the objects it touches, field by field, each field with its money
 * meaning: the one description the pipeline judges (scopes, ceilings, guardrails, approvals, stops,
 * "stop all agents"), whatever the tool, the platform or the level. A tool never judges a change itself:
 * it says what the change is, and the pipeline's rules apply to every field of that meaning the same way.
 */

/** What a field does to spend. */
export type MoneyMeaning = 'delivery' | 'daily_budget' | 'lifetime_budget' | 'bid' | 'none';
/** The meanings whose values are amounts (in micros of the account's currency). */
export type AmountMeaning = 'daily_budget' | 'lifetime_budget' | 'bid';

/** The objects a write tool changes: the level it acts at. */
export type ObjectKind =
  | 'campaign'
  | 'ad_group'
  | 'ad_set'
  | 'keyword'
  | 'negative_keyword'
  | 'ad'
  | 'creative'
  | 'conversion'
  | 'asset'
  | 'monitor';

/** An amount field set from one value to another; null is no value of its own. */
export interface AmountChange {
  field: string;
  money: AmountMeaning;
  before: number | null;
  after: number | null;
  /**
   * What "no value" means before the change: nothing (a first bid is a raise), or no limit of this kind
   * (a first daily budget on a campaign bounded only by its total caps it: not a raise).
   */
  noneMeans?: 'zero' | 'no_limit';
}

/** The status that lets the object deliver, before and after. */
export interface DeliveryChange {
  field: string;
  money: 'delivery';
  before: boolean;
  after: boolean;
}

/** A field with no effect on spend (a name, a headline). */
export interface PlainChange {
  field: string;
  money: 'none';
}

export type FieldChange = AmountChange | DeliveryChange | PlainChange;

/** Which object: enough for the tools of its kind to address it again (a revert, a pause). */
export interface ObjectRef {
  kind: ObjectKind;
  /** The platform's id; a placeholder for an object the change creates. */
  id: string;
  /** The object it is addressed under, where the tools need it (the ad group of a keyword). */
  parentId?: string | undefined;
  /** Its campaign, where it has one. */
  campaignId?: string | undefined;
}

/** Whether an object may deliver, and its own daily budget in micros (absent: none of its own). */
export interface DeliveryState {
  active: boolean;
  dailyMicros?: number | undefined;
}

/** What bounds an object's spend while it delivers, in the account's currency. */
export interface DeliveryBudgets {
  currency: string;
  /** Its own daily budget; absent when it has none. */
  dailyMicros?: number | undefined;
  /** Its lifetime (total) budget, when it has one, beside the daily one or instead of it. */
  lifetimeMicros?: number | undefined;
  /**
   * Where its spend is bounded when it holds no budget of its own, in words that follow "bounded":
   * `by the budgets of its ad sets`, `by the budget of its campaign 123`.
   */
  elsewhere?: string | undefined;
}

/** One object's part of a change. */
export interface ObjectChange {
  ref: ObjectRef;
  /** In words: `ad group 123 ("Prospecting")`, `a new campaign "Spring"`. */
  label: string;
  /** Whether the change creates it (it has no before). */
  created?: boolean | undefined;
  /** The fields that differ, each with its money meaning. */
  fields: FieldChange[];
  /** What it may spend a day before (absent when created) and after: the projection's inputs. */
  delivery: { before?: DeliveryState | undefined; after: DeliveryState };
  /** What bounds its spend once the change is made, should it deliver: what a ceiling judges a start by. */
  budgets: DeliveryBudgets;
  /** For an object the change creates: the typical (median) daily budget among the account's active ones. */
  typicalDailyInAccount?: number | undefined;
}

/** A write about to be made: what the pipeline judges before any platform write, in a dry run too. */
export interface Change {
  /** In words, for refusals and approvals: `raise the daily budget of ad group 123 to 80.00 USD`. */
  what: string;
  currency: string;
  /** The objects in a few words: `campaign 123`, `ad group 456`, `3 keywords of ad group 789`. */
  object: string;
  /**
   * The fields the answer shows before and after: an approval keeps them and is applied only while the
   * objects still show the same `before`; a revert only while they still show the same `after`.
   */
  shown: { before: Record<string, unknown>; after: Record<string, unknown> };
  objects: ObjectChange[];
}

function isAmount(field: FieldChange): field is AmountChange {
  return field.money !== 'delivery' && field.money !== 'none';
}

/** The amount fields of an object's change. */
export function amountsOf(object: ObjectChange): AmountChange[] {
  return object.fields.filter(isAmount);
}

/** Whether an amount field goes up: a first value counts as a raise unless "none" meant no limit. */
export function raises(field: AmountChange): boolean {
  if (field.after === null) return false;
  if (field.before === null) return field.noneMeans !== 'no_limit' && field.after > 0;
  return field.after > field.before;
}

/** Whether the change lets the object deliver where it could not. */
export function startsDelivery(object: ObjectChange): boolean {
  return object.fields.some((field) => field.money === 'delivery' && !field.before && field.after);
}

/**
 * Whether the object's change starts or raises spend: an activation, or any amount raised. An object the
 * change creates lifts spend only if it is made delivering (a paused campaign spends nothing, whatever
 * its budget, until something starts it).
 */
export function liftsObject(object: ObjectChange): boolean {
  if (object.created) return object.delivery.after.active;
  return startsDelivery(object) || amountsOf(object).some(raises);
}

/** Whether the change starts or raises spend anywhere: what needs the spend scope, and what no stop may do. */
export function liftsSpend(change: Change): boolean {
  return change.objects.some(liftsObject);
}

/** Whether the change moves no field: the objects as read, which an owner's run still checks for drift. */
export function movesNothing(change: Change): boolean {
  return change.objects.every((object) => object.fields.length === 0);
}

/** Whether any field the change moves has a money meaning: what a dry run projects the impact of. */
export function movesMoney(change: Change): boolean {
  return change.objects.some((object) => object.fields.some((field) => field.money !== 'none'));
}
