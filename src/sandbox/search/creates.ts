import { type SandboxStore, sandboxId } from '../store.ts';
import { amountErrors } from './budget-amounts.ts';
import { noteBudgetActivity } from './campaign-activity.ts';
import type { Answer, SearchEmulator } from './emulator-context.ts';
import { adsError, type FieldPath, failureAnswer } from './google-errors.ts';
import { checkKeyword, sameKeyword } from './keyword-checks.ts';
import type { AdGroupAdCreateRead, KeywordInfoRead } from './messages.ts';
import { checkHeadlines } from './mutate.ts';
import {
  customerOf,
  type KeywordInfo,
  type StoredAd,
  type StoredAdGroup,
  type StoredBudget,
  type StoredCampaign,
  type StoredKeyword,
} from './resources.ts';
import type { GoogleAdsError } from './wire-types.ts';

const MAX_NAME_LENGTH = 255;
const MIN_DESCRIPTIONS = 2;
const MAX_DESCRIPTIONS = 4;
const MAX_DESCRIPTION_LENGTH = 90;
const MAX_BID_MICROS = 100_000 * 1_000_000;
/** The bidding strategies a sandbox campaign may carry (Campaign's `campaign_bidding_strategy` oneof). */
const BIDDING_FIELDS = ['manualCpc', 'targetSpend'] as const;

/** An object a create operation makes, ready to store once every operation of the request passed. */
export interface Made {
  type: string;
  id: string;
  parentId?: string;
  data: unknown;
  resourceName: string;
  /** The temporary resource name (negative id) a googleAds:mutate operation gave it. */
  temporaryName?: string;
}

/** Where the creates of one request look for parents: the store, and what earlier operations make. */
export interface CreateScope {
  store: SandboxStore;
  customerId: string;
  made: Made[];
  /** Whether temporary resource names are taken: googleAds:mutate only, as Google documents. */
  temporary: boolean;
}

type Checked = { made?: Made; errors: GoogleAdsError[] };
export type CreateCheck = (scope: CreateScope, create: never, at: FieldPath) => Promise<Checked>;

const fail = (code: Record<string, string>, message: string, path: FieldPath): Checked => ({
  errors: [adsError(code, message, path)],
});

function checkName(name: string | undefined, what: string, path: FieldPath): GoogleAdsError[] {
  if ((name ?? '').trim() === '')
    return [adsError({ fieldError: 'REQUIRED' }, `The ${what} name is required.`, path)];
  if ((name ?? '').length > MAX_NAME_LENGTH) {
    const message = `The ${what} name is ${name?.length} characters; the limit is ${MAX_NAME_LENGTH}.`;
    return [adsError({ stringLengthError: 'TOO_LONG' }, message, path)];
  }
  return [];
}

/** The temporary name a create gives itself (negative id of its own collection), or an error. */
function temporaryName(
  scope: CreateScope,
  collection: string,
  resourceName: string | undefined,
  at: FieldPath,
) {
  if (resourceName === undefined) return {};
  const path = [...at, { fieldName: 'resource_name' }];
  const match = new RegExp(`^customers/([^/]+)/${collection}/(-\\d+)$`).exec(resourceName);
  if (!scope.temporary || !match || match[1] !== scope.customerId) {
    const message = scope.temporary
      ? `A create takes no resource name but a temporary one: customers/${scope.customerId}/${collection}/-{n}.`
      : 'A create takes no resource name: Google assigns it (temporary names are taken by googleAds:mutate).';
    return { errors: [adsError({ requestError: 'RESOURCE_NAME_MALFORMED' }, message, path)] };
  }
  if (scope.made.some((made) => made.temporaryName?.endsWith(`/${match[2]}`))) {
    const message = `The temporary id ${match[2]} is used twice in this request.`;
    return { errors: [adsError({ mutateError: 'ID_EXISTS_IN_MULTIPLE_MUTATES' }, message, path)] };
  }
  return { name: resourceName };
}

