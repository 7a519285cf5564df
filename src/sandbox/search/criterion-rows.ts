import type { SandboxStore } from '../store.ts';
import type { KeywordInfo, StoredCampaignCriterion, StoredKeyword, StoredSearchTerm } from './resources.ts';
import { adGroupsOf, campaignsOf, type Row, withoutLink } from './resources.ts';

const words = (text: string) => text.trim().toLowerCase().split(/\s+/).filter(Boolean);

/** Whether a negative keyword keeps a search term from showing ads, by its match type as Google applies it. */
export function negativeMatches(negative: KeywordInfo, searchTerm: string): boolean {
  const term = words(searchTerm);
  const needle = words(negative.text);
  if (needle.length === 0) return false;
  switch (negative.matchType) {
    case 'EXACT':
      return term.join(' ') === needle.join(' ');
    case 'PHRASE':
      return term.some((_, start) => needle.every((word, offset) => term[start + offset] === word));
    case 'BROAD':
      return needle.every((word) => term.includes(word));
  }
}

/** The search term's targeting status: added as a keyword of its ad group, excluded by a negative, both or neither. */
function termStatus(_term: string, added: boolean, excluded: boolean): string {
  if (added && excluded) return 'ADDED_EXCLUDED';
  if (added) return 'ADDED';
  return excluded ? 'EXCLUDED' : 'NONE';
}

const keywordResource = (
  customerId: string,
  keyword: { id: string; data: StoredKeyword },
  groupName: string,
) => ({
  resourceName: `customers/${customerId}/adGroupCriteria/${keyword.id}`,
  criterionId: keyword.data.criterionId,
  adGroup: groupName,
  status: keyword.data.status,
  type: 'KEYWORD',
  negative: keyword.data.negative,
  keyword: keyword.data.keyword,
});

/**
 * Rows FROM ad_group_criterion (keywords, negative ones too), keyword_view (the positive keywords, for
 * their metrics), search_term_view (each term with its status and the keyword it matched, in
 * segments.keyword) and campaign_criterion (campaign negatives). `_term` links a search term row to the
 * stored term its metrics are split for; it is never projected.
 */
export async function criterionRows(
  store: SandboxStore,
  resource: string,
  customerId: string,
  customer: Record<string, unknown>,
): Promise<Row[]> {
  const campaigns = await campaignsOf(store, customerId);
  const campaignOf = (id: unknown) => withoutLink(campaigns.get(String(id)), 'budget') ?? {};
  if (resource === 'campaign_criterion') {
    const criteria = await store.list<StoredCampaignCriterion>('campaign_criterion', customerId);
    return criteria.map((criterion) => ({
      campaign_criterion: {
        resourceName: `customers/${customerId}/campaignCriteria/${criterion.id}`,
        campaign: `customers/${customerId}/campaigns/${criterion.parentId}`,
        criterionId: criterion.data.criterionId,
        negative: criterion.data.negative,
        type: 'KEYWORD',
        status: 'ENABLED',
        keyword: criterion.data.keyword,
      },
      campaign: campaignOf(criterion.parentId),
      customer,
    }));
  }
  const groups = await adGroupsOf(store, customerId);
  const keywords = await store.list<StoredKeyword>('ad_group_criterion', customerId);
  const around = (groupId: string) => {
    const group = groups.get(groupId);
    return {
      ad_group: withoutLink(group, 'campaignId') ?? {},
      campaign: campaignOf(group?.campaignId),
      customer,
    };
  };
  const groupName = (groupId: string) => `customers/${customerId}/adGroups/${groupId}`;
  if (resource === 'ad_group_criterion' || resource === 'keyword_view') {
    return keywords
      .filter((keyword) => resource === 'ad_group_criterion' || !keyword.data.negative)
      .map((keyword) => {
        const groupId = keyword.parentId ?? '';
        return {
          ...(resource === 'keyword_view' && {
            keyword_view: { resourceName: `customers/${customerId}/keywordViews/${keyword.id}` },
          }),
          ad_group_criterion: keywordResource(customerId, keyword, groupName(groupId)),
          ...around(groupId),
        };
      });
  }
  const campaignNegatives = await store.list<StoredCampaignCriterion>('campaign_criterion', customerId);
  const terms = await store.list<StoredSearchTerm>('search_term', customerId);
  const keywordById = new Map(keywords.map((keyword) => [keyword.id, keyword]));
  return terms.map((term) => {
    const groupId = term.parentId ?? '';
    const campaignId = String(groups.get(groupId)?.campaignId ?? '');
    const text = term.data.searchTerm;
    const inGroup = keywords.filter(
      (keyword) => keyword.parentId === groupId && keyword.data.status !== 'REMOVED',
    );
    const added = inGroup.some(
      (k) => !k.data.negative && words(k.data.keyword.text).join(' ') === words(text).join(' '),
    );
    const excluded =
      inGroup.some((k) => k.data.negative && negativeMatches(k.data.keyword, text)) ||
      campaignNegatives.some(
        (c) => c.parentId === campaignId && c.data.negative && negativeMatches(c.data.keyword, text),
      );
    const matched = keywordById.get(term.data.keywordId);
    return {
      search_term_view: {
        resourceName: `customers/${customerId}/searchTermViews/${campaignId}~${groupId}~${Buffer.from(text).toString('base64url')}`,
        searchTerm: text,
        adGroup: groupName(groupId),
        status: termStatus(text, added, excluded),
      },
      ...(matched && {
        segments: {
          keyword: {
            adGroupCriterion: `customers/${customerId}/adGroupCriteria/${matched.id}`,
            info: matched.data.keyword,
          },
        },
      }),
      ...around(groupId),
      _term: { id: term.id, keywordId: term.data.keywordId },
    };
  });
}
