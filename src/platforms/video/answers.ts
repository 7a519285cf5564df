import { z } from 'zod';

// The parts of TikTok's answers the video adapter reads, as zod schemas (read through readAnswer).

/**
 * An id as TikTok writes it: a string, or a JSON number (readAnswer keeps one beyond 2^53 exact, as its
 * digits), always read as a string.
 */
export const tiktokId = z.union([z.string(), z.number().int()]).transform(String);

/** The fields of a campaign the video tools read. */
export const campaignShape = z.object({
  campaign_id: tiktokId,
  campaign_name: z.string(),
  budget: z.number(),
  budget_mode: z.string(),
  objective_type: z.string().optional(),
  operation_status: z.string().optional(),
  // TikTok's own test environment leaves it out: its campaigns never deliver.
  secondary_status: z.string().optional(),
});

export type VideoCampaign = z.infer<typeof campaignShape>;

export const CAMPAIGN_FIELDS = Object.keys(campaignShape.shape);

/** The fields of an ad group the video tools read. */
export const adGroupShape = z.object({
  adgroup_id: tiktokId,
  adgroup_name: z.string(),
  campaign_id: tiktokId,
  budget: z.number(),
  budget_mode: z.string(),
  operation_status: z.string(),
  secondary_status: z.string().optional(),
  placement_type: z.string().optional(),
  placements: z.array(z.string()).nullable().optional(),
  optimization_goal: z.string().optional(),
  billing_event: z.string().optional(),
});

export type VideoAdGroup = z.infer<typeof adGroupShape>;

export const ADGROUP_FIELDS = Object.keys(adGroupShape.shape);

/** The fields of an ad the video tools read. */
export const adShape = z.object({
  ad_id: tiktokId,
  ad_name: z.string(),
  adgroup_id: tiktokId,
  campaign_id: tiktokId,
  operation_status: z.string(),
  secondary_status: z.string().optional(),
  video_id: z.string().nullable().optional(),
  ad_format: z.string().optional(),
});

export type VideoAd = z.infer<typeof adShape>;

export const AD_FIELDS = Object.keys(adShape.shape);

/** TikTok's paging, the same on every list. */
const pageInfo = z.object({ page: z.number(), total_page: z.number(), total_number: z.number().optional() });

export const campaignPage = z.object({ list: z.array(campaignShape), page_info: pageInfo });

export type CampaignPage = z.infer<typeof campaignPage>;

export const adGroupPage = z.object({ list: z.array(adGroupShape), page_info: pageInfo });
export const adPage = z.object({ list: z.array(adShape), page_info: pageInfo });

/** A page of any list: what the list tools page through. */
export interface Page<Item> {
  list: Item[];
  page_info: { page: number; total_page: number };
}

/**
 * A count or an amount as TikTok's reports write them: a decimal in a string (a number is taken too), or
 * `-` where the metric has no data, which is none of it.
 */
const reportNumber = z
  .union([z.string(), z.number()])
  .transform((value) => (value === '-' ? '0' : String(value)))
  .pipe(z.string().regex(/^\d+(\.\d+)?$/, 'must be a decimal number (or - for no data)'));

/**
 * The fields of a BASIC report row the performance reader uses: its ID dimension (campaign_id, adgroup_id
 * or ad_id) and day, the metrics, and below the campaign the attribute metrics naming its campaign, ad
 * group and ad. A row naming no campaign (an advertiser-level one) is kept: the report says it apart.
 */
const reportRow = z.object({
  dimensions: z.object({
    campaign_id: tiktokId.optional(),
    adgroup_id: tiktokId.optional(),
    ad_id: tiktokId.optional(),
    // TikTok writes a day as `2026-11-22 00:00:00`.
    stat_time_day: z
      .string()
      .regex(/^\d{4}-\d\d-\d\d( \d\d:\d\d:\d\d)?$/, 'must be a day like 2026-11-22 00:00:00')
      .optional(),
  }),
  metrics: z.object({
    spend: reportNumber,
    impressions: reportNumber,
    clicks: reportNumber,
    conversion: reportNumber,
    campaign_id: tiktokId.optional(),
    adgroup_id: tiktokId.optional(),
    adgroup_name: z.string().optional(),
    ad_name: z.string().optional(),
  }),
});

export type ReportRow = z.infer<typeof reportRow>;

export const reportPage = z.object({ list: z.array(reportRow), page_info: pageInfo });

/** An identity an advertiser may post as (identity/get); a custom user's abilities are null. */
export const identityShape = z.object({
  identity_id: tiktokId,
  identity_type: z.string(),
  display_name: z.string().nullable().optional(),
  username: z.string().nullable().optional(),
  can_push_video: z.boolean().nullable().optional(),
  available_status: z.string().nullable().optional(),
  identity_authorized_bc_id: tiktokId.nullable().optional(),
});

export type VideoIdentity = z.infer<typeof identityShape>;

export const identityPage = z.object({ identity_list: z.array(identityShape), page_info: pageInfo });
