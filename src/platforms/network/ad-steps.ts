import { creativeBody, postBody } from './bodies.ts';
import type { MediaRequest, ReadyMedia } from './media.ts';
import type { NetworkRunner } from './runner.ts';
import type { PostBody, UploadInstruction } from './types.ts';

type UploadMedia = Extract<ReadyMedia, { bytes: Buffer }>;

/** The first (or another) ad of a campaign, as the tools describe it. */
export type AdSpec =
  | { kind: 'image'; introductoryText: string; headline: string; callToAction: string; image: MediaRequest }
  | { kind: 'video'; introductoryText: string; headline: string; callToAction: string; video: MediaRequest }
  | {
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
  | { kind: 'text'; headline: string; description: string; image?: MediaRequest | undefined };

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

function describeBytes(media: UploadMedia): string {
  return `${media.mime}, ${media.bytes.byteLength} bytes`;
}

/** Uploads what is not on LinkedIn yet (as the organization) and returns every media URN, in order. */
export async function uploadMedia(
  runner: NetworkRunner,
  organizationUrn: string,
  media: ReadyMedia[],
): Promise<string[]> {
  const urns: string[] = [];
  for (const item of media) {
    if ('urn' in item) urns.push(item.urn);
    else if (item.kind === 'image') urns.push(await uploadImage(runner, organizationUrn, item));
    else urns.push(await uploadVideo(runner, organizationUrn, item));
  }
  return urns;
}

async function uploadImage(runner: NetworkRunner, owner: string, media: UploadMedia): Promise<string> {
  const { requests } = runner.client;
  const response = await runner.send(
    `register an upload for ${media.field} (${describeBytes(media)})`,
    requests.initializeImageUpload(owner),
  );
  let uploadUrl = runner.placeholder('value.uploadUrl');
  let image = runner.placeholder('value.image');
  if (response) {
    const value = (JSON.parse(response.body) as { value: { uploadUrl: string; image: string } }).value;
    uploadUrl = value.uploadUrl;
    image = value.image;
    runner.note({ type: 'image', id: image });
  }
  await runner.send(`upload the bytes of ${media.field}`, requests.uploadBytes(uploadUrl, media.bytes));
  return image;
}

/** LinkedIn's multipart video upload: register, put each part it asks for, then finalize with the ETags. */
async function uploadVideo(runner: NetworkRunner, owner: string, media: UploadMedia): Promise<string> {
  const { requests } = runner.client;
  const size = media.bytes.byteLength;
  const response = await runner.send(
    `register an upload for ${media.field} (${describeBytes(media)})`,
    requests.initializeVideoUpload(owner, size),
  );
  let video = runner.placeholder('value.video');
  let uploadToken = runner.placeholder('value.uploadToken');
  let parts: UploadInstruction[] = [
    {
      uploadUrl: runner.placeholder('value.uploadInstructions[].uploadUrl'),
      firstByte: 0,
      lastByte: size - 1,
    },
  ];
  if (response) {
    const value = (
      JSON.parse(response.body) as {
        value: { video: string; uploadToken?: string; uploadInstructions: UploadInstruction[] };
      }
    ).value;
    video = value.video;
    uploadToken = value.uploadToken ?? '';
    parts = value.uploadInstructions;
    runner.note({ type: 'video', id: video });
  }
  const etags: string[] = [];
  for (const [index, part] of parts.entries()) {
    const bytes = media.bytes.subarray(part.firstByte, part.lastByte + 1);
    const answer = await runner.send(
      `upload part ${index + 1} of ${parts.length} of ${media.field}`,
      requests.uploadBytes(part.uploadUrl, bytes),
    );
    etags.push(answer?.headers.etag ?? runner.placeholder('ETag header'));
  }
  await runner.send(
    `finalize the upload of ${media.field}`,
    requests.finalizeVideoUpload(video, uploadToken, etags),
  );
  return video;
}

/**
 * Creates the ad of a campaign: for sponsored content a dark post (image, video or carousel) and the
 * creative that references it; for a text ad the creative alone. Both are cleaned up if a later step
 * fails.
 */
export async function createAd(
  runner: NetworkRunner,
  fields: {
    ad: AdSpec;
    mediaUrns: string[];
    campaignUrn: string;
    organizationUrn: string;
    accountId: string;
    landingPage: string;
    name?: string | undefined;
  },
): Promise<{ postUrn?: string; creativeUrn: string }> {
  const { ad, mediaUrns } = fields;
  const { requests } = runner.client;
  if (ad.kind === 'text') {
    const content = {
      textAd: {
        headline: ad.headline,
        description: ad.description,
        landingPage: fields.landingPage,
        ...(mediaUrns[0] && { image: mediaUrns[0] }),
      },
    };
    const creativeUrn = await runner.create(
      'create the text ad creative',
      requests.createCreative(creativeBody(fields.campaignUrn, content, fields.name)),
      { type: 'creative', name: fields.name, cleanup: (id) => requests.removeCreative(id) },
    );
    return { creativeUrn };
  }
  let content: PostBody['content'];
  if (ad.kind === 'carousel') {
    content = {
      carousel: {
        cards: ad.cards.map((card, index) => ({
          media: {
            id: mediaUrns[index] ?? '',
            title: card.headline,
            ...(card.description && { altText: card.description }),
          },
          landingPage: card.landingPage,
        })),
      },
    };
  } else {
    content = { media: { id: mediaUrns[0] ?? '', title: ad.headline } };
  }
  const postUrn = await runner.create(
    `create the sponsored ${ad.kind} post`,
    requests.createPost(
      postBody({
        organizationUrn: fields.organizationUrn,
        accountId: fields.accountId,
        commentary: ad.introductoryText,
        content,
        landingPage: fields.landingPage,
        callToAction: ad.callToAction,
        name: fields.name,
      }),
    ),
    { type: 'post', cleanup: (id) => requests.deletePost(id) },
  );
  const creativeUrn = await runner.create(
    'create the creative',
    requests.createCreative(creativeBody(fields.campaignUrn, { reference: postUrn }, fields.name)),
    { type: 'creative', name: fields.name, cleanup: (id) => requests.removeCreative(id) },
  );
  return { postUrn, creativeUrn };
}

/** The carousel cards of the tools' arguments as an ad's cards, each image named by its field. */
export function carouselAdCards(
  cards: ReadonlyArray<{
    image_urn?: string | undefined;
    image_url?: string | undefined;
    headline: string;
    landing_page_url: string;
    description?: string | undefined;
  }>,
): Extract<AdSpec, { kind: 'carousel' }>['cards'] {
  return cards.map((card, index) => ({
    image: card.image_urn
      ? { field: `cards[${index}].image_urn`, kind: 'image', source: { urn: card.image_urn } }
      : { field: `cards[${index}].image_url`, kind: 'image', source: { url: card.image_url ?? '' } },
    headline: card.headline,
    landingPage: card.landing_page_url,
    description: card.description,
  }));
}

/** A text ad's optional image: an uploaded URN, or a 100 x 100 image to download. */
export function textAdImage(
  imageUrn: string | undefined,
  imageUrl: string | undefined,
  urnField: string,
  urlField: string,
): MediaRequest | undefined {
  if (imageUrn) return { field: urnField, kind: 'image', source: { urn: imageUrn } };
  if (imageUrl) {
    return {
      field: urlField,
      kind: 'image',
      source: { url: imageUrl },
      exactSize: { width: 100, height: 100 },
    };
  }
  return undefined;
}
