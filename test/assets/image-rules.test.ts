import { describe, expect, it } from 'vitest';
import {
  describeRatio,
  IMAGE_RULES,
  imageRuleViolation,
  REQUIRED_GROUPS,
} from '../../src/assets/image-rules.ts';
import { inspectImage } from '../../src/assets/inspect-image.ts';
import { makeAnimatedGif, makeImage } from './support/images.ts';

describe('image inspection', () => {
  it('reads format, size and animation from real files', async () => {
    expect(await inspectImage(await makeImage(1200, 628, 'jpeg'))).toEqual({
      format: 'jpeg',
      width: 1200,
      height: 628,
      animated: false,
    });
    expect(await inspectImage(await makeImage(300, 300, 'png'))).toMatchObject({ format: 'png', width: 300 });
    expect(await inspectImage(await makeImage(64, 32, 'webp'))).toMatchObject({ format: 'webp', height: 32 });
    expect(await inspectImage(await makeAnimatedGif(128, 128))).toEqual({
      format: 'gif',
      width: 128,
      height: 128,
      animated: true,
    });
  });

  it('gives nothing for bytes that are not an image', async () => {
    expect(await inspectImage(Buffer.from('<html>not an image</html>'))).toBeUndefined();
    const png = await makeImage(300, 300, 'png');
    expect(await inspectImage(png.subarray(0, 20))).toBeUndefined();
  });
});

describe('the image rules per group', () => {
  it('accepts the recommended and the minimum size of every group', () => {
    for (const [group, rule] of Object.entries(IMAGE_RULES)) {
      const key = group as keyof typeof IMAGE_RULES;
      expect(imageRuleViolation(key, ...rule.recommended), `${group} recommended`).toBeUndefined();
      expect(imageRuleViolation(key, ...rule.minimum), `${group} minimum`).toBeUndefined();
    }
  });

  it('requires landscape, square and square logo images', () => {
    expect(REQUIRED_GROUPS).toEqual([
      'marketing_images_landscape',
      'marketing_images_square',
      'logos_square',
    ]);
  });

  it('allows 1% off the ratio and no more', () => {
    expect(imageRuleViolation('marketing_images_landscape', 1200, 630)).toBeUndefined();
    expect(imageRuleViolation('marketing_images_landscape', 1200, 640)).toBe(
      '1200x640 is 1.88:1; a landscape marketing image needs 1.91:1 (within 1%), like 1200x628',
    );
    expect(imageRuleViolation('marketing_images_square', 1010, 1000)).toBeUndefined();
    expect(imageRuleViolation('marketing_images_square', 1030, 1000)).toContain('1030x1000 is 1.03:1');
  });

  it('says the actual and the required values', () => {
    expect(imageRuleViolation('marketing_images_landscape', 1000, 1000)).toBe(
      '1000x1000 is 1:1; a landscape marketing image needs 1.91:1 (within 1%), like 1200x628',
    );
    expect(imageRuleViolation('marketing_images_square', 200, 200)).toBe(
      '200x200 is smaller than the 300x300 minimum of a square marketing image',
    );
    expect(imageRuleViolation('marketing_images_portrait', 400, 300)).toBe(
      '400x300 is 4:3; a portrait marketing image needs 4:5 (within 1%), like 960x1200; ' +
        '400x300 is smaller than the 480x600 minimum of a portrait marketing image',
    );
    expect(imageRuleViolation('logos_landscape', 400, 100)).toContain('smaller than the 512x128 minimum');
    expect(imageRuleViolation('logos_square', 100, 100)).toContain('smaller than the 128x128 minimum');
  });

  it('names ratios the way people say them', () => {
    expect(describeRatio(1920, 1080)).toBe('16:9');
    expect(describeRatio(1200, 1500)).toBe('4:5');
    expect(describeRatio(1200, 628)).toBe('1.91:1');
    expect(describeRatio(1000, 1300)).toBe('1:1.30');
  });
});