/** A parent by resource name: stored, or made earlier in the request under a temporary name. */
async function findParent<Data extends { status?: string }>(
  scope: CreateScope,
  type: string,
  collection: string,
  name: string | undefined,
  label: string,
  path: FieldPath,
): Promise<{ id: string; data: Data } | Checked> {
  if (name === undefined) return fail({ fieldError: 'REQUIRED' }, `The ${label} is required.`, path);
  const match = new RegExp(`^customers/([^/]+)/${collection}/(-?\\d+)$`).exec(name);
  if (!match || match[1] !== scope.customerId) {
    const message = match
      ? `${name} belongs to customer ${match[1]}, not to customer ${scope.customerId} of this request.`
      : `Resource name '${name}' is malformed: expected customers/{customer_id}/${collection}/{id}.`;
    return fail({ requestError: 'RESOURCE_NAME_MALFORMED' }, message, path);
  }
  const id = match[2] ?? '';
  if (id.startsWith('-')) {
    const made = scope.made.find((m) => m.temporaryName === name && m.type === type);
    if (made) return { id: made.id, data: made.data as Data };
    const message = scope.temporary
      ? `The temporary resource name ${name} is not defined by an earlier operation of this request.`
      : `Temporary resource names such as ${name} are taken only by googleAds:mutate.`;
    return fail({ mutateError: 'RESOURCE_NOT_FOUND' }, message, path);
  }
  const stored = await scope.store.get<Data>(type, id);
  if (!stored || stored.accountId !== scope.customerId) {
    return fail(
      { mutateError: 'RESOURCE_NOT_FOUND' },
      `Resource was not found: there is no ${label} ${id} in customer ${scope.customerId}.`,
      path,
    );
  }
  if (stored.data.status === 'REMOVED') {
    return fail(
      { operationAccessDeniedError: 'OPERATION_NOT_PERMITTED_FOR_REMOVED_RESOURCE' },
      `The ${label} ${id} is removed: operations on removed resources are not permitted.`,
      path,
    );
  }
  return { id, data: stored.data };
}

const isChecked = (value: object): value is Checked => 'errors' in value;

/** Statuses a create may set; Google makes a resource ENABLED when none is given. */
function createStatus(
  status: string | undefined,
  path: FieldPath,
): { status?: 'ENABLED' | 'PAUSED'; errors: GoogleAdsError[] } {
  if (status === undefined || status === 'ENABLED' || status === 'PAUSED')
    return { status: status ?? 'ENABLED', errors: [] };
  const message = `The status ${status} cannot be set on a new resource: use ENABLED or PAUSED.`;
  return { errors: [adsError({ requestError: 'INVALID_ENUM_VALUE' }, message, path)] };
}

export interface BudgetCreate {
  resourceName?: string;
  name?: string;
  amountMicros?: string;
  explicitlyShared?: boolean;
  deliveryMethod?: unknown;
}

/** CampaignBudgetService create: a daily amount, a name unique among the customer's budgets. */
export async function checkBudgetCreate(
  scope: CreateScope,
  create: BudgetCreate,
  at: FieldPath,
): Promise<Checked> {
  const temporary = temporaryName(scope, 'campaignBudgets', create.resourceName, at);
  if (temporary.errors) return { errors: temporary.errors };
  const errors = checkName(create.name, 'budget', [...at, { fieldName: 'name' }]);
  const budgets = await scope.store.list<StoredBudget>('campaign_budget', scope.customerId);
  const taken = [
    ...budgets.map((b) => b.data),
    ...scope.made.filter((m) => m.type === 'campaign_budget').map((m) => m.data as StoredBudget),
  ];
  if (errors.length === 0 && taken.some((b) => b.status !== 'REMOVED' && b.name === create.name)) {
    const message = `A campaign budget named "${create.name}" already exists in customer ${scope.customerId}.`;
    errors.push(adsError({ campaignBudgetError: 'DUPLICATE_NAME' }, message, [...at, { fieldName: 'name' }]));
  }
  const amountPath = [...at, { fieldName: 'amount_micros' }];
  if (create.amountMicros === undefined) {
    errors.push(adsError({ fieldError: 'REQUIRED' }, 'A daily budget needs amount_micros.', amountPath));
  } else {
    const currency = String((await customerOf(scope.store, scope.customerId)).currencyCode ?? 'USD');
    errors.push(...amountErrors(Number(create.amountMicros), currency, amountPath));
  }
  if (errors.length > 0) return { errors };
  const id = sandboxId(11);
  const data: StoredBudget = {
    name: create.name ?? '',
    amountMicros: String(create.amountMicros),
    // Google's default for a new budget is explicitly shared.
    explicitlyShared: create.explicitlyShared ?? true,
    status: 'ENABLED',
  };
  return {
    made: {
      type: 'campaign_budget',
      id,
      data,
      resourceName: `customers/${scope.customerId}/campaignBudgets/${id}`,
      ...(temporary.name && { temporaryName: temporary.name }),
    },
    errors: [],
  };
}

