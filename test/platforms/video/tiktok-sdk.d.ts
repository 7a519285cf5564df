// The parts of tiktok-business-api-sdk-official 1.1.3 (plain JavaScript, no types) the contract tests use.

declare module 'tiktok-business-api-sdk-official/src/ApiClient.js' {
  export type SdkCallback = (error: (Error & Record<string, any>) | null, data: any, response: any) => void;

  export class ApiClient {
    basePath: string;
    timeout: number;
    defaultHeaders: Record<string, unknown>;
    callApi(
      path: string,
      httpMethod: string,
      pathParams: Record<string, unknown>,
      queryParams: Record<string, unknown>,
      headerParams: Record<string, unknown>,
      formParams: Record<string, unknown>,
      bodyParam: unknown,
      authNames: string[],
      contentTypes: string[],
      accepts: string[],
      returnType: unknown,
      callback: SdkCallback,
    ): unknown;
  }
}

declare module 'tiktok-business-api-sdk-official/src/api/CampaignCreationApi.js' {
  import type { ApiClient, SdkCallback } from 'tiktok-business-api-sdk-official/src/ApiClient.js';

  export class CampaignCreationApi {
    constructor(apiClient?: ApiClient);
    campaignGet(
      advertiser_id: string,
      Access_Token: string,
      opts: {
        filtering?: unknown;
        page?: number;
        page_size?: number;
        fields?: string[];
        exclude_field_types_in_response?: string[];
      },
      callback: SdkCallback,
    ): unknown;
    campaignCreate(Access_Token: string, opts: { body?: unknown }, callback: SdkCallback): unknown;
    campaignUpdate(Access_Token: string, opts: { body?: unknown }, callback: SdkCallback): unknown;
    campaignStatusUpdate(Access_Token: string, opts: { body?: unknown }, callback: SdkCallback): unknown;
  }
}

declare module 'tiktok-business-api-sdk-official/src/api/AuthenticationApi.js' {
  import type { ApiClient, SdkCallback } from 'tiktok-business-api-sdk-official/src/ApiClient.js';

  export class AuthenticationApi {
    constructor(apiClient?: ApiClient);
    oauth2AccessToken(opts: { body?: unknown }, callback: SdkCallback): unknown;
    oauth2AdvertiserGet(app_id: string, secret: string, Access_Token: string, callback: SdkCallback): unknown;
  }
}

declare module 'tiktok-business-api-sdk-official/src/api/AccountManagementApi.js' {
  import type { ApiClient, SdkCallback } from 'tiktok-business-api-sdk-official/src/ApiClient.js';

  export class AccountManagementApi {
    constructor(apiClient?: ApiClient);
    advertiserInfo(
      advertiser_ids: string[],
      Access_Token: string,
      opts: { fields?: string[] },
      callback: SdkCallback,
    ): unknown;
  }
}

declare module 'tiktok-business-api-sdk-official/src/model/InlineResponse200.js' {
  export class InlineResponse200 {
    constructor();
    static constructFromObject(data: unknown, obj?: InlineResponse200): InlineResponse200;
  }
}

declare module 'tiktok-business-api-sdk-official/src/model/CampaignUpdateBody.js' {
  export class CampaignUpdateBody {
    constructor(advertiser_id: string, campaign_id: string);
    static constructFromObject(data: Record<string, unknown>, obj?: CampaignUpdateBody): CampaignUpdateBody;
  }
}

declare module 'tiktok-business-api-sdk-official/src/model/CampaignStatusUpdateBody.js' {
  export class CampaignStatusUpdateBody {
    constructor();
    static constructFromObject(
      data: Record<string, unknown>,
      obj?: CampaignStatusUpdateBody,
    ): CampaignStatusUpdateBody;
  }
}

declare module 'tiktok-business-api-sdk-official/src/model/FilteringCampaignGet.js' {
  export class FilteringCampaignGet {
    constructor();
    static constructFromObject(
      data: Record<string, unknown>,
      obj?: FilteringCampaignGet,
    ): FilteringCampaignGet;
  }
}

declare module 'tiktok-business-api-sdk-official/src/model/Oauth2AccessTokenBody.js' {
  export class Oauth2AccessTokenBody {
    constructor(app_id: string, auth_code: string, secret: string);
  }
}

declare module 'tiktok-business-api-sdk-official/src/api/ReportingApi.js' {
  import type { ApiClient, SdkCallback } from 'tiktok-business-api-sdk-official/src/ApiClient.js';

  export class ReportingApi {
    constructor(apiClient?: ApiClient);
    reportIntegratedGet(
      report_type: string,
      Access_Token: string,
      opts: {
        page?: number;
        page_size?: number;
        enable_total_metrics?: boolean;
        multi_adv_report_in_utc_time?: boolean;
        query_mode?: string;
        advertiser_id?: string;
        advertiser_ids?: string[];
        bc_id?: string;
        service_type?: string;
        data_level?: string;
        dimensions?: string[];
        metrics?: string[];
        start_date?: string;
        end_date?: string;
        query_lifetime?: boolean;
        order_field?: string;
        order_type?: string;
        filtering?: Array<Record<string, unknown>>;
      },
      callback: SdkCallback,
    ): unknown;
  }
}

declare module 'tiktok-business-api-sdk-official/src/api/AdgroupApi.js' {
  import type { ApiClient, SdkCallback } from 'tiktok-business-api-sdk-official/src/ApiClient.js';

  export class AdgroupApi {
    constructor(apiClient?: ApiClient);
    adgroupCreate(Access_Token: string, opts: { body?: unknown }, callback: SdkCallback): unknown;
  }
}

declare module 'tiktok-business-api-sdk-official/src/api/AdApi.js' {
  import type { ApiClient, SdkCallback } from 'tiktok-business-api-sdk-official/src/ApiClient.js';

  export class AdApi {
    constructor(apiClient?: ApiClient);
    adCreate(Access_Token: string, opts: { body?: unknown }, callback: SdkCallback): unknown;
  }
}

declare module 'tiktok-business-api-sdk-official/src/api/FileApi.js' {
  import type { ApiClient, SdkCallback } from 'tiktok-business-api-sdk-official/src/ApiClient.js';

  export class FileApi {
    constructor(apiClient?: ApiClient);
    adVideoUpload(Access_Token: string, opts: Record<string, unknown>, callback: SdkCallback): unknown;
  }
}

declare module 'tiktok-business-api-sdk-official/src/api/IdentityApi.js' {
  import type { ApiClient, SdkCallback } from 'tiktok-business-api-sdk-official/src/ApiClient.js';

  export class IdentityApi {
    constructor(apiClient?: ApiClient);
    identityGet(
      advertiser_id: string,
      Access_Token: string,
      opts: { identity_type?: string; page?: number; page_size?: number },
      callback: SdkCallback,
    ): unknown;
  }
}
