import { z } from 'zod';
import { describeAssets, groupAssets } from '../../platforms/search/asset-groups.ts';
import { SearchClient } from '../../platforms/search/client.ts';
import { searchProtocol } from '../../platforms/search/protocol.ts';
import { type AssetKind, assetQuery } from '../../platforms/search/queries.ts';
import { assetRowSchema } from '../../platforms/search/types.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { accountArgument } from '../arguments.ts';
import { defineTool } from '../tool.ts';

const ASSET_TYPES = ['images', 'sitelinks', 'callouts', 'structured_snippets'] as const;

// Labels of at most 63 characters; the last one is the top-level domain, so an IP address is not a domain.
const BARE_DOMAIN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])$/;

export const discoverExistingAssets = defineTool({
  name: 'discover_existing_assets',
  description:
    'The images, sitelinks, callouts and snippets already in a Google Ads account, to reuse instead of uploading again. Billable: one quota unit.',
  guidance:
    'Lists the assets that already exist in a Google Ads account, grouped by type: images (with size), ' +
    'sitelinks, callouts and structured snippets, each with its id and text. Read-only and safe to call at ' +
    'any time. Use it before creating assets or campaigns, to reuse what exists instead of uploading ' +
    'duplicates. Not for checking new images (validate_and_prepare_assets) nor for other platforms. ' +
    'Billable: one quota unit.',
  platform: 'search',
  billable: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: z.strictObject({
    asset_types: z
      .array(z.enum(ASSET_TYPES))
      .min(1)
      .refine((types) => new Set(types).size === types.length, 'must not repeat an asset type')
      .meta({ uniqueItems: true })
      .default([...ASSET_TYPES])
      .describe(`Which kinds of asset to list; default all four (${ASSET_TYPES.join(', ')}).`),
    target_domain: z
      .string()
      .trim()
      .toLowerCase()
      .regex(BARE_DOMAIN, 'must be a bare domain like example.com, without https:// or a path')
      // Checked once lower-cased, so Example.COM is as good as example.com.
      .meta({ pattern: BARE_DOMAIN.source.replaceAll('a-z', 'A-Za-z') })
      .optional()
      .describe('Only sitelinks whose final URL is on this domain or a subdomain of it, like example.com.'),
    customer_id: accountArgument('search'),
  }),
  output: z.object({
    customer_id: z.string().describe('The Google Ads account.'),
    asset_types: z.array(z.enum(ASSET_TYPES)).describe('The kinds listed.'),
    target_domain: z.string().optional().describe('The domain filter, when given.'),
    sitelinks_on_other_domains: z
      .number()
      .optional()
      .describe('With target_domain: sitelinks left out for another domain.'),
    counts: z.partialRecord(z.enum(ASSET_TYPES), z.number()).describe('How many of each kind listed.'),
    total: z.number().describe('How many assets in all.'),
    images: z
      .array(
        z.object({
          id: z.string().describe('The asset id.'),
          name: z.string().nullable().describe('Its name.'),
          url: z.string().nullable().describe('URL of the full-size image.'),
          width: z.number().nullable().describe('Width in pixels.'),
          height: z.number().nullable().describe('Height in pixels.'),
          file_size_bytes: z.number().nullable().describe('File size in bytes.'),
        }),
      )
      .optional()
      .describe('Image assets, when asked for.'),
    sitelinks: z
      .array(
        z.object({
          id: z.string().describe('The asset id.'),
          link_text: z.string().describe('The link text.'),
          final_url: z.string().nullable().describe('Its first final URL.'),
          description1: z.string().optional().describe('First description line.'),
          description2: z.string().optional().describe('Second description line.'),
        }),
      )
      .optional()
      .describe('Sitelink assets, when asked for.'),
    callouts: z
      .array(
        z.object({ id: z.string().describe('The asset id.'), text: z.string().describe('The callout.') }),
      )
      .optional()
      .describe('Callout assets, when asked for.'),
    structured_snippets: z
      .array(
        z.object({
          id: z.string().describe('The asset id.'),
          header: z.string().describe('The snippet header, like Brands.'),
          values: z.array(z.string()).describe('Its values.'),
        }),
      )
      .optional()
      .describe('Structured snippet assets, when asked for.'),
  }),
  example: { asset_types: ['sitelinks', 'callouts'] },
  async run(args, context) {
    const customerId = context.account?.account_id ?? '';
    const kinds = args.asset_types as AssetKind[];
    const session = await PlatformSession.open(context, searchProtocol);
    const rows = await new SearchClient(session).search(customerId, assetQuery(kinds), assetRowSchema);
    const assets = rows.flatMap((row) => (row.asset ? [row.asset] : []));
    const grouped = groupAssets(assets, kinds, args.target_domain);
    const counts = Object.fromEntries(kinds.map((kind) => [kind, grouped[kind].length]));
    const total = kinds.reduce((sum, kind) => sum + grouped[kind].length, 0);
    return {
      text: describeAssets(customerId, context.account?.name, kinds, grouped, total, args.target_domain),
      structured: {
        customer_id: customerId,
        asset_types: kinds,
        ...(args.target_domain && {
          target_domain: args.target_domain,
          sitelinks_on_other_domains: grouped.skipped,
        }),
        counts,
        total,
        ...Object.fromEntries(kinds.map((kind) => [kind, grouped[kind]])),
      },
    };
  },
});
