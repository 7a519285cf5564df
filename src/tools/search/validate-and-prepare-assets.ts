import { z } from 'zod';
import { missingGroupsText, preparedText } from '../../assets/asset-report.ts';
import { type CheckedImages, checkImages } from '../../assets/check-images.ts';
import { createMediaFetcher, fetchPolicy } from '../../assets/fetch-media.ts';
import { ASSET_GROUPS, REQUIRED_GROUPS } from '../../assets/image-rules.ts';
import { AppError } from '../../errors.ts';
import { createAssetBundle } from '../../storage/asset-bundles.ts';
import { accountArgument, dryRun, imageUrl } from '../arguments.ts';
import { defineTool } from '../tool.ts';

const MAX_MARKETING_IMAGES = 20;

const URLS_ONLY = 'https URLs only: no base64 data, data: URLs or file paths.';

function imageUrls() {
  return z.array(imageUrl());
}

export const validateAndPrepareAssets = defineTool({
  name: 'validate_and_prepare_assets',
  description:
    'Downloads images from https URLs and checks them against the ad image rules; those that pass go in an asset bundle the create tools take. Billable: one quota unit.',
  guidance:
    'Downloads images from https URLs and checks each against the Google Ads Performance Max rules. The ' +
    'images that pass are stored in an asset bundle whose asset_bundle_id other tools take (for example ' +
    'create_network_image_campaign). The rules: format decided by the bytes (JPEG, PNG or GIF); at most ' +
    '5,120 KB; aspect ratio within 1% and minimum size per group: landscape 1.91:1 from 600x314, square 1:1 ' +
    'from 300x300, portrait 4:5 from 480x600, square logo 1:1 from 128x128, landscape logo 4:1 from ' +
    '512x128. Every ' +
    'image gets a verdict with the reason in plain words; one bad image does not fail the call. Use it ' +
    'before creating campaigns from image URLs. Accepts URLs only, never base64 data or file paths. ' +
    'Long-running: stages download, validate, commit; 5 to 15 seconds for 5 to 10 images. Billable: one ' +
    'quota unit; a dry_run uses none and stores nothing.',
  platform: 'search',
  billable: true,
  // It stores checked images in adops for a later create; nothing reaches Google Ads.
  changes: {
    object: 'asset',
    creates: true,
    fields: {
      marketing_images_landscape: 'none',
      marketing_images_square: 'none',
      logos_square: 'none',
      marketing_images_portrait: 'none',
      logos_landscape: 'none',
    },
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  input: z
    .strictObject({
      marketing_images_landscape: imageUrls()
        .min(1)
        .describe(`Landscape marketing images (1.91:1), at least 1; ${URLS_ONLY}`),
      marketing_images_square: imageUrls()
        .min(1)
        .describe(`Square marketing images (1:1), at least 1; ${URLS_ONLY}`),
      logos_square: imageUrls().min(1).max(5).describe(`Square logos (1:1), 1 to 5; ${URLS_ONLY}`),
      marketing_images_portrait: imageUrls()
        .optional()
        .describe(`Portrait marketing images (4:5), optional; ${URLS_ONLY}`),
      logos_landscape: imageUrls()
        .max(5)
        .optional()
        .describe(`Landscape logos (4:1), at most 5, optional; ${URLS_ONLY}`),
      customer_id: accountArgument('search'),
      dry_run: dryRun,
    })
    .superRefine((args, ctx) => {
      const count =
        args.marketing_images_landscape.length +
        args.marketing_images_square.length +
        (args.marketing_images_portrait?.length ?? 0);
      if (count > MAX_MARKETING_IMAGES) {
        ctx.addIssue({
          code: 'custom',
          path: [],
          message:
            'marketing_images_landscape, marketing_images_square and marketing_images_portrait together must ' +
            `hold at most ${MAX_MARKETING_IMAGES} images (got ${count}): remove some`,
        });
      }
    }),
  output: z.object({
    asset_bundle_id: z
      .string()
      .nullable()
      .describe('The bundle of accepted images the create tools take; null on a dry run.'),
    images: z
      .array(
        z.object({
          url: z.string().describe('The image URL as given.'),
          group: z.enum(ASSET_GROUPS).describe('The argument it came in.'),
          verdict: z.enum(['accepted', 'rejected']).describe('Whether it passed the rules.'),
          reason: z.string().optional().describe('Why it was rejected, in plain words.'),
          width: z.number().optional().describe('Width in pixels, when read.'),
          height: z.number().optional().describe('Height in pixels, when read.'),
          format: z.string().optional().describe('JPEG, PNG or GIF, by its bytes.'),
          bytes: z.number().optional().describe('Its size in bytes.'),
          sha256: z.string().optional().describe('SHA-256 of its bytes, hex.'),
        }),
      )
      .describe('A verdict for every image, in argument order.'),
  }),
  // No audit fields: image URLs can carry access tokens.
  example: {
    marketing_images_landscape: ['https://samples.adops.invalid/landscape-1200x628.jpg'],
    marketing_images_square: ['https://samples.adops.invalid/square-1200x1200.jpg'],
    logos_square: ['https://samples.adops.invalid/logo-1200x1200.png'],
  },
  async run(args, context) {
    const { config, storage } = context.services;
    const requests = ASSET_GROUPS.flatMap((group) => (args[group] ?? []).map((url) => ({ group, url })));
    const fetcher = createMediaFetcher(fetchPolicy(config.mediaFetch));
    let checked: CheckedImages;
    try {
      checked = await checkImages(requests, {
        fetcher,
        concurrency: config.mediaFetch.concurrency,
        onProgress: context.onProgress,
      });
    } finally {
      await fetcher.close();
    }
    const { verdicts, accepted } = checked;
    const missing = REQUIRED_GROUPS.filter((group) => !accepted.some((image) => image.group === group));
    if (missing.length > 0) {
      throw new AppError('assets_rejected', missingGroupsText(missing, verdicts), {
        structuredContent: { images: verdicts },
      });
    }
    if (context.dryRun) {
      return { text: preparedText(verdicts, null), structured: { asset_bundle_id: null, images: verdicts } };
    }
    const progress = (done: number) =>
      context.onProgress({
        stage: 'commit',
        progress: done,
        total: accepted.length,
        message: `Stored ${done}/${accepted.length} images`,
      });
    progress(0);
    const bundle = await createAssetBundle(storage.db, {
      userId: context.caller.userId,
      now: context.now,
      images: accepted,
    });
    context.trace.createdObjectIds.push(bundle.id);
    progress(accepted.length);
    return {
      text: preparedText(verdicts, bundle.id),
      structured: { asset_bundle_id: bundle.id, images: verdicts },
    };
  },
});
