/** The Performance Max image rules of validate_and_prepare_assets (docs/assets.md), one per argument. */

export const ASSET_GROUPS = [
  'marketing_images_landscape',
  'marketing_images_square',
  'marketing_images_portrait',
  'logos_square',
  'logos_landscape',
] as const;

export type AssetGroup = (typeof ASSET_GROUPS)[number];

export interface ImageRule {
  /** What a marketer calls it: "landscape marketing image". */
  label: string;
  /** Width to height, like [1.91, 1]. */
  ratio: readonly [number, number];
  minimum: readonly [number, number];
  recommended: readonly [number, number];
  required: boolean;
}

export const IMAGE_RULES: Record<AssetGroup, ImageRule> = {
  marketing_images_landscape: {
    label: 'landscape marketing image',
    ratio: [1.91, 1],
    minimum: [600, 314],
    recommended: [1200, 628],
    required: true,
  },
  marketing_images_square: {
    label: 'square marketing image',
    ratio: [1, 1],
    minimum: [300, 300],
    recommended: [1200, 1200],
    required: true,
  },
  marketing_images_portrait: {
    label: 'portrait marketing image',
    ratio: [4, 5],
    minimum: [480, 600],
    recommended: [960, 1200],
    required: false,
  },
  logos_square: {
    label: 'square logo',
    ratio: [1, 1],
    minimum: [128, 128],
    recommended: [1200, 1200],
    required: true,
  },
  logos_landscape: {
    label: 'landscape logo',
    ratio: [4, 1],
    minimum: [512, 128],
    recommended: [1200, 300],
    required: false,
  },
};

export const REQUIRED_GROUPS: readonly AssetGroup[] = ASSET_GROUPS.filter(
  (group) => IMAGE_RULES[group].required,
);

export const MAX_IMAGE_BYTES = 5120 * 1024;
/** Decided by the bytes, never by the name or the Content-Type. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

// Within 1%, inclusive; the epsilon keeps exactly 1% (1010x1000) from failing on float rounding.
const RATIO_TOLERANCE = 0.01 + 1e-9;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

const FAMILIAR_RATIOS = new Set(['16:9', '9:16', '21:9']);

/** `1:1`, `4:5`, `16:9` for ratios people know by name, else `1.88:1` to compare with `1.91:1`. */
export function describeRatio(width: number, height: number): string {
  const divisor = gcd(width, height);
  const [w, h] = [width / divisor, height / divisor];
  if ((w <= 5 && h <= 5) || FAMILIAR_RATIOS.has(`${w}:${h}`)) return `${w}:${h}`;
  return width >= height ? `${(width / height).toFixed(2)}:1` : `1:${(height / width).toFixed(2)}`;
}

function ruleRatio(rule: ImageRule): string {
  const [w, h] = rule.ratio;
  return `${w}:${h}`;
}

/**
 * Why an image of this size does not fit the group, with the actual and the required values
 * ("1000x1000 is 1:1; a landscape marketing image needs 1.91:1"); undefined when it fits.
 */
export function imageRuleViolation(group: AssetGroup, width: number, height: number): string | undefined {
  const rule = IMAGE_RULES[group];
  const problems: string[] = [];
  const [ratioW, ratioH] = rule.ratio;
  const wanted = ratioW / ratioH;
  if (height === 0 || Math.abs(width / height / wanted - 1) > RATIO_TOLERANCE) {
    const [w, h] = rule.recommended;
    problems.push(
      `${width}x${height} is ${height === 0 ? 'empty' : describeRatio(width, height)}; a ${rule.label} needs ` +
        `${ruleRatio(rule)} (within 1%), like ${w}x${h}`,
    );
  }
  const [minW, minH] = rule.minimum;
  if (width < minW || height < minH) {
    problems.push(`${width}x${height} is smaller than the ${minW}x${minH} minimum of a ${rule.label}`);
  }
  return problems.length > 0 ? problems.join('; ') : undefined;
}
