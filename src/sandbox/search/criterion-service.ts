import { type SandboxStore, sandboxId } from '../store.ts';
import { checkKeywordCreate, type KeywordCreate, serveCreates } from './creates.ts';
import type { Answer, Call, SearchEmulator } from './emulator-context.ts';
import { adsError, type FieldPath, failureAnswer, partialFailure } from './google-errors.ts';
import { checkKeyword, sameKeyword } from './keyword-checks.ts';
import {
  type CriterionOperationRead,
  MUTATE_AD_GROUP_CRITERIA_REQUEST,
  MUTATE_CAMPAIGN_CRITERIA_REQUEST,
  type MutateRequestRead,
} from './messages.ts';
import { checkResourceOperation, operationIds, type ResourceKind } from './resource-mutate.ts';
import type {
  KeywordInfo,
  StoredAdGroup,
  StoredCampaign,
  StoredCampaignCriterion,
  StoredKeyword,
} from './resources.ts';
import type { GoogleAdsError } from './wire-types.ts';

type CriterionFields = NonNullable<CriterionOperationRead['update']>;

/** The criterion collection served: ad group criteria (keywords and negatives) or campaign criteria (negatives). */
interface Level {
  collection: 'adGroupCriteria' | 'campaignCriteria';
  type: 'ad_group_criterion' | 'campaign_criterion';
  /** The parent's field on the criterion, its collection and its store type. */
  parent: { field: 'ad_group' | 'campaign'; json: 'adGroup' | 'campaign'; collection: string; type: string };
}

const AD_GROUP_LEVEL: Level = {
  collection: 'adGroupCriteria',
  type: 'ad_group_criterion',
  parent: { field: 'ad_group', json: 'adGroup', collection: 'adGroups', type: 'ad_group' },
};
const CAMPAIGN_LEVEL: Level = {
  collection: 'campaignCriteria',
  type: 'campaign_criterion',
  parent: { field: 'campaign', json: 'campaign', collection: 'campaigns', type: 'campaign' },
};

/** A keyword's status update: ENABLED or PAUSED; a negative keyword has no status to change. */
const KEYWORD: ResourceKind<StoredKeyword, CriterionFields> = {
  type: 'ad_group_criterion',
  collection: 'adGroupCriteria',
  label: 'ad group criterion',
  updatable: ['status'],
  removed: (data) => data.status === 'REMOVED',
  async apply(_store, stored, update, _masks, at) {
    const path = [...at, { fieldName: 'status' }];
    if (stored.data.negative) {
      const message = 'A negative ad group criterion cannot be updated; remove it and create another.';
      return { errors: [adsError({ adGroupCriterionError: 'CANT_UPDATE_NEGATIVE' }, message, path)] };
    }
    if (update.status === 'ENABLED' || update.status === 'PAUSED') {
      return { next: { ...stored.data, status: update.status }, errors: [] };
    }
    const message =
      update.status === 'REMOVED'
        ? 'A criterion is removed with a remove operation, not by setting its status to REMOVED.'
        : `The status ${update.status ?? 'UNSPECIFIED'} cannot be set: use ENABLED or PAUSED.`;
    return { errors: [adsError({ adGroupCriterionError: 'INVALID_USER_STATUS' }, message, path)] };
  },
};

/** A checked operation, ready to apply: a criterion to store (new) or to rewrite (updated). */
interface Change {
  id: string;
  parentId: string;
  data: StoredKeyword | StoredCampaignCriterion;
  created: boolean;
}

/** A create operation: a negative keyword of an existing, not removed ad group or campaign of the customer. */
async function checkCreate(
  level: Level,
  store: SandboxStore,
  customerId: string,
  create: CriterionFields,
  at: FieldPath,
  made: Change[],
): Promise<{ change?: Change; errors: GoogleAdsError[] }> {
  const fail = (code: Record<string, string>, message: string, path: FieldPath) => ({
    errors: [adsError(code, message, path)],
  });
  if (create.negative !== true) {
    return fail(
      { operationAccessDeniedError: 'CREATE_OPERATION_NOT_PERMITTED' },
      'The sandbox creates negative keywords only: set negative to true.',
      [...at, { fieldName: 'negative' }],
    );
  }
  const parentPath = [...at, { fieldName: level.parent.field }];
  const parentName = create[level.parent.json];
  if (parentName === undefined)
    return fail({ fieldError: 'REQUIRED' }, 'The required field was not present.', parentPath);
  const match = new RegExp(`^customers/([^/]+)/${level.parent.collection}/([^/]+)$`).exec(parentName);
  if (!match || match[1] !== customerId) {
    return fail(
      { requestError: 'RESOURCE_NAME_MALFORMED' },
      match
        ? `${parentName} belongs to customer ${match[1]}, not to customer ${customerId} of this request.`
        : `Resource name '${parentName}' is malformed: expected customers/{customer_id}/${level.parent.collection}/{id}.`,
      parentPath,
    );
  }
  const parentId = match[2] ?? '';
  const parent = await store.get<StoredAdGroup | StoredCampaign>(level.parent.type, parentId);
  if (!parent || parent.accountId !== customerId) {
    return fail(
      { mutateError: 'RESOURCE_NOT_FOUND' },
      `Resource was not found: there is no ${level.parent.field.replace('_', ' ')} ${parentId} in customer ${customerId}.`,
      parentPath,
    );
  }
  if (parent.data.status === 'REMOVED') {
    return fail(
      { operationAccessDeniedError: 'OPERATION_NOT_PERMITTED_FOR_REMOVED_RESOURCE' },
      `The ${level.parent.field.replace('_', ' ')} ${parentId} is removed: operations on removed resources are not permitted.`,
      parentPath,
    );
  }
  const errors = checkKeyword(create.keyword, at);
  if (errors.length > 0) return { errors };
  const keyword = { text: create.keyword?.text ?? '', matchType: create.keyword?.matchType } as KeywordInfo;
  const existing = await store.list<StoredKeyword | StoredCampaignCriterion>(
    level.type,
    customerId,
    parentId,
  );
  const twin = [
    ...existing.map((c) => c.data),
    ...made.filter((c) => c.parentId === parentId).map((c) => c.data),
  ].find((criterion) => criterion.negative && sameKeyword(criterion.keyword, keyword));
  if (twin) {
    return fail(
      { mutateError: 'RESOURCE_ALREADY_EXISTS' },
      `The negative keyword "${keyword.text}" (${keyword.matchType}) already exists there.`,
      [...at, { fieldName: 'keyword' }],
    );
  }
  const criterionId = sandboxId(9);
  const data =
    level === AD_GROUP_LEVEL
      ? ({ criterionId, status: 'ENABLED', negative: true, keyword } satisfies StoredKeyword)
      : ({ criterionId, negative: true, keyword } satisfies StoredCampaignCriterion);
  return { change: { id: `${parentId}~${criterionId}`, parentId, data, created: true }, errors: [] };
}

