import { createHash } from 'node:crypto';
import type { CampaignMetrics } from '../../platforms/performance.ts';
import type { SandboxStore } from '../store.ts';
import type { Row, StoredAd, StoredAdGroup, StoredKeyword, StoredSearchTerm } from './resources.ts';

/** A share of a parent's day: the child's id, and whether it ever converts. */
interface Part {
  id: string;
  converts: boolean;
}

const METRICS = ['impressions', 'clicks'] as const;
/** Spend is split in cents (10,000 micros), so that each share is an amount the reports show as it is. */
const SPEND_STEP = 10_000;

/** A weight from 1 to 4 that depends on nothing but the object and the day. */
function weight(id: string, date: string): number {
  return 1 + 3 * (createHash('sha256').update(`${id}\u0000${date}`).digest().readUInt32BE(0) / 2 ** 32);
}

/** Whole numbers that add up to `total`, in proportion to the weights (largest remainder, ties by order). */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  for (const { index } of order) {
    if (left <= 0) break;
    out[index] = (out[index] ?? 0) + 1;
    left--;
  }
  return out;
}

/**
 * A parent's day split among its children so that they add up to it exactly, metric by metric:
 * conversions go only to the children that convert (to all when none does), and a child that never
 * converts weighs twice, so that the costliest search terms are often ones without conversions.
 */
export function splitDay(total: CampaignMetrics, parts: Part[], date: string): CampaignMetrics[] {
  const weights = parts.map((part) => weight(part.id, date) * (part.converts ? 1 : 2));
  const shares = Object.fromEntries(METRICS.map((metric) => [metric, apportion(total[metric], weights)]));
  const cents = apportion(Math.floor(total.spendMicros / SPEND_STEP), weights);
  const rest = total.spendMicros % SPEND_STEP;
  const converting = parts.some((part) => part.converts);
  const conversions = apportion(
    total.conversions,
    weights.map((w, index) => (!converting || parts[index]?.converts ? w : 0)),
  );
  return parts.map((_, index) => ({
    impressions: shares.impressions?.[index] ?? 0,
    clicks: shares.clicks?.[index] ?? 0,
    spendMicros: (cents[index] ?? 0) * SPEND_STEP + (index === 0 ? rest : 0),
    conversions: conversions[index] ?? 0,
  }));
}

/**
 * The objects below a customer's campaigns, to split each campaign's day down to its ad groups, their
 * ads, their keywords and the search terms each keyword matched (an ad's share and a keyword's are two
 * splits of the same ad group's day). Every ad group, keyword and term keeps its share
 * whatever its status: the campaign's own activity decides what the campaign spends, and a paused ad
 * group or keyword does not change how that day is split (docs/platforms.md).
 */
export class Breakdown {
  readonly #groups = new Map<string, Part[]>();
  readonly #ads = new Map<string, Part[]>();
  readonly #keywords = new Map<string, Part[]>();
  readonly #terms = new Map<string, Part[]>();
  readonly #memo = new Map<string, CampaignMetrics>();

  static async load(store: SandboxStore, customerId: string): Promise<Breakdown> {
    const breakdown = new Breakdown();
    const add = (map: Map<string, Part[]>, parent: string, part: Part) =>
      map.set(parent, [...(map.get(parent) ?? []), part]);
    for (const group of await store.list<StoredAdGroup>('ad_group', customerId))
      add(breakdown.#groups, group.parentId ?? '', { id: group.id, converts: true });
    for (const ad of await store.list<StoredAd>('ad', customerId))
      add(breakdown.#ads, ad.parentId ?? '', { id: ad.id, converts: true });
    for (const keyword of await store.list<StoredKeyword>('ad_group_criterion', customerId))
      if (!keyword.data.negative)
        add(breakdown.#keywords, keyword.parentId ?? '', { id: keyword.id, converts: true });
    for (const term of await store.list<StoredSearchTerm>('search_term', customerId))
      add(breakdown.#terms, term.data.keywordId, { id: term.id, converts: term.data.converts });
    return breakdown;
  }

  #share(parent: string, children: Map<string, Part[]>, id: string, day: CampaignMetrics, date: string) {
    const kind =
      children === this.#groups
        ? 'g'
        : children === this.#ads
          ? 'a'
          : children === this.#keywords
            ? 'k'
            : 't';
    const key = `${kind}\u0000${id}\u0000${date}`;
    const known = this.#memo.get(key);
    if (known) return known;
    const parts = children.get(parent) ?? [];
    for (const [index, metrics] of splitDay(day, parts, date).entries()) {
      this.#memo.set(`${kind}\u0000${parts[index]?.id}\u0000${date}`, metrics);
    }
    return this.#memo.get(key) ?? { impressions: 0, clicks: 0, spendMicros: 0, conversions: 0 };
  }

  /** The row's share of its campaign's day: the ad group's, the ad's, the keyword's or the search term's. */
  of(resource: string, row: Row, campaignDay: CampaignMetrics, date: string): CampaignMetrics {
    if (resource === 'campaign') return campaignDay;
    const campaignId = String(row.campaign?.id);
    const groupId = String(row.ad_group?.id);
    const group = this.#share(campaignId, this.#groups, groupId, campaignDay, date);
    if (resource === 'ad_group') return group;
    if (resource === 'ad_group_ad') {
      const ad = row.ad_group_ad?.ad as { id?: unknown } | undefined;
      return this.#share(groupId, this.#ads, String(ad?.id), group, date);
    }
    const keywordId =
      resource === 'search_term_view'
        ? String(row._term?.keywordId)
        : `${groupId}~${String(row.ad_group_criterion?.criterionId)}`;
    const keyword = this.#share(groupId, this.#keywords, keywordId, group, date);
    if (resource === 'keyword_view') return keyword;
    return this.#share(keywordId, this.#terms, String(row._term?.id), keyword, date);
  }
}
