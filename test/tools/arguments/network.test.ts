import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { addNetworkCampaignToGroup } from '../../../src/tools/network/add-network-campaign-to-group.ts';
import { addNetworkCarouselCreative } from '../../../src/tools/network/add-network-carousel-creative.ts';
import { associateNetworkConversion } from '../../../src/tools/network/associate-network-conversion.ts';
import { createNetworkCarouselCampaign } from '../../../src/tools/network/create-network-carousel-campaign.ts';
import { createNetworkImageCampaign } from '../../../src/tools/network/create-network-image-campaign.ts';
import { createNetworkTextCampaign } from '../../../src/tools/network/create-network-text-campaign.ts';
import { createNetworkVideoCampaign } from '../../../src/tools/network/create-network-video-campaign.ts';
import { accept, issue, reject, TODAY } from './validate.ts';

const campaign = {
  campaign_name: 'Q4 launch',
  campaign_group_name: 'Q4 2026',
  organization_id: '2414183',
  daily_budget: 10,
  landing_page_url: 'https://example.com/q4',
  locations: ['urn:li:geo:103644278'],
};
const copy = { introductory_text: 'Meet the plan built for small teams.', headline: 'Plans from $5 a month' };
const image = { ...campaign, ...copy, image_urn: 'urn:li:image:C4E10AQFoyyAjHPMQuQ' };
const video = { ...campaign, ...copy, video_urn: 'urn:li:video:C5F10AQGKQg_6y2a4sQ' };
const card = {
  image_urn: 'urn:li:image:C4E10AQF1',
  headline: 'Card one',
  landing_page_url: 'https://example.com/1',
};
const cards = [card, { ...card, headline: 'Card two' }];
const carousel = { ...campaign, introductory_text: 'Swipe through the plans.', cards };
const text = { ...campaign, headline: 'Plans from $5', description: 'Built for small teams.' };

const defaults = { locale_country: 'US', locale_language: 'en', dry_run: false };

