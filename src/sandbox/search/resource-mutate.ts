import type { SandboxStore, StoredObject } from '../store.ts';
import { adsError, type FieldPath } from './google-errors.ts';
import type { ResourceOperationRead } from './messages.ts';
import type { GoogleAdsError } from './wire-types.ts';

/**
 * How the sandbox runs campaigns:mutate and campaignBudgets:mutate: update operations with a field mask,
 * checked as Google checks them (the mask, the resource name, the resource, each masked field), then
 * applied; removes where the kind has them (creates are in creates.ts).
 */
export interface ResourceKind<Data, Fields> {
  /** The store's type and Google's names: `campaign`, `campaigns`, `Campaign`. */
  type: string;
  collection: string;
  label: string;
  /** The masks the sandbox applies (snake_case, as read); `id` and `resource_name` are immutable. */
  updatable: readonly string[];
  /** Whether the stored resource is removed: Google changes nothing of a removed resource. */
  removed(data: Data): boolean;
  /** Checks the masked fields and returns the resource with them set, or Google's errors. */
  apply(
    store: SandboxStore,
    stored: StoredObject<Data>,
    update: Fields,
    masks: string[],
    at: FieldPath,
  ): Promise<{ next?: Data; errors: GoogleAdsError[] }>;
  /** The resource once removed, or Google's refusal (a budget still in use); absent: not removed here. */
  remove?(
    store: SandboxStore,
    stored: StoredObject<Data>,
    at: FieldPath,
  ): Promise<{ next?: Data; errors: GoogleAdsError[] }>;
}

/** A checked update, ready to store. */
export interface ResourceChange<Data> {
  id: string;
  resourceName: string;
  next: Data;
}

const IMMUTABLE = ['id', 'resource_name'];

/** The resource ids the operations name, so that magic ids can answer before anything is checked. */
export function operationIds<Fields>(collection: string, operations: Array<ResourceOperationRead<Fields>>) {
  const pattern = new RegExp(`^customers/[^/]+/${collection}/([^/]+)$`);
  return operations.flatMap((operation) => {
    const id = pattern.exec(operation.update?.resourceName ?? operation.remove ?? '')?.[1];
    return id === undefined ? [] : [id];
  });
}

/** A remove operation: the resource of the customer, not removed yet, that Google lets go. */
async function checkRemove<Data, Fields>(
  kind: ResourceKind<Data, Fields>,
  store: SandboxStore,
  customerId: string,
  name: string,
  at: FieldPath,
): Promise<{ change?: ResourceChange<Data>; errors: GoogleAdsError[] }> {
  const path = [...at, { fieldName: 'remove' }];
  const match = new RegExp(`^customers/([^/]+)/${kind.collection}/([^/]+)$`).exec(name);
  if (!match || match[1] !== customerId) {
    const message = match
      ? `The ${kind.label} ${name} belongs to customer ${match[1]}, not to customer ${customerId} of this request.`
      : `Resource name '${name}' is malformed: expected customers/{customer_id}/${kind.collection}/{id}.`;
    return { errors: [adsError({ requestError: 'RESOURCE_NAME_MALFORMED' }, message, path)] };
  }
  const id = match[2] ?? '';
  const stored = await store.get<Data>(kind.type, id);
  if (!stored || stored.accountId !== customerId || kind.removed(stored.data)) {
    const message = `Resource was not found: there is no ${kind.label} ${id} in customer ${customerId} to remove.`;
    return { errors: [adsError({ mutateError: 'RESOURCE_NOT_FOUND' }, message, path)] };
  }
  const removed = await kind.remove?.(store, stored, path);
  if (!removed || removed.errors.length > 0 || removed.next === undefined)
    return { errors: removed?.errors ?? [] };
  return { change: { id, resourceName: name, next: removed.next }, errors: [] };
}

