import type { z } from 'zod';
import { protocolError, readAnswer } from '../answer-shape.ts';
import type { PlatformSession } from '../session.ts';
import type { UpstreamRequest } from '../upstream.ts';
import {
  type AdGroupCriterionOperation,
  type AdGroupOperation,
  type AdOperation,
  type CampaignBudgetOperation,
  type CampaignCriterionOperation,
  type CampaignOperation,
  type MutateResponse,
  mutateResponseSchema,
  searchPageSchema,
} from './types.ts';

/** A guard against a platform that keeps handing out page tokens. */
const MAX_PAGES = 500;

/** Google Ads API (REST): GAQL search, following every page, and the mutates of ads, campaigns and budgets. */
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
    const tokens = new Set<string>();
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
      if (tokens.has(pageToken))
        throw protocolError('search', 'answered a nextPageToken it had given before');
      tokens.add(pageToken);
    }
    throw protocolError('search', `kept answering googleAds:search pages past ${MAX_PAGES}`);
  }

  /**
   * A `:mutate` request (`ads:mutate`, `campaigns:mutate`, `adGroupCriteria:mutate`...). Updates set fields
   * to given values, so repeating one is harmless: it may be retried; creates are not (`idempotent`). `validateOnly` is Google's own dry run:
   * everything is checked, nothing is changed.
   */
  mutateRequest(
    customerId: string,
    method: MutateMethod,
    operations: readonly object[],
    validateOnly: boolean,
    idempotent = true,
  ): UpstreamRequest {
    return {
      method: 'POST',
      url: this.#url(customerId, method),
      body: { operations, ...(validateOnly && { validateOnly: true }) },
      idempotent,
    };
  }

  async #mutate(
    customerId: string,
    method: MutateMethod,
    operations: readonly object[],
    validateOnly: boolean,
    idempotent = true,
  ): Promise<MutateResponse> {
    const response = await this.#session.send(
      this.mutateRequest(customerId, method, operations, validateOnly, idempotent),
    );
    this.#session.noteRequestId(response.headers['request-id']);
    return readAnswer('search', method, mutateResponseSchema, response.body, { mayHaveActed: !validateOnly });
  }

  mutateAdsRequest(customerId: string, operations: AdOperation[], validateOnly: boolean): UpstreamRequest {
    return this.mutateRequest(customerId, 'ads:mutate', operations, validateOnly);
  }

  mutateAds(customerId: string, operations: AdOperation[], validateOnly: boolean): Promise<MutateResponse> {
    return this.#mutate(customerId, 'ads:mutate', operations, validateOnly);
  }

  mutateCampaigns(
    customerId: string,
    operations: CampaignOperation[],
    validateOnly: boolean,
  ): Promise<MutateResponse> {
    return this.#mutate(customerId, 'campaigns:mutate', operations, validateOnly);
  }

  mutateAdGroups(customerId: string, operations: AdGroupOperation[], validateOnly: boolean) {
    return this.#mutate(customerId, 'adGroups:mutate', operations, validateOnly);
  }

  mutateAdGroupCriteria(customerId: string, operations: AdGroupCriterionOperation[], validateOnly: boolean) {
    // A create sent twice would make the negative twice (or be refused as existing): not retried blindly.
    const creates = operations.some((operation) => 'create' in operation);
    return this.#mutate(customerId, 'adGroupCriteria:mutate', operations, validateOnly, !creates);
  }

  mutateCampaignCriteria(
    customerId: string,
    operations: CampaignCriterionOperation[],
    validateOnly: boolean,
  ) {
    return this.#mutate(customerId, 'campaignCriteria:mutate', operations, validateOnly, false);
  }

  /**
   * Creates through one service's `:mutate` and returns the new resource names, in order. Not retried: a
   * create sent twice makes two (recovery looks on the platform instead, see campaign-create.ts).
   */
  async create(customerId: string, method: MutateMethod, operations: readonly object[]): Promise<string[]> {
    const answer = await this.#mutate(customerId, method, operations, false, false);
    return (answer.results ?? []).map((result) => result.resourceName ?? '');
  }

  /** GoogleAdsService.Mutate: operations of several services, atomically, with temporary resource names. */
  googleAdsMutateRequest(
    customerId: string,
    mutateOperations: readonly object[],
    validateOnly: boolean,
  ): UpstreamRequest {
    return {
      method: 'POST',
      url: this.#url(customerId, 'googleAds:mutate'),
      body: { mutateOperations, ...(validateOnly && { validateOnly: true }) },
      idempotent: validateOnly,
    };
  }

  /** Google's own dry run of several creates at once: everything is checked, nothing is made. */
  async validateGoogleAds(customerId: string, mutateOperations: readonly object[]): Promise<void> {
    const response = await this.#session.send(
      this.googleAdsMutateRequest(customerId, mutateOperations, true),
    );
    this.#session.noteRequestId(response.headers['request-id']);
  }

  mutateCampaignBudgets(
    customerId: string,
    operations: CampaignBudgetOperation[],
    validateOnly: boolean,
  ): Promise<MutateResponse> {
    return this.#mutate(customerId, 'campaignBudgets:mutate', operations, validateOnly);
  }
}

export type MutateMethod =
  | 'ads:mutate'
  | 'adGroupAds:mutate'
  | 'campaigns:mutate'
  | 'campaignBudgets:mutate'
  | 'adGroups:mutate'
  | 'adGroupCriteria:mutate'
  | 'campaignCriteria:mutate';