describe('network campaign arguments, shared by the create tools', () => {
  it('applies the defaults of each create tool', () => {
    expect(accept(createNetworkImageCampaign, image)).toEqual({
      ...image,
      ...defaults,
      objective: 'WEBSITE_VISIT',
      call_to_action: 'LEARN_MORE',
    });
    expect(accept(createNetworkVideoCampaign, video)).toMatchObject({
      objective: 'VIDEO_VIEW',
      call_to_action: 'LEARN_MORE',
    });
    expect(accept(createNetworkCarouselCampaign, carousel)).toMatchObject({
      objective: 'WEBSITE_VISIT',
      call_to_action: 'LEARN_MORE',
      ...defaults,
    });
    expect(accept(createNetworkTextCampaign, text)).toEqual({
      ...text,
      ...defaults,
      objective: 'WEBSITE_VISIT',
    });
  });

  it('takes every optional argument in its documented shape', () => {
    const full = {
      ...image,
      campaign_group_name: undefined,
      campaign_group_id: 'urn:li:sponsoredCampaignGroup:6123',
      organization_id: 'urn:li:organization:2414183',
      objective: 'WEBSITE_CONVERSION',
      total_budget: 300,
      currency: ' eur ',
      start_date: TODAY,
      end_date: '2026-12-31',
      locale_country: 'de',
      locale_language: 'DE',
      age_ranges: ['urn:li:ageRange:(25,34)'],
      genders: ['urn:li:gender:FEMALE'],
      company_sizes: ['urn:li:staffCountRange:(11,50)'],
      industries: ['urn:li:industry:4'],
      seniorities: ['urn:li:seniority:4'],
      job_functions: ['urn:li:function:8'],
      job_titles: ['urn:li:title:100'],
      skills: ['urn:li:skill:17'],
      call_to_action: 'REQUEST_DEMO',
      account_id: 'urn:li:sponsoredAccount:507404993',
      dry_run: true,
    };
    expect(accept(createNetworkImageCampaign, full)).toMatchObject({
      currency: 'EUR',
      locale_country: 'DE',
      locale_language: 'de',
      dry_run: true,
    });
  });

  it('needs exactly one of campaign_group_id and campaign_group_name', () => {
    const { campaign_group_name: _, ...noGroup } = image;
    expect(reject(createNetworkImageCampaign, noGroup)).toEqual([
      issue('campaign_group_id', 'is required: pass exactly one of campaign_group_id or campaign_group_name'),
    ]);
    expect(reject(createNetworkCarouselCampaign, { ...carousel, campaign_group_id: '6123' })).toEqual([
      issue('campaign_group_name', 'cannot be combined with campaign_group_id'),
    ]);
    expect(
      reject(createNetworkTextCampaign, { ...text, campaign_group_name: 'g'.repeat(101) }),
    ).toContainEqual(issue('campaign_group_name', 'at most 100 characters'));
  });

  it('checks names, ids and budgets', () => {
    expect(reject(createNetworkImageCampaign, { ...image, campaign_name: '   ' })).toContainEqual(
      issue('campaign_name', 'must not be empty'),
    );
    expect(reject(createNetworkImageCampaign, { ...image, campaign_name: 'c'.repeat(256) })).toContainEqual(
      issue('campaign_name', 'at most 255 characters'),
    );
    expect(reject(createNetworkImageCampaign, { ...image, organization_id: 'acme' })).toContainEqual(
      issue('organization_id', 'must be digits or urn:li:organization:<digits>'),
    );
    expect(reject(createNetworkImageCampaign, { ...image, daily_budget: 9.99 })).toContainEqual(
      issue('daily_budget', 'at least 10'),
    );
    expect(reject(createNetworkImageCampaign, { ...image, daily_budget: 50, total_budget: 40 })).toEqual([
      issue('total_budget', 'must be at least daily_budget (50)'),
    ]);
    expect(reject(createNetworkImageCampaign, { ...image, currency: 'ABC' })).toContainEqual(
      issue('currency', 'ISO 4217'),
    );
  });

  it('accepts the sandbox magic ids where an id is digits', () => {
    const magic = {
      ...image,
      campaign_group_name: undefined,
      campaign_group_id: 'sandbox_slow',
      organization_id: 'sandbox_server_error',
    };
    expect(accept(createNetworkImageCampaign, magic)).toMatchObject({ campaign_group_id: 'sandbox_slow' });
  });

  it('checks the landing page, the locations and the targeting URNs', () => {
    expect(
      reject(createNetworkImageCampaign, { ...image, landing_page_url: 'http://example.com' }),
    ).toContainEqual(issue('landing_page_url', 'https://'));
    expect(reject(createNetworkImageCampaign, { ...image, locations: [] })).toContainEqual(
      issue('locations', 'at least 1 item'),
    );
    expect(reject(createNetworkImageCampaign, { ...image, locations: ['US'] })).toContainEqual(
      issue('locations[0]', 'urn:li:geo:'),
    );
    expect(reject(createNetworkImageCampaign, { ...image, skills: ['urn:li:title:100'] })).toContainEqual(
      issue('skills[0]', 'must be a URN like urn:li:skill:17'),
    );
    expect(reject(createNetworkImageCampaign, { ...image, locale_country: 'USA' })).toContainEqual(
      issue('locale_country', 'two-letter country code'),
    );
  });

  it('checks objective and call_to_action against the tool', () => {
    expect(reject(createNetworkImageCampaign, { ...image, objective: 'VIDEO_VIEW' })).toContainEqual(
      issue('objective', 'must be one of BRAND_AWARENESS, ENGAGEMENT, WEBSITE_VISIT, WEBSITE_CONVERSION'),
    );
    expect(accept(createNetworkVideoCampaign, { ...video, objective: 'JOB_APPLICANT' })).toMatchObject({
      objective: 'JOB_APPLICANT',
    });
    expect(reject(createNetworkTextCampaign, { ...text, objective: 'ENGAGEMENT' })).toContainEqual(
      issue('objective', 'must be one of BRAND_AWARENESS, WEBSITE_VISIT, WEBSITE_CONVERSION'),
    );
    expect(reject(createNetworkImageCampaign, { ...image, call_to_action: 'BUY_NOW' })).toContainEqual(
      issue('call_to_action', 'must be one of APPLY, DOWNLOAD'),
    );
  });

  it('checks the schedule against today (UTC)', () => {
    expect(reject(createNetworkImageCampaign, { ...image, start_date: '2026-11-21' })).toEqual([
      issue('start_date', `must not be in the past: pass ${TODAY}`),
    ]);
    expect(
      reject(createNetworkImageCampaign, { ...image, start_date: '2026-12-01', end_date: '2026-12-01' }),
    ).toEqual([issue('end_date', 'must be after start_date (2026-12-01)')]);
    expect(reject(createNetworkImageCampaign, { ...image, end_date: TODAY })).toEqual([
      issue('end_date', `must be after today (${TODAY}, UTC)`),
    ]);
    expect(reject(createNetworkImageCampaign, { ...image, start_date: '2026-11-31' })).toContainEqual(
      issue('start_date', 'YYYY-MM-DD'),
    );
  });

  it('rejects an unknown field, listing the accepted ones', () => {
    const [unknown] = reject(createNetworkImageCampaign, { ...image, budget: 10 });
    expect(unknown).toEqual(
      issue('budget', 'is not an accepted field (accepted: campaign_name, organization_id'),
    );
    expect(unknown?.message).toContain('image_urn, asset_bundle_id)');
  });

  it('refuses the network brand name in the ad copy, case-insensitively', () => {
    expect(reject(createNetworkImageCampaign, { ...image, headline: 'Follow us on linkedin' })).toEqual([
      issue('headline', 'must not contain "LinkedIn"'),
    ]);
    expect(reject(createNetworkVideoCampaign, { ...video, introductory_text: 'Seen on LinkedIn' })).toEqual([
      issue('introductory_text', 'LinkedIn'),
    ]);
    expect(reject(createNetworkTextCampaign, { ...text, description: 'The LinkedIn way' })).toEqual([
      issue('description', 'LinkedIn'),
    ]);
  });

  it('takes the banned words from the configuration', () => {
    const config = loadConfig({ ADOPS_NETWORK_BANNED_WORDS: 'Acme' });
    expect(accept(createNetworkImageCampaign, { ...image, headline: 'LinkedIn pick' }, config)).toBeTruthy();
    expect(reject(createNetworkImageCampaign, { ...image, headline: 'Acme pick' }, config)).toEqual([
      issue('headline', 'must not contain "Acme"'),
    ]);
  });
});

