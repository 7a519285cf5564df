import { type SandboxStore, sandboxId } from '../store.ts';
import type { StoredAd, StoredAdGroup, StoredAsset } from './resources.ts';

const ASSETS: StoredAsset[] = [
  {
    type: 'IMAGE',
    name: 'Hero banner',
    imageAsset: {
      fileSize: '182000',
      mimeType: 'IMAGE_JPEG',
      fullSize: { url: 'https://example.com/hero-1200x628.jpg', widthPixels: '1200', heightPixels: '628' },
    },
  },
  {
    type: 'IMAGE',
    name: 'Square logo',
    imageAsset: {
      fileSize: '96000',
      mimeType: 'IMAGE_PNG',
      fullSize: { url: 'https://example.com/logo-1200.png', widthPixels: '1200', heightPixels: '1200' },
    },
  },
  {
    type: 'SITELINK',
    finalUrls: ['https://example.com/pricing'],
    sitelinkAsset: {
      linkText: 'Pricing',
      description1: 'Plans for every team',
      description2: 'Billed monthly',
    },
  },
  { type: 'SITELINK', finalUrls: ['https://shop.example.com/'], sitelinkAsset: { linkText: 'Shop' } },
  {
    type: 'SITELINK',
    finalUrls: ['https://partner.example.org/deal'],
    sitelinkAsset: { linkText: 'Partner offer' },
  },
  { type: 'CALLOUT', calloutAsset: { calloutText: 'Free shipping' } },
  { type: 'CALLOUT', calloutAsset: { calloutText: '24/7 support' } },
  {
    type: 'STRUCTURED_SNIPPET',
    structuredSnippetAsset: { header: 'Services', values: ['Planning', 'Tracking', 'Reports'] },
  },
  { type: 'TEXT', textAsset: { text: 'Project tools for teams' } },
];

/**
 * A sandbox Google Ads customer: two ad groups, a responsive search ad in each, a legacy expanded text
 * ad (which cannot take new headlines), and image, sitelink, callout, snippet and text assets, stored
 * as the API's own JSON resources.
 */
export async function seedSearchAccount(store: SandboxStore, accountId: string, now: Date): Promise<void> {
  const brand = sandboxId(11);
  const competitors = sandboxId(11);
  const groups: Array<[string, StoredAdGroup]> = [
    [brand, { name: 'Brand terms', status: 'ENABLED' }],
    [competitors, { name: 'Competitor terms', status: 'ENABLED' }],
  ];
  for (const [id, data] of groups) await store.put({ type: 'ad_group', id, accountId, data }, now);
  const ads: Array<[string, StoredAd]> = [
    [
      brand,
      {
        status: 'ENABLED',
        ad: {
          type: 'RESPONSIVE_SEARCH_AD',
          finalUrls: ['https://example.com/'],
          responsiveSearchAd: {
            headlines: [
              { text: 'Project tools for teams', pinnedField: 'HEADLINE_1' },
              { text: 'Plans from $5 a month' },
              { text: 'Try it free' },
            ],
            descriptions: [{ text: 'Plan, track and ship together.' }, { text: 'Set up in minutes.' }],
          },
        },
      },
    ],
    [
      brand,
      {
        status: 'ENABLED',
        ad: {
          type: 'EXPANDED_TEXT_AD',
          finalUrls: ['https://example.com/'],
          expandedTextAd: {
            headlinePart1: 'Legacy text ad',
            headlinePart2: 'Still running',
            description: 'Created before responsive search ads.',
          },
        },
      },
    ],
    [
      competitors,
      {
        status: 'ENABLED',
        ad: {
          type: 'RESPONSIVE_SEARCH_AD',
          finalUrls: ['https://example.com/compare'],
          responsiveSearchAd: {
            headlines: [
              { text: 'Switch in one click' },
              { text: 'Import your projects' },
              { text: 'Compare plans' },
            ],
            descriptions: [
              { text: 'Bring your boards and keep your history.' },
              { text: 'Free for 30 days.' },
            ],
          },
        },
      },
    ],
  ];
  for (const [adGroup, data] of ads) {
    await store.put({ type: 'ad', id: sandboxId(12), accountId, parentId: adGroup, data }, now);
  }
  for (const data of ASSETS) await store.put({ type: 'asset', id: sandboxId(11), accountId, data }, now);
}