export interface CampaignCreate {
  resourceName?: string;
  name?: string;
  status?: string;
  advertisingChannelType?: unknown;
  campaignBudget?: string;
  containsEuPoliticalAdvertising?: unknown;
  manualCpc?: unknown;
  targetSpend?: unknown;
  networkSettings?: unknown;
}

/** CampaignService create: a SEARCH campaign on a budget it may use, with a bidding strategy it supports. */
export async function checkCampaignCreate(
  scope: CreateScope,
  create: CampaignCreate,
  at: FieldPath,
): Promise<Checked> {
  const temporary = temporaryName(scope, 'campaigns', create.resourceName, at);
  if (temporary.errors) return { errors: temporary.errors };
  const namePath = [...at, { fieldName: 'name' }];
  const errors = checkName(create.name, 'campaign', namePath);
  const campaigns = await scope.store.list<StoredCampaign>('campaign', scope.customerId);
  const all = [
    ...campaigns.map((c) => c.data),
    ...scope.made.filter((m) => m.type === 'campaign').map((m) => m.data as StoredCampaign),
  ];
  if (errors.length === 0 && all.some((c) => c.status !== 'REMOVED' && c.name === create.name)) {
    const message = `A campaign of customer ${scope.customerId} already has the name "${create.name}".`;
    errors.push(adsError({ campaignError: 'DUPLICATE_CAMPAIGN_NAME' }, message, namePath));
  }
  const status = createStatus(create.status, [...at, { fieldName: 'status' }]);
  errors.push(...status.errors);
  const channelPath = [...at, { fieldName: 'advertising_channel_type' }];
  if (create.advertisingChannelType === undefined) {
    errors.push(
      adsError({ fieldError: 'REQUIRED' }, 'A new campaign needs advertising_channel_type.', channelPath),
    );
  } else if (create.advertisingChannelType !== 'SEARCH') {
    const message = `The sandbox creates SEARCH campaigns only, not ${String(create.advertisingChannelType)}.`;
    errors.push(
      adsError({ operationAccessDeniedError: 'CREATE_OPERATION_NOT_PERMITTED' }, message, channelPath),
    );
  }
  const bidding = BIDDING_FIELDS.filter((field) => create[field] !== undefined);
  if (bidding.length !== 1) {
    const message =
      bidding.length === 0
        ? `A new campaign needs a bidding strategy: one of ${BIDDING_FIELDS.join(', ')} in the sandbox.`
        : `A campaign takes one bidding strategy, not ${bidding.join(' and ')}.`;
    errors.push(
      adsError({ fieldError: 'REQUIRED' }, message, [...at, { fieldName: 'campaign_bidding_strategy' }]),
    );
  }
  const euPath = [...at, { fieldName: 'contains_eu_political_advertising' }];
  const eu = create.containsEuPoliticalAdvertising;
  if (eu !== 'CONTAINS_EU_POLITICAL_ADVERTISING' && eu !== 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING') {
    const message =
      'A new campaign must declare whether it contains EU political advertising ' +
      '(contains_eu_political_advertising).';
    errors.push(adsError({ mutateError: 'EU_POLITICAL_ADVERTISING_DECLARATION_REQUIRED' }, message, euPath));
  }
  const budgetPath = [...at, { fieldName: 'campaign_budget' }];
  const budget = await findParent<StoredBudget>(
    scope,
    'campaign_budget',
    'campaignBudgets',
    create.campaignBudget,
    'campaign budget',
    budgetPath,
  );
  if (isChecked(budget)) errors.push(...budget.errors);
  else if (
    !budget.data.explicitlyShared &&
    all.some((c) => c.status !== 'REMOVED' && c.budgetId === budget.id)
  ) {
    const message = `The budget ${budget.id} is not shared and another campaign already uses it.`;
    errors.push(
      adsError(
        { campaignBudgetError: 'CANNOT_USE_IMPLICITLY_SHARED_CAMPAIGN_BUDGET_WITH_MULTIPLE_CAMPAIGNS' },
        message,
        budgetPath,
      ),
    );
  }
  if (errors.length > 0 || isChecked(budget)) return { errors };
  const id = sandboxId(11);
  const data: StoredCampaign = {
    name: create.name ?? '',
    status: status.status ?? 'ENABLED',
    advertisingChannelType: 'SEARCH',
    budgetId: budget.id,
  };
  return {
    made: {
      type: 'campaign',
      id,
      data,
      resourceName: `customers/${scope.customerId}/campaigns/${id}`,
      ...(temporary.name && { temporaryName: temporary.name }),
    },
    errors: [],
  };
}

