import { z } from 'zod';

// The parts of TikTok's answers the video adapter reads, as zod schemas (read through readAnswer).

/** The fields of a campaign the video tools read. */
export const campaignShape = z.object({
  campaign_id: z.string(),
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

/** TikTok's paging, the same on every list. */
const pageInfo = z.object({ page: z.number(), total_page: z.number(), total_number: z.number().optional() });

export const campaignPage = z.object({ list: z.array(campaignShape), page_info: pageInfo });

export type CampaignPage = z.infer<typeof campaignPage>;

/** A count or an amount as TikTok's reports write them: a decimal in a string (a number is taken too). */
const reportNumber = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d+(\.\d+)?$/, 'must be a decimal number'));

/** The fields of a BASIC report row the performance reader uses. */
const reportRow = z.object({
  dimensions: z.object({
    campaign_id: z.string(),
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
  }),
});

export type ReportRow = z.infer<typeof reportRow>;

export const reportPage = z.object({ list: z.array(reportRow), page_info: pageInfo });
