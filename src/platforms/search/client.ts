import type { z } from 'zod';
import { readAnswer } from '../answer-shape.ts';
import type { PlatformSession } from '../session.ts';
import type { UpstreamRequest } from '../upstream.ts';
import {
  type AdOperation,
  type MutateAdsResponse,
  mutateAdsResponseSchema,
  searchPageSchema,
} from './types.ts';

/** A guard against a platform that keeps handing out page tokens. */
const MAX_PAGES = 500;

/** Google Ads API (REST): GAQL search, following every page, and ads:mutate. */
export class SearchClient {
  readonly #session: PlatformSession;

  constructor(session: PlatformSession) {
    this.#session = session;
  }

  #url(customerId: string, method: string): string {
    const { apiUrl, apiVersion } = this.#session.endpoints;
    return `${apiUrl}/${apiVersion}/customers/${encodeURIComponent(customerId)}/${method}`;
  }

  /** Runs a GAQL query and returns the rows of every page, each read through `row`. */
  async search<Row extends z.ZodType>(
    customerId: string,
    query: string,
    row: Row,
  ): Promise<Array<z.output<Row>>> {
    const pageSchema = searchPageSchema(row);
    const rows: Array<z.output<Row>> = [];
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const response = await this.#session.send({
        method: 'POST',
        url: this.#url(customerId, 'googleAds:search'),
        body: { query, ...(pageToken && { pageToken }) },
        idempotent: true,
      });
      this.#session.noteRequestId(response.headers['request-id']);
      const answer = readAnswer('search', 'a googleAds:search page', pageSchema, response.body);
      rows.push(...(answer.results ?? []));
      pageToken = answer.nextPageToken || undefined;
      if (!pageToken) return rows;
    }
    throw new Error(`Google Ads kept paging after ${MAX_PAGES} pages`);
  }

  /**
   * The ads:mutate request. Updates set fields to given values, so repeating one is harmless: it may be
   * retried. `validateOnly` is Google's own dry run: everything is checked, nothing is changed.
   */
  mutateAdsRequest(customerId: string, operations: AdOperation[], validateOnly: boolean): UpstreamRequest {
    return {
      method: 'POST',
      url: this.#url(customerId, 'ads:mutate'),
      body: { operations, ...(validateOnly && { validateOnly: true }) },
      idempotent: true,
    };
  }

  async mutateAds(
    customerId: string,
    operations: AdOperation[],
    validateOnly: boolean,
  ): Promise<MutateAdsResponse> {
    const response = await this.#session.send(this.mutateAdsRequest(customerId, operations, validateOnly));
    this.#session.noteRequestId(response.headers['request-id']);
    return readAnswer('search', 'ads:mutate', mutateAdsResponseSchema, response.body, {
      mayHaveActed: !validateOnly,
    });
  }
}