function bidErrors(micros: string | undefined, path: FieldPath): GoogleAdsError[] {
  if (micros === undefined) return [];
  const value = Number(micros);
  if (!Number.isSafeInteger(value) || value <= 0)
    return [
      adsError(
        { fieldError: 'INVALID_VALUE' },
        `The bid ${micros} is not a positive amount of micros.`,
        path,
      ),
    ];
  if (value % 10_000 !== 0)
    return [
      adsError(
        { biddingError: 'BID_TOO_MANY_FRACTIONAL_DIGITS' },
        'The bid must be a multiple of the minimum currency unit (10,000 micros).',
        path,
      ),
    ];
  if (value > MAX_BID_MICROS) return [adsError({ biddingError: 'BID_TOO_BIG' }, 'The bid is too big.', path)];
  return [];
}

export interface AdGroupCreate {
  resourceName?: string;
  name?: string;
  status?: string;
  campaign?: string;
  type?: unknown;
  cpcBidMicros?: string;
}

/** AdGroupService create: a SEARCH_STANDARD ad group, its name unique in its campaign. */
export async function checkAdGroupCreate(
  scope: CreateScope,
  create: AdGroupCreate,
  at: FieldPath,
): Promise<Checked> {
  const temporary = temporaryName(scope, 'adGroups', create.resourceName, at);
  if (temporary.errors) return { errors: temporary.errors };
  const namePath = [...at, { fieldName: 'name' }];
  const errors = checkName(create.name, 'ad group', namePath);
  const status = createStatus(create.status, [...at, { fieldName: 'status' }]);
  errors.push(...status.errors);
  if (create.type !== undefined && create.type !== 'SEARCH_STANDARD') {
    const message = `The sandbox creates SEARCH_STANDARD ad groups only, not ${String(create.type)}.`;
    errors.push(
      adsError({ adGroupError: 'AD_GROUP_TYPE_NOT_VALID_FOR_ADVERTISING_CHANNEL_TYPE' }, message, [
        ...at,
        { fieldName: 'type' },
      ]),
    );
  }
  errors.push(...bidErrors(create.cpcBidMicros, [...at, { fieldName: 'cpc_bid_micros' }]));
  const campaign = await findParent<StoredCampaign>(
    scope,
    'campaign',
    'campaigns',
    create.campaign,
    'campaign',
    [...at, { fieldName: 'campaign' }],
  );
  if (isChecked(campaign)) return { errors: [...errors, ...campaign.errors] };
  const siblings = [
    ...(await scope.store.list<StoredAdGroup>('ad_group', scope.customerId, campaign.id)).map((g) => g.data),
    ...scope.made
      .filter((m) => m.type === 'ad_group' && m.parentId === campaign.id)
      .map((m) => m.data as StoredAdGroup),
  ];
  if (errors.length === 0 && siblings.some((g) => g.status !== 'REMOVED' && g.name === create.name)) {
    const message = `Campaign ${campaign.id} already has an ad group named "${create.name}".`;
    errors.push(adsError({ adGroupError: 'DUPLICATE_ADGROUP_NAME' }, message, namePath));
  }
  if (errors.length > 0) return { errors };
  const id = sandboxId(11);
  const data: StoredAdGroup = {
    name: create.name ?? '',
    status: status.status ?? 'ENABLED',
    ...(create.cpcBidMicros !== undefined && { cpcBidMicros: String(Number(create.cpcBidMicros)) }),
  };
  return {
    made: {
      type: 'ad_group',
      id,
      parentId: campaign.id,
      data,
      resourceName: `customers/${scope.customerId}/adGroups/${id}`,
      ...(temporary.name && { temporaryName: temporary.name }),
    },
    errors: [],
  };
}

