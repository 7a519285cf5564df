import type { PlatformSession } from '../session.ts';
import { type GraphPage, graphUrl, readAllPages } from './graph.ts';

/** An Instagram account as the ad account's edges list it (an IG User node). */
export interface InstagramAccount {
  id: string;
  username?: string;
}

/** A Facebook page the ad account promotes, with the Instagram account linked in its settings. */
export interface PromotePage {
  id: string;
  name?: string;
  connected_instagram_account?: { id: string };
}

export interface UsablePhotoAccount {
  id: string;
  username: string;
  linkedPage: { id: string; name: string } | null;
}

export interface PhotoAccountListing {
  /** Authorized for ads on the ad account and linked to one of its pages: what campaigns can use. */
  usable: UsablePhotoAccount[];
  /** Authorized for ads, but linked to none of the ad account's pages. */
  notLinked: InstagramAccount[];
  /** Linked to a page, but not authorized for ads on this ad account. */
  notAuthorized: InstagramAccount[];
}

const IG_FIELDS = 'id,username';

/** Meta Marketing API (Graph): the ad account edges the social tools read. */
export class SocialClient {
  readonly #session: PlatformSession;

  constructor(session: PlatformSession) {
    this.#session = session;
  }

  /** Every item of an edge; reads are safe to retry. */
  async #edge<Item>(path: string, fields: string): Promise<Item[]> {
    const { endpoints } = this.#session;
    return readAllPages<Item>(endpoints, graphUrl(endpoints, path, { fields }), async (url) => {
      const response = await this.#session.send({ method: 'GET', url, idempotent: true });
      this.#session.noteRequestId(response.headers['x-fb-trace-id']);
      return JSON.parse(response.body) as GraphPage<Item>;
    });
  }

  /** `GET /act_{id}/instagram_accounts`: Instagram accounts authorized for ads on the ad account. */
  instagramAccounts(adAccountId: string): Promise<InstagramAccount[]> {
    return this.#edge(`/${encodeURIComponent(adAccountId)}/instagram_accounts`, IG_FIELDS);
  }

  /** `GET /act_{id}/connected_instagram_accounts`: Instagram accounts linked to the ad account's pages. */
  connectedInstagramAccounts(adAccountId: string): Promise<InstagramAccount[]> {
    return this.#edge(`/${encodeURIComponent(adAccountId)}/connected_instagram_accounts`, IG_FIELDS);
  }

  /** `GET /act_{id}/promote_pages`: the ad account's pages, with the Instagram account each links to. */
  promotePages(adAccountId: string): Promise<PromotePage[]> {
    return this.#edge(
      `/${encodeURIComponent(adAccountId)}/promote_pages`,
      'id,name,connected_instagram_account',
    );
  }

  /** The Instagram accounts usable for ads: authorized on the ad account and linked to one of its pages. */
  async photoAccounts(adAccountId: string): Promise<PhotoAccountListing> {
    const [authorized, connected] = await Promise.all([
      this.instagramAccounts(adAccountId),
      this.connectedInstagramAccounts(adAccountId),
    ]);
    const connectedIds = new Set(connected.map((a) => a.id));
    const authorizedIds = new Set(authorized.map((a) => a.id));
    const both = authorized.filter((a) => connectedIds.has(a.id));
    const pages = both.length > 0 ? await this.promotePages(adAccountId) : [];
    const pageOf = new Map<string, { id: string; name: string }>();
    for (const page of pages) {
      const linked = page.connected_instagram_account?.id;
      if (linked && !pageOf.has(linked)) pageOf.set(linked, { id: page.id, name: page.name ?? page.id });
    }
    return {
      usable: both.map((a) => ({
        id: a.id,
        username: a.username ?? connected.find((c) => c.id === a.id)?.username ?? a.id,
        linkedPage: pageOf.get(a.id) ?? null,
      })),
      notLinked: authorized.filter((a) => !connectedIds.has(a.id)),
      notAuthorized: connected.filter((a) => !authorizedIds.has(a.id)),
    };
  }
}
