import type { MediaRequest } from './media.ts';

/** The first (or another) ad of a campaign, as the tools describe it. */
export type AdSpec =
  | { kind: 'image'; introductoryText: string; headline: string; callToAction: string; image: MediaRequest }
  | { kind: 'video'; introductoryText: string; headline: string; callToAction: string; video: MediaRequest }
  | CarouselAd
  | { kind: 'text'; headline: string; description: string; image?: MediaRequest | undefined };

export interface CarouselAd {
  kind: 'carousel';
  introductoryText: string;
  callToAction: string;
  cards: Array<{
    image: MediaRequest;
    headline: string;
    landingPage: string;
    description?: string | undefined;
  }>;
}

/** The images and videos an ad needs, in a fixed order the other steps index into. */
export function adMedia(ad: AdSpec): MediaRequest[] {
  switch (ad.kind) {
    case 'image':
      return [ad.image];
    case 'video':
      return [ad.video];
    case 'carousel':
      return ad.cards.map((card) => card.image);
    case 'text':
      return ad.image ? [ad.image] : [];
  }
}

// The builders below are the one place the network tools' ad arguments become an ad: each create tool
// and add_network_campaign_to_group (which takes any kind) call them with the fields as parsed.

interface SponsoredCopy {
  introductory_text: string;
  call_to_action: string;
}

/** A single-image ad: an image already on LinkedIn, or an asset bundle's first fitting image. */
export function imageAd(
  args: SponsoredCopy & {
    headline: string;
    image_urn?: string | undefined;
    asset_bundle_id?: string | undefined;
  },
): AdSpec {
  return {
    kind: 'image',
    introductoryText: args.introductory_text,
    headline: args.headline,
    callToAction: args.call_to_action,
    image: args.image_urn
      ? { field: 'image_urn', kind: 'image', source: { urn: args.image_urn } }
      : { field: 'asset_bundle_id', kind: 'image', source: { bundleId: args.asset_bundle_id ?? '' } },
  };
}

/** A video ad: a video already on LinkedIn, or an MP4 to download. */
export function videoAd(
  args: SponsoredCopy & { headline: string; video_urn?: string | undefined; video_url?: string | undefined },
): AdSpec {
  return {
    kind: 'video',
    introductoryText: args.introductory_text,
    headline: args.headline,
    callToAction: args.call_to_action,
    video: args.video_urn
      ? { field: 'video_urn', kind: 'video', source: { urn: args.video_urn } }
      : { field: 'video_url', kind: 'video', source: { url: args.video_url ?? '' } },
  };
}

export interface CardArguments {
  image_urn?: string | undefined;
  image_url?: string | undefined;
  headline: string;
  landing_page_url: string;
  description?: string | undefined;
}

/** A carousel ad, each card's image named by its field (`cards[1].image_url`). */
export function carouselAd(args: SponsoredCopy & { cards: readonly CardArguments[] }): CarouselAd {
  return {
    kind: 'carousel',
    introductoryText: args.introductory_text,
    callToAction: args.call_to_action,
    cards: args.cards.map((card, index) => ({
      image: card.image_urn
        ? { field: `cards[${index}].image_urn`, kind: 'image', source: { urn: card.image_urn } }
        : { field: `cards[${index}].image_url`, kind: 'image', source: { url: card.image_url ?? '' } },
      headline: card.headline,
      landingPage: card.landing_page_url,
      description: card.description,
    })),
  };
}

/** A text ad, with its optional 100 x 100 image: an uploaded URN, or one to download. */
export function textAd(args: {
  headline: string;
  description: string;
  image_urn?: string | undefined;
  image_url?: string | undefined;
}): AdSpec {
  let image: MediaRequest | undefined;
  if (args.image_urn) image = { field: 'image_urn', kind: 'image', source: { urn: args.image_urn } };
  else if (args.image_url) {
    image = {
      field: 'image_url',
      kind: 'image',
      source: { url: args.image_url },
      exactSize: { width: 100, height: 100 },
    };
  }
  return { kind: 'text', headline: args.headline, description: args.description, image };
}