export interface KeywordCreate {
  adGroup?: string;
  status?: string;
  negative?: boolean;
  cpcBidMicros?: string;
  keyword?: KeywordInfoRead;
}

/** AdGroupCriterionService create of a (positive) keyword: unique by text and match type in its ad group. */
export async function checkKeywordCreate(
  scope: CreateScope,
  create: KeywordCreate,
  at: FieldPath,
): Promise<Checked> {
  const errors = checkKeyword(create.keyword, at);
  const status = createStatus(create.status, [...at, { fieldName: 'status' }]);
  errors.push(...status.errors, ...bidErrors(create.cpcBidMicros, [...at, { fieldName: 'cpc_bid_micros' }]));
  const group = await findParent<StoredAdGroup>(scope, 'ad_group', 'adGroups', create.adGroup, 'ad group', [
    ...at,
    { fieldName: 'ad_group' },
  ]);
  if (isChecked(group)) return { errors: [...errors, ...group.errors] };
  if (errors.length > 0) return { errors };
  const keyword = { text: create.keyword?.text ?? '', matchType: create.keyword?.matchType } as KeywordInfo;
  const negative = create.negative === true;
  const existing = [
    ...(await scope.store.list<StoredKeyword>('ad_group_criterion', scope.customerId, group.id)).map(
      (c) => c.data,
    ),
    ...scope.made
      .filter((m) => m.type === 'ad_group_criterion' && m.parentId === group.id)
      .map((m) => m.data as StoredKeyword),
  ];
  if (
    existing.some((c) => c.status !== 'REMOVED' && c.negative === negative && sameKeyword(c.keyword, keyword))
  ) {
    const message = `The keyword "${keyword.text}" (${keyword.matchType}) already exists in ad group ${group.id}.`;
    return fail({ mutateError: 'RESOURCE_ALREADY_EXISTS' }, message, [...at, { fieldName: 'keyword' }]);
  }
  const criterionId = sandboxId(9);
  const data: StoredKeyword = {
    criterionId,
    status: negative ? 'ENABLED' : (status.status ?? 'ENABLED'),
    negative,
    keyword,
  };
  const id = `${group.id}~${criterionId}`;
  return {
    made: {
      type: 'ad_group_criterion',
      id,
      parentId: group.id,
      data,
      resourceName: `customers/${scope.customerId}/adGroupCriteria/${id}`,
    },
    errors: [],
  };
}

function checkDescriptions(value: unknown, at: FieldPath): GoogleAdsError[] {
  const path = [...at, { fieldName: 'responsive_search_ad' }, { fieldName: 'descriptions' }];
  const list = Array.isArray(value) ? (value as Array<{ text?: string }>) : [];
  const errors: GoogleAdsError[] = [];
  if (list.length < MIN_DESCRIPTIONS || list.length > MAX_DESCRIPTIONS) {
    const few = list.length < MIN_DESCRIPTIONS;
    const message = `Too ${few ? 'few' : 'many'} descriptions: a responsive search ad takes ${MIN_DESCRIPTIONS} to ${MAX_DESCRIPTIONS}, not ${list.length}.`;
    errors.push(adsError({ collectionSizeError: few ? 'TOO_FEW' : 'TOO_MANY' }, message, path));
  }
  for (const [index, item] of list.entries()) {
    const text = item?.text ?? '';
    const here = [...path.slice(0, -1), { fieldName: 'descriptions', index }, { fieldName: 'text' }];
    if (text.trim() === '')
      errors.push(adsError({ stringLengthError: 'EMPTY' }, `Description ${index + 1} is empty.`, here));
    else if (text.length > MAX_DESCRIPTION_LENGTH) {
      const message = `Description ${index + 1} is ${text.length} characters; the limit is ${MAX_DESCRIPTION_LENGTH}.`;
      errors.push(adsError({ stringLengthError: 'TOO_LONG' }, message, here));
    }
  }
  return errors;
}

