import type { ImageVerdict } from './check-images.ts';
import { ASSET_GROUPS, type AssetGroup } from './image-rules.ts';

/** Each verdict with the argument path it came from, like `logos_square[1]`. */
function withFields(verdicts: readonly ImageVerdict[]): Array<ImageVerdict & { field: string }> {
  const seen = new Map<AssetGroup, number>();
  return verdicts.map((verdict) => {
    const index = seen.get(verdict.group) ?? 0;
    seen.set(verdict.group, index + 1);
    return { ...verdict, field: `${verdict.group}[${index}]` };
  });
}

function groupCounts(verdicts: readonly ImageVerdict[]): string {
  return ASSET_GROUPS.flatMap((group) => {
    const inGroup = verdicts.filter((verdict) => verdict.group === group);
    if (inGroup.length === 0) return [];
    const accepted = inGroup.filter((verdict) => verdict.verdict === 'accepted').length;
    return [`${group} ${accepted}/${inGroup.length}`];
  }).join(', ');
}

function rejectionLines(verdicts: readonly ImageVerdict[]): string[] {
  return withFields(verdicts)
    .filter((verdict) => verdict.verdict === 'rejected')
    .map((verdict) => `- ${verdict.field} ${verdict.url}: ${verdict.reason}`);
}

function overview(verdicts: readonly ImageVerdict[]): string[] {
  const accepted = verdicts.filter((verdict) => verdict.verdict === 'accepted').length;
  const rejected = verdicts.length - accepted;
  const lines = [
    `Checked ${verdicts.length} images: ${accepted} accepted, ${rejected} rejected.`,
    `Accepted per group: ${groupCounts(verdicts)}.`,
  ];
  if (rejected > 0) lines.push('Rejected:', ...rejectionLines(verdicts));
  return lines;
}

/** The answer's text: counts per group, every rejection with its reason, and what to do next. */
export function preparedText(verdicts: readonly ImageVerdict[], bundleId: string | null): string {
  const accepted = verdicts.filter((verdict) => verdict.verdict === 'accepted').length;
  const ending =
    bundleId === null
      ? [
          'Dry run: nothing was stored. Call again without dry_run to store the ' +
            `${accepted} accepted images and get an asset_bundle_id.`,
        ]
      : [
          `Stored the ${accepted} accepted images in asset bundle ${bundleId}.`,
          `Next step: pass asset_bundle_id "${bundleId}" to create_network_image_campaign (or to ` +
            'add_network_campaign_to_group with ad_type image).',
        ];
  return [...overview(verdicts), ...ending].join('\n');
}

/** The 400's message when a required group has no valid image: which groups, and every rejection. */
export function missingGroupsText(missing: readonly AssetGroup[], verdicts: readonly ImageVerdict[]): string {
  return [
    `No valid image in ${missing.join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} required; ` +
      'nothing was stored.',
    ...overview(verdicts),
    'Fix or replace the rejected images and call again.',
  ].join('\n');
}
