import { z } from 'zod';
import type { PlatformSession } from '../session.ts';
import { graphUrl } from './graph.ts';
import { readEveryPage } from './graph-read.ts';

/** An Instagram account as the ad account's edges list it (an IG User node): what the adapter reads of it. */
const instagramAccountSchema = z.object({ id: z.string().min(1), username: z.string().optional() });
export type InstagramAccount = z.output<typeof instagramAccountSchema>;

/** A Facebook page the ad account promotes, with the Instagram account linked in its settings. */
const promotePageSchema = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  connected_instagram_account: z.object({ id: z.string().min(1) }).nullish(),
});
export type PromotePage = z.output<typeof promotePageSchema>;

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

  /** Every item of an edge, each page read through the schema of its items; reads are safe to retry. */
  #edge<Item extends z.ZodType>(
    what: string,
    path: string,
    fields: string,
    item: Item,
  ): Promise<Array<z.output<Item>>> {
    return readEveryPage(this.#session, what, graphUrl(this.#session.endpoints, path, { fields }), item);
  }

  /** `GET /act_{id}/instagram_accounts`: Instagram accounts authorized for ads on the ad account. */
  instagramAccounts(adAccountId: string): Promise<InstagramAccount[]> {
    const path = `/${encodeURIComponent(adAccountId)}/instagram_accounts`;
    return this.#edge("the ad account's Instagram accounts", path, IG_FIELDS, instagramAccountSchema);
  }

  /** `GET /act_{id}/connected_instagram_accounts`: Instagram accounts linked to the ad account's pages. */
  connectedInstagramAccounts(adAccountId: string): Promise<InstagramAccount[]> {
    const path = `/${encodeURIComponent(adAccountId)}/connected_instagram_accounts`;
    return this.#edge(
      'the Instagram accounts linked to the ad account',
      path,
      IG_FIELDS,
      instagramAccountSchema,
    );
  }

  /** `GET /act_{id}/promote_pages`: the ad account's pages, with the Instagram account each links to. */
  promotePages(adAccountId: string): Promise<PromotePage[]> {
    const path = `/${encodeURIComponent(adAccountId)}/promote_pages`;
    return this.#edge(
      "the ad account's pages",
      path,
      'id,name,connected_instagram_account',
      promotePageSchema,
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