describe('create_network_image_campaign', () => {
  it('needs exactly one of image_urn and asset_bundle_id', () => {
    const { image_urn: _, ...noImage } = image;
    expect(accept(createNetworkImageCampaign, { ...noImage, asset_bundle_id: 'ab_123' })).toMatchObject({
      asset_bundle_id: 'ab_123',
    });
    expect(reject(createNetworkImageCampaign, noImage)).toEqual([
      issue('image_urn', 'is required: pass exactly one of image_urn or asset_bundle_id'),
    ]);
    expect(reject(createNetworkImageCampaign, { ...image, asset_bundle_id: 'ab_123' })).toEqual([
      issue('asset_bundle_id', 'cannot be combined with image_urn'),
    ]);
    expect(
      reject(createNetworkImageCampaign, { ...image, image_urn: 'https://example.com/a.png' }),
    ).toContainEqual(issue('image_urn', 'urn:li:image:'));
  });

  it('limits the copy: introductory_text 600, headline 70', () => {
    expect(
      reject(createNetworkImageCampaign, { ...image, introductory_text: 'i'.repeat(601) }),
    ).toContainEqual(issue('introductory_text', 'at most 600 characters'));
    expect(reject(createNetworkImageCampaign, { ...image, headline: 'h'.repeat(71) })).toContainEqual(
      issue('headline', 'at most 70 characters'),
    );
    const { headline: _, ...noHeadline } = image;
    expect(reject(createNetworkImageCampaign, noHeadline)).toContainEqual(issue('headline', 'is required'));
  });
});

