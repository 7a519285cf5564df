import { describe, expect, it } from 'vitest';
import { discoverExistingAssets } from '../../../src/tools/search/discover-existing-assets.ts';
import { validateAndPrepareAssets } from '../../../src/tools/search/validate-and-prepare-assets.ts';
import { accept, issue, reject } from './validate.ts';

describe('discover_existing_assets', () => {
  it('lists all four asset types by default', () => {
    expect(accept(discoverExistingAssets, {})).toEqual({
      asset_types: ['images', 'sitelinks', 'callouts', 'structured_snippets'],
    });
  });

  it('takes a subset, a bare domain (lowercased) and a dashed customer id', () => {
    const args = accept(discoverExistingAssets, {
      asset_types: ['sitelinks'],
      target_domain: ' Shop.Example.com ',
      customer_id: '123-456-7890',
    });
    expect(args).toMatchObject({ asset_types: ['sitelinks'], target_domain: 'shop.example.com' });
  });

  it('rejects an empty, repeated or unknown asset type list', () => {
    expect(reject(discoverExistingAssets, { asset_types: [] })).toContainEqual(
      issue('asset_types', 'at least 1 item'),
    );
    expect(reject(discoverExistingAssets, { asset_types: ['images', 'images'] })).toContainEqual(
      issue('asset_types', 'must not repeat'),
    );
    expect(reject(discoverExistingAssets, { asset_types: ['videos'] })).toContainEqual(
      issue('asset_types[0]', 'must be one of images, sitelinks, callouts, structured_snippets'),
    );
  });

  it('rejects a URL or a path as target_domain', () => {
    for (const target_domain of ['https://example.com', 'example.com/shop', 'localhost', '10.0.0.1']) {
      expect(reject(discoverExistingAssets, { target_domain })).toContainEqual(
        issue('target_domain', 'bare domain'),
      );
    }
  });

  it('has no dry_run, being read-only, and lists the accepted fields for an unknown one', () => {
    expect(reject(discoverExistingAssets, { dry_run: true })).toContainEqual(
      issue('dry_run', 'is not an accepted field (accepted: asset_types, target_domain, customer_id)'),
    );
  });
});

const images = {
  marketing_images_landscape: ['https://cdn.example.com/landscape.jpg'],
  marketing_images_square: ['https://cdn.example.com/square.png'],
  logos_square: ['https://cdn.example.com/logo.png'],
};

function urls(count: number, name: string): string[] {
  return Array.from({ length: count }, (_, index) => `https://cdn.example.com/${name}-${index}.jpg`);
}

describe('validate_and_prepare_assets', () => {
  it('accepts one image of each required group, dry_run off by default', () => {
    expect(accept(validateAndPrepareAssets, images)).toEqual({ ...images, dry_run: false });
  });

  it('requires each required group, with at least one image', () => {
    const { marketing_images_square: _, ...withoutSquare } = images;
    expect(reject(validateAndPrepareAssets, withoutSquare)).toContainEqual(
      issue('marketing_images_square', 'is required'),
    );
    expect(reject(validateAndPrepareAssets, { ...images, marketing_images_landscape: [] })).toContainEqual(
      issue('marketing_images_landscape', 'at least 1 item'),
    );
  });

  it('takes at most 5 logos of each shape', () => {
    expect(reject(validateAndPrepareAssets, { ...images, logos_square: urls(6, 'logo') })).toContainEqual(
      issue('logos_square', 'at most 5 items'),
    );
    expect(reject(validateAndPrepareAssets, { ...images, logos_landscape: urls(6, 'wide') })).toContainEqual(
      issue('logos_landscape', 'at most 5 items'),
    );
  });

  it('takes at most 20 marketing images over the three groups', () => {
    const twenty = {
      ...images,
      marketing_images_landscape: urls(10, 'l'),
      marketing_images_square: urls(5, 's'),
      marketing_images_portrait: urls(5, 'p'),
    };
    expect(accept(validateAndPrepareAssets, twenty)).toMatchObject({
      marketing_images_portrait: urls(5, 'p'),
    });
    expect(
      reject(validateAndPrepareAssets, { ...twenty, marketing_images_portrait: urls(6, 'p') }),
    ).toContainEqual(issue('', 'together must hold at most 20 images (got 21)'));
  });

  it('says why base64 data, data: URLs and file paths are refused', () => {
    const cases = [
      ['data:image/png;base64,iVBORw0KGgo=', 'is a data: URL'],
      [`/9j/4AAQSkZJRgABAQ${'A'.repeat(80)}`, 'looks like base64 image data'],
      ['/home/me/logo.png', 'is a file path'],
      ['./logo.png', 'is a file path'],
      ['C:\\Users\\me\\logo.png', 'is a file path'],
      ['file:///tmp/logo.png', 'is a file path'],
      ['http://cdn.example.com/logo.png', 'must be an absolute https:// URL'],
    ];
    for (const [url, message] of cases) {
      expect(reject(validateAndPrepareAssets, { ...images, logos_square: [url] })).toEqual([
        issue('logos_square[0]', `${message}`),
      ]);
    }
  });

  it('rejects a URL longer than 2,000 characters', () => {
    const long = `https://cdn.example.com/${'a'.repeat(2000)}.png`;
    expect(reject(validateAndPrepareAssets, { ...images, marketing_images_square: [long] })).toContainEqual(
      issue('marketing_images_square[0]', 'at most 2000 characters'),
    );
  });
});