/** AdGroupAdService create of a responsive search ad: final URL, 3–15 headlines, 2–4 descriptions. */
export async function checkAdGroupAdCreate(
  scope: CreateScope,
  create: AdGroupAdCreateRead,
  at: FieldPath,
): Promise<Checked> {
  const errors: GoogleAdsError[] = [];
  const status = createStatus(create.status, [...at, { fieldName: 'status' }]);
  errors.push(...status.errors);
  const adPath = [...at, { fieldName: 'ad' }];
  const ad = create.ad;
  if (!ad?.responsiveSearchAd) {
    errors.push(
      adsError(
        { fieldError: 'REQUIRED' },
        'The sandbox creates responsive search ads: ad.responsive_search_ad is required.',
        adPath,
      ),
    );
  } else {
    const headlines = checkHeadlines(ad.responsiveSearchAd.headlines, adPath);
    errors.push(...headlines.errors, ...checkDescriptions(ad.responsiveSearchAd.descriptions, adPath));
  }
  const urls = ad?.finalUrls ?? [];
  const urlPath = [...adPath, { fieldName: 'final_urls' }];
  if (urls.length === 0)
    errors.push(
      adsError(
        { fieldError: 'REQUIRED_NONEMPTY_LIST' },
        'A responsive search ad needs a final URL.',
        urlPath,
      ),
    );
  for (const url of urls) {
    if (!/^https?:\/\/[^\s/]+\.[^\s]+$/.test(url))
      errors.push(
        adsError(
          { urlFieldError: 'INVALID_FINAL_URL' },
          `The final URL "${url}" is not a valid http(s) URL.`,
          urlPath,
        ),
      );
  }
  const group = await findParent<StoredAdGroup>(scope, 'ad_group', 'adGroups', create.adGroup, 'ad group', [
    ...at,
    { fieldName: 'ad_group' },
  ]);
  if (isChecked(group)) return { errors: [...errors, ...group.errors] };
  if (errors.length > 0 || !ad?.responsiveSearchAd) return { errors };
  const id = sandboxId(12);
  const data: StoredAd = {
    status: status.status ?? 'ENABLED',
    ad: {
      type: 'RESPONSIVE_SEARCH_AD',
      finalUrls: urls,
      responsiveSearchAd: {
        headlines: checkHeadlines(ad.responsiveSearchAd.headlines, adPath).headlines,
        descriptions: (ad.responsiveSearchAd.descriptions ?? []).map((d) => ({ text: d.text ?? '' })),
      },
    },
  };
  return {
    made: {
      type: 'ad',
      id,
      parentId: group.id,
      data,
      resourceName: `customers/${scope.customerId}/adGroupAds/${group.id}~${id}`,
    },
    errors: [],
  };
}

/** Stores what a request's creates made, in order; a new campaign's activity starts (paused or not) now. */
export async function storeMade(
  emulator: SearchEmulator,
  customerId: string,
  made: Made[],
  now: Date,
): Promise<void> {
  for (const object of made) {
    await emulator.store.put(
      {
        type: object.type,
        id: object.id,
        accountId: customerId,
        parentId: object.parentId ?? null,
        data: object.data,
      },
      now,
    );
  }
  for (const object of made.filter((m) => m.type === 'campaign')) {
    const campaign = object.data as StoredCampaign;
    await noteBudgetActivity(
      emulator.services.storage.db,
      emulator.store,
      customerId,
      campaign.budgetId,
      now,
    );
  }
}

/**
 * The create operations of one service's `:mutate` (all of them creates): each checked against the store
 * and the operations before it; all or nothing without partial failure; `validateOnly` stores nothing.
 */
export async function serveCreates<Create>(
  emulator: SearchEmulator,
  customerId: string,
  creates: Array<Create | undefined>,
  check: (scope: CreateScope, create: Create, at: FieldPath) => Promise<Checked>,
  options: { validateOnly: boolean },
): Promise<Answer> {
  const scope: CreateScope = { store: emulator.store, customerId, made: [], temporary: false };
  const errors: GoogleAdsError[] = [];
  for (const [index, create] of creates.entries()) {
    const at: FieldPath = [{ fieldName: 'operations', index }, { fieldName: 'create' }];
    if (create === undefined) {
      const message = 'The sandbox does not mix creates with updates or removes in one request.';
      errors.push(adsError({ requestError: 'UNKNOWN' }, message, at.slice(0, 1)));
      continue;
    }
    const checked = await check(scope, create, at);
    errors.push(...checked.errors);
    if (checked.made) scope.made.push(checked.made);
  }
  if (errors.length > 0) return failureAnswer(emulator.served, 400, errors);
  if (options.validateOnly) return {};
  await storeMade(emulator, customerId, scope.made, emulator.services.clock.now());
  return { results: scope.made.map((m) => ({ resourceName: m.resourceName })) };
}