export async function checkResourceOperation<Data, Fields>(
  kind: ResourceKind<Data, Fields>,
  store: SandboxStore,
  customerId: string,
  operation: ResourceOperationRead<Fields>,
  index: number,
): Promise<{ change?: ResourceChange<Data>; errors: GoogleAdsError[] }> {
  const at: FieldPath = [{ fieldName: 'operations', index }];
  const fail = (code: Record<string, string>, message: string, path: FieldPath) => ({
    errors: [adsError(code, message, path)],
  });
  if (operation.remove !== undefined && kind.remove)
    return checkRemove(kind, store, customerId, operation.remove, at);
  if (operation.create !== undefined || operation.remove !== undefined) {
    const verb = operation.create !== undefined ? 'create' : 'remove';
    return fail(
      { operationAccessDeniedError: `${verb.toUpperCase()}_OPERATION_NOT_PERMITTED` },
      `The sandbox does not ${verb} ${kind.collection} through this method: it serves update operations.`,
      [...at, { fieldName: verb }],
    );
  }
  const update = operation.update;
  if (!update) {
    return fail({ fieldError: 'REQUIRED' }, 'The required field was not present.', [
      ...at,
      { fieldName: 'update' },
    ]);
  }
  const maskPath = [...at, { fieldName: 'update_mask' }];
  const masks = operation.updateMask ?? [];
  if (masks.length === 0) {
    return fail(
      { fieldMaskError: 'FIELD_MASK_MISSING' },
      'The field mask must be provided for update operations.',
      maskPath,
    );
  }
  const immutable = masks.find((mask) => IMMUTABLE.includes(mask));
  if (immutable !== undefined) {
    return fail({ fieldError: 'IMMUTABLE_FIELD' }, `The field '${immutable}' cannot be modified.`, [
      ...at,
      { fieldName: 'update' },
      { fieldName: immutable },
    ]);
  }
  const unsupported = masks.find((mask) => !kind.updatable.includes(mask));
  if (unsupported !== undefined) {
    return fail(
      { fieldMaskError: 'FIELD_NOT_FOUND' },
      `The sandbox can update only ${kind.updatable.join(' and ')} of a ${kind.label}, not '${unsupported}'.`,
      maskPath,
    );
  }
  const namePath = [...at, { fieldName: 'update' }, { fieldName: 'resource_name' }];
  const name = update.resourceName ?? '';
  const match = new RegExp(`^customers/([^/]+)/${kind.collection}/([^/]+)$`).exec(name);
  if (!match || match[1] !== customerId) {
    const message = match
      ? `The ${kind.label} ${name} belongs to customer ${match[1]}, not to customer ${customerId} of this request.`
      : `Resource name '${name}' is malformed: expected customers/{customer_id}/${kind.collection}/{id}.`;
    return fail({ requestError: 'RESOURCE_NAME_MALFORMED' }, message, namePath);
  }
  const id = match[2] ?? '';
  const stored = await store.get<Data>(kind.type, id);
  if (!stored || stored.accountId !== customerId) {
    return fail(
      { mutateError: 'RESOURCE_NOT_FOUND' },
      `Resource was not found: there is no ${kind.label} ${id} in customer ${customerId}.`,
      namePath,
    );
  }
  if (kind.removed(stored.data)) {
    return fail(
      { operationAccessDeniedError: 'OPERATION_NOT_PERMITTED_FOR_REMOVED_RESOURCE' },
      `The ${kind.label} ${id} is removed: operations on removed resources are not permitted.`,
      namePath,
    );
  }
  const applied = await kind.apply(store, stored, update, masks, [...at, { fieldName: 'update' }]);
  if (applied.errors.length > 0 || applied.next === undefined) return { errors: applied.errors };
  return { change: { id, resourceName: name, next: applied.next }, errors: [] };
}

export interface ResourceMutateOutcome<Data> {
  errors: GoogleAdsError[];
  /** The changes made, for the activity they imply. */
  changes: Array<ResourceChange<Data>>;
  /** One entry per operation: its resource name, or `{}` for one that failed. */
  results: Array<{ resourceName?: string; id?: string }>;
}

/**
 * A mutate as Google runs it: every operation is checked; without partial failure one error fails the
 * whole request and nothing changes; `validateOnly` checks and changes nothing.
 */
export async function mutateResources<Data, Fields>(
  kind: ResourceKind<Data, Fields>,
  store: SandboxStore,
  customerId: string,
  operations: Array<ResourceOperationRead<Fields>>,
  options: { validateOnly: boolean; partialFailure: boolean; now: Date },
): Promise<ResourceMutateOutcome<Data>> {
  const checked = [];
  for (const [index, operation] of operations.entries()) {
    checked.push(await checkResourceOperation(kind, store, customerId, operation, index));
  }
  const errors = checked.flatMap((c) => c.errors);
  if ((errors.length > 0 && !options.partialFailure) || options.validateOnly) {
    return { errors, changes: [], results: [] };
  }
  const changes: Array<ResourceChange<Data>> = [];
  const results: ResourceMutateOutcome<Data>['results'] = [];
  for (const { change } of checked) {
    if (!change) {
      results.push({});
      continue;
    }
    await store.update(kind.type, change.id, change.next, options.now);
    changes.push(change);
    results.push({ resourceName: change.resourceName, id: change.id });
  }
  return { errors, changes, results };
}