describe('create_network_video_campaign', () => {
  it('needs exactly one of video_urn and an https video_url', () => {
    const { video_urn: _, ...noVideo } = video;
    expect(
      accept(createNetworkVideoCampaign, { ...noVideo, video_url: 'https://cdn.example.com/a.mp4' }),
    ).toBeTruthy();
    expect(reject(createNetworkVideoCampaign, noVideo)).toEqual([
      issue('video_urn', 'pass exactly one of video_urn or video_url'),
    ]);
    expect(
      reject(createNetworkVideoCampaign, { ...video, video_url: 'https://cdn.example.com/a.mp4' }),
    ).toEqual([issue('video_url', 'cannot be combined with video_urn')]);
    expect(
      reject(createNetworkVideoCampaign, { ...noVideo, video_url: 'ftp://cdn.example.com/a.mp4' }),
    ).toContainEqual(issue('video_url', 'https://'));
  });
});

describe('create_network_carousel_campaign', () => {
  it('limits introductory_text to 255 and cards to 2 to 10', () => {
    expect(
      reject(createNetworkCarouselCampaign, { ...carousel, introductory_text: 'i'.repeat(256) }),
    ).toContainEqual(issue('introductory_text', 'at most 255 characters'));
    expect(reject(createNetworkCarouselCampaign, { ...carousel, cards: [card] })).toContainEqual(
      issue('cards', 'at least 2 items'),
    );
    expect(
      reject(createNetworkCarouselCampaign, { ...carousel, cards: Array(11).fill(card) }),
    ).toContainEqual(issue('cards', 'at most 10 items'));
  });

  it('checks each card', () => {
    const { image_urn: _, ...noImage } = card;
    const bad = [
      { ...card, image_url: 'https://cdn.example.com/1.png' },
      noImage,
      { ...card, headline: 'h'.repeat(46), description: 'd'.repeat(101), landing_page_url: 'example.com' },
    ];
    const issues = reject(createNetworkCarouselCampaign, { ...carousel, cards: bad });
    expect(issues).toContainEqual(issue('cards[0].image_url', 'cannot be combined with image_urn'));
    expect(issues).toContainEqual(issue('cards[1].image_urn', 'pass exactly one of image_urn or image_url'));
    expect(issues).toContainEqual(issue('cards[2].headline', 'at most 45 characters'));
    expect(issues).toContainEqual(issue('cards[2].description', 'at most 100 characters'));
    expect(issues).toContainEqual(issue('cards[2].landing_page_url', 'https://'));
  });

  it('accepts card images by URL but not as data', () => {
    const byUrl = { ...card, image_urn: undefined, image_url: 'https://cdn.example.com/1.png' };
    expect(accept(createNetworkCarouselCampaign, { ...carousel, cards: [byUrl, card] })).toBeTruthy();
    expect(
      reject(createNetworkCarouselCampaign, {
        ...carousel,
        cards: [{ ...byUrl, image_url: 'data:image/png;base64,AAAA' }, card],
      }),
    ).toEqual([issue('cards[0].image_url', 'is a data: URL')]);
  });

  it('names an unknown card field by its path', () => {
    expect(
      reject(createNetworkCarouselCampaign, { ...carousel, cards: [{ ...card, title: 'x' }, card] }),
    ).toEqual([
      issue('cards[0].title', 'is not an accepted field (accepted: image_urn, image_url, headline'),
    ]);
  });

  it('refuses the brand name in card copy', () => {
    const branded = [card, { ...card, description: 'As seen on LinkedIn' }];
    expect(reject(createNetworkCarouselCampaign, { ...carousel, cards: branded })).toEqual([
      issue('cards[1].description', 'LinkedIn'),
    ]);
  });
});