/**
 * AdGroupCriterionService and CampaignCriterionService `mutate`
 * (https://developers.google.com/google-ads/api/rest/reference/rest/v26/customers.adGroupCriteria): create
 * operations of negative keywords, and (ad group criteria) updates of a keyword's status; every operation
 * checked, all or nothing without partial failure, `validateOnly` changing nothing.
 */
async function serveCriteria(
  emulator: SearchEmulator,
  { customerId, body }: Call,
  level: Level,
): Promise<Answer> {
  const message =
    level === AD_GROUP_LEVEL ? MUTATE_AD_GROUP_CRITERIA_REQUEST : MUTATE_CAMPAIGN_CRITERIA_REQUEST;
  const request = emulator.readBody<MutateRequestRead<CriterionOperationRead>>(message, body);
  if ('refused' in request) return request.refused;
  const operations = request.read.operations ?? [];
  if (operations.length === 0)
    return emulator.requestError('OPERATION_REQUIRED', 'At least one operation is required.');
  const faulted = await emulator.fault(operationIds(level.collection, operations));
  if (faulted) return faulted;
  const positive = operations.filter((operation) => operation.create && operation.create.negative !== true);
  if (level === AD_GROUP_LEVEL && positive.length > 0) {
    // Keywords are made by the shared creates (creates.ts), negatives below: one kind per request.
    return serveCreates(
      emulator,
      customerId,
      operations.map((operation) => (positive.includes(operation) ? operation.create : undefined)),
      (scope, create, at) => checkKeywordCreate(scope, create as KeywordCreate, at),
      { validateOnly: request.read.validateOnly === true },
    );
  }
  const { store } = emulator;
  const now = emulator.services.clock.now();
  const checked: Array<{ change?: Change; errors: GoogleAdsError[] }> = [];
  for (const [index, operation] of operations.entries()) {
    const at: FieldPath = [{ fieldName: 'operations', index }];
    const made = checked.flatMap((c) => (c.change ? [c.change] : []));
    if (operation.create !== undefined) {
      checked.push(
        await checkCreate(level, store, customerId, operation.create, [...at, { fieldName: 'create' }], made),
      );
    } else if (operation.update !== undefined && level === AD_GROUP_LEVEL) {
      const result = await checkResourceOperation(KEYWORD, store, customerId, operation, index);
      const stored = result.change && (await store.get<StoredKeyword>(level.type, result.change.id));
      checked.push(
        result.change
          ? {
              change: {
                id: result.change.id,
                parentId: stored?.parentId ?? '',
                data: result.change.next,
                created: false,
              },
              errors: [],
            }
          : { errors: result.errors },
      );
    } else {
      const verb = operation.remove !== undefined ? 'remove' : 'update';
      checked.push({
        errors: [
          adsError(
            { operationAccessDeniedError: `${verb.toUpperCase()}_OPERATION_NOT_PERMITTED` },
            `The sandbox does not ${verb} ${level.collection}: it creates negative keywords` +
              `${level === AD_GROUP_LEVEL ? ' and updates the status of keywords' : ''}.`,
            [...at, { fieldName: verb }],
          ),
        ],
      });
    }
  }
  const errors = checked.flatMap((c) => c.errors);
  const partial = request.read.partialFailure === true;
  if (errors.length > 0 && !partial) return failureAnswer(emulator.served, 400, errors);
  if (request.read.validateOnly === true) {
    return errors.length > 0 ? { partialFailureError: partialFailure(emulator.served, errors) } : {};
  }
  const results: Array<{ resourceName?: string }> = [];
  for (const { change } of checked) {
    if (!change) {
      results.push({});
      continue;
    }
    if (change.created) {
      await store.put(
        {
          type: level.type,
          id: change.id,
          accountId: customerId,
          parentId: change.parentId,
          data: change.data,
        },
        now,
      );
    } else {
      await store.update(level.type, change.id, change.data, now);
    }
    results.push({ resourceName: `customers/${customerId}/${level.collection}/${change.id}` });
  }
  return {
    results,
    ...(errors.length > 0 && { partialFailureError: partialFailure(emulator.served, errors) }),
  };
}

export const mutateAdGroupCriteria = (emulator: SearchEmulator, call: Call) =>
  serveCriteria(emulator, call, AD_GROUP_LEVEL);

export const mutateCampaignCriteria = (emulator: SearchEmulator, call: Call) =>
  serveCriteria(emulator, call, CAMPAIGN_LEVEL);