describe('create_network_text_campaign', () => {
  it('has no call_to_action and limits headline to 25 and description to 75', () => {
    expect(reject(createNetworkTextCampaign, { ...text, call_to_action: 'LEARN_MORE' })).toContainEqual(
      issue('call_to_action', 'is not an accepted field'),
    );
    expect(reject(createNetworkTextCampaign, { ...text, headline: 'h'.repeat(26) })).toContainEqual(
      issue('headline', 'at most 25 characters'),
    );
    expect(reject(createNetworkTextCampaign, { ...text, description: 'd'.repeat(76) })).toContainEqual(
      issue('description', 'at most 75 characters'),
    );
  });

  it('takes at most one image', () => {
    expect(
      accept(createNetworkTextCampaign, { ...text, image_url: 'https://cdn.example.com/100.png' }),
    ).toBeTruthy();
    expect(
      reject(createNetworkTextCampaign, {
        ...text,
        image_url: 'https://cdn.example.com/100.png',
        image_urn: 'urn:li:image:X',
      }),
    ).toEqual([issue('image_url', 'cannot be combined with image_urn')]);
  });
});

describe('add_network_campaign_to_group', () => {
  const { campaign_group_name: _, ...shared } = campaign;
  const base = { ...shared, campaign_group_id: '6123' };

  it('accepts each ad type with its own creative fields; objective inherited', () => {
    const image = accept(addNetworkCampaignToGroup, {
      ...base,
      ad_type: 'image',
      ...copy,
      asset_bundle_id: 'ab_1',
    });
    expect(image).toMatchObject({ ad_type: 'image', ...defaults });
    expect(image).not.toHaveProperty('objective');
    expect(
      accept(addNetworkCampaignToGroup, {
        ...base,
        ad_type: 'video',
        ...copy,
        video_url: 'https://x.io/a.mp4',
      }),
    ).toBeTruthy();
    expect(
      accept(addNetworkCampaignToGroup, { ...base, ad_type: 'carousel', introductory_text: 'Swipe', cards }),
    ).toBeTruthy();
    const textAd = {
      ...base,
      ad_type: 'text',
      text_headline: 'Plans from $5',
      text_description: 'For small teams',
    };
    expect(accept(addNetworkCampaignToGroup, textAd)).toBeTruthy();
  });

  it('needs campaign_group_id and ad_type, and knows no campaign_group_name', () => {
    const issues = reject(addNetworkCampaignToGroup, {
      ...campaign,
      text_headline: 'a',
      text_description: 'b',
    });
    expect(issues).toContainEqual(issue('campaign_group_id', 'is required'));
    expect(issues).toContainEqual(issue('ad_type', 'is required: one of image, video, carousel, text'));
    expect(issues).toContainEqual(issue('campaign_group_name', 'is not an accepted field'));
  });

  it("requires the ad type's fields and refuses another type's", () => {
    const issues = reject(addNetworkCampaignToGroup, {
      ...base,
      ad_type: 'text',
      ...copy,
      text_headline: 'Plans',
    });
    expect(issues).toEqual([
      issue('headline', 'is for image or video ads, not text: remove it'),
      issue('introductory_text', 'is for image or video or carousel ads, not text: remove it'),
      issue('text_description', 'is required for a text ad'),
    ]);
    expect(reject(addNetworkCampaignToGroup, { ...base, ad_type: 'image', ...copy })).toEqual([
      issue('image_urn', 'pass exactly one of image_urn or asset_bundle_id'),
    ]);
  });

  it('checks the rules that depend on the ad type', () => {
    const long = { ...base, ad_type: 'carousel', introductory_text: 'i'.repeat(256), cards };
    expect(reject(addNetworkCampaignToGroup, long)).toEqual([
      issue('introductory_text', 'must be at most 255 characters for a carousel ad'),
    ]);
    const textAd = { ...base, ad_type: 'text', text_headline: 'Plans', text_description: 'For teams' };
    expect(reject(addNetworkCampaignToGroup, { ...textAd, objective: 'VIDEO_VIEW' })).toEqual([
      issue('objective', 'must be one of BRAND_AWARENESS, WEBSITE_VISIT, WEBSITE_CONVERSION for a text ad'),
    ]);
    expect(reject(addNetworkCampaignToGroup, { ...textAd, call_to_action: 'APPLY' })).toEqual([
      issue('call_to_action', 'text ads have no call-to-action button'),
    ]);
    expect(reject(addNetworkCampaignToGroup, { ...textAd, text_headline: 'h'.repeat(26) })).toContainEqual(
      issue('text_headline', 'at most 25 characters'),
    );
    expect(reject(addNetworkCampaignToGroup, { ...textAd, text_headline: 'LinkedIn deals' })).toEqual([
      issue('text_headline', 'LinkedIn'),
    ]);
  });
});

describe('add_network_carousel_creative', () => {
  const creative = {
    campaign_id: '9001',
    organization_id: '2414183',
    cards,
    introductory_text: 'Another take on the plans.',
    landing_page_url: 'https://example.com/plans',
  };

  it('accepts the minimal call with call_to_action LEARN_MORE', () => {
    expect(accept(addNetworkCarouselCreative, creative)).toEqual({
      ...creative,
      call_to_action: 'LEARN_MORE',
      dry_run: false,
    });
    expect(
      accept(addNetworkCarouselCreative, { ...creative, campaign_id: 'sandbox_rate_limited' }),
    ).toBeTruthy();
  });

  it('checks its fields', () => {
    expect(reject(addNetworkCarouselCreative, { ...creative, campaign_id: 'carousel' })).toContainEqual(
      issue('campaign_id', 'must be digits or urn:li:sponsoredCampaign:<digits>'),
    );
    expect(
      reject(addNetworkCarouselCreative, { ...creative, introductory_text: 'i'.repeat(256) }),
    ).toContainEqual(issue('introductory_text', 'at most 255 characters'));
    expect(
      reject(addNetworkCarouselCreative, { ...creative, creative_name: 'n'.repeat(256) }),
    ).toContainEqual(issue('creative_name', 'at most 255 characters'));
    expect(
      reject(addNetworkCarouselCreative, { ...creative, landing_page_url: 'javascript:alert(1)' }),
    ).toContainEqual(issue('landing_page_url', 'https://'));
    expect(reject(addNetworkCarouselCreative, { ...creative, cards: [card] })).toContainEqual(
      issue('cards', 'at least 2 items'),
    );
    const { organization_id: _, ...noAuthor } = creative;
    expect(reject(addNetworkCarouselCreative, noAuthor)).toContainEqual(
      issue('organization_id', 'is required'),
    );
  });

  it('refuses the brand name in the copy and unknown fields', () => {
    const branded = { ...creative, cards: [{ ...card, headline: 'LinkedIn tips' }, card] };
    expect(reject(addNetworkCarouselCreative, branded)).toEqual([issue('cards[0].headline', 'LinkedIn')]);
    expect(reject(addNetworkCarouselCreative, { ...creative, campaign_name: 'x' })).toContainEqual(
      issue('campaign_name', 'accepted: campaign_id, organization_id, cards, introductory_text'),
    );
  });
});

describe('associate_network_conversion', () => {
  it('accepts both ids, the magic ones included', () => {
    expect(accept(associateNetworkConversion, { campaign_id: '9001', conversion_id: '104' })).toEqual({
      campaign_id: '9001',
      conversion_id: '104',
      dry_run: false,
    });
    expect(
      accept(associateNetworkConversion, { campaign_id: 'sandbox_slow', conversion_id: 'sandbox_slow' }),
    ).toBeTruthy();
  });

  it('requires both ids as digits', () => {
    expect(reject(associateNetworkConversion, { campaign_id: '9001' })).toEqual([
      issue('conversion_id', 'is required'),
    ]);
    expect(reject(associateNetworkConversion, { campaign_id: '9001', conversion_id: 'purchase' })).toEqual([
      issue('conversion_id', 'must be digits'),
    ]);
  });
});
