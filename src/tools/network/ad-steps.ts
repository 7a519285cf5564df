import { imageUploadAnswer, videoUploadAnswer } from '../../platforms/network/answers.ts';
import { creativeBody, postBody } from '../../platforms/network/bodies.ts';
import type { NetworkClient } from '../../platforms/network/client.ts';
import type { CreativeBody, PostBody, UploadInstruction } from '../../platforms/network/types.ts';
import { urn } from '../../platforms/network/urns.ts';
import type { AdSpec } from './ad-spec.ts';
import type { ReadyMedia } from './media.ts';
import { type NetworkSteps, sendWith } from './step-platform.ts';

type UploadMedia = Extract<ReadyMedia, { bytes: Buffer }>;

function describeBytes(media: UploadMedia): string {
  return `${media.mime}, ${media.bytes.byteLength} bytes`;
}

/**
 * Uploads what is not on LinkedIn yet (as the organization) and returns every media URN, in order. Each
 * finished upload is a recovery point; one cut short is uploaded again (LinkedIn keeps unused media, at
 * no cost).
 */
export async function uploadMedia(
  runner: NetworkSteps,
  client: NetworkClient,
  organizationUrn: string,
  media: ReadyMedia[],
): Promise<string[]> {
  const urns: string[] = [];
  for (const [index, item] of media.entries()) {
    if ('urn' in item) urns.push(item.urn);
    else {
      const upload = item.kind === 'image' ? uploadImage : uploadVideo;
      urns.push(await runner.once(`upload ${index}`, () => upload(runner, client, organizationUrn, item)));
    }
  }
  return urns;
}

async function uploadImage(
  runner: NetworkSteps,
  client: NetworkClient,
  owner: string,
  media: UploadMedia,
): Promise<string> {
  const { requests } = client;
  const answer = await runner.send(
    `register an upload for ${media.field} (${describeBytes(media)})`,
    requests.initializeImageUpload(owner),
    (request) => client.read(request, 'the image upload registration', imageUploadAnswer),
  );
  let uploadUrl = runner.placeholder('value.uploadUrl');
  let image = runner.placeholder('value.image');
  if (answer) {
    uploadUrl = answer.value.uploadUrl;
    image = answer.value.image;
    runner.note({ type: 'image', id: image, media: true });
  }
  await runner.send(
    `upload the bytes of ${media.field}`,
    requests.uploadBytes(uploadUrl, media.bytes),
    sendWith(client),
  );
  return image;
}

/** LinkedIn's multipart video upload: register, put each part it asks for, then finalize with the ETags. */
async function uploadVideo(
  runner: NetworkSteps,
  client: NetworkClient,
  owner: string,
  media: UploadMedia,
): Promise<string> {
  const { requests } = client;
  const size = media.bytes.byteLength;
  const answer = await runner.send(
    `register an upload for ${media.field} (${describeBytes(media)})`,
    requests.initializeVideoUpload(owner, size),
    (request) => client.read(request, 'the video upload registration', videoUploadAnswer),
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
  if (answer) {
    const { value } = answer;
    video = value.video;
    uploadToken = value.uploadToken ?? '';
    parts = value.uploadInstructions;
    runner.note({ type: 'video', id: video, media: true });
  }
  const etags: string[] = [];
  for (const [index, part] of parts.entries()) {
    const bytes = media.bytes.subarray(part.firstByte, part.lastByte + 1);
    const answer = await runner.send(
      `upload part ${index + 1} of ${parts.length} of ${media.field}`,
      requests.uploadBytes(part.uploadUrl, bytes),
      sendWith(client),
    );
    etags.push(answer?.headers.etag ?? runner.placeholder('ETag header'));
  }
  await runner.send(
    `finalize the upload of ${media.field}`,
    requests.finalizeVideoUpload(video, uploadToken, etags),
    sendWith(client),
  );
  return video;
}

/**
 * Creates the ad of a campaign: for sponsored content a dark post (image, video or carousel) and the
 * creative that references it; for a text ad the creative alone. Both are cleaned up if a later step
 * fails.
 */
export async function createAd(
  runner: NetworkSteps,
  client: NetworkClient,
  fields: {
    ad: AdSpec;
    mediaUrns: string[];
    campaignId: string;
    organizationUrn: string;
    accountId: string;
    landingPage: string;
    name?: string | undefined;
  },
): Promise<{ postUrn?: string; creativeUrn: string }> {
  const { ad, mediaUrns, campaignId } = fields;
  const { requests } = client;
  const campaignUrn = urn.campaign(campaignId);
  const creative = (action: string, content: CreativeBody['content']) =>
    runner.create(action, requests.createCreative(creativeBody(campaignUrn, content, fields.name)), {
      type: 'creative',
      name: fields.name,
      step: 'creative',
      find: (since) => client.creativesMadeSince(campaignId, content, since),
    });
  if (ad.kind === 'text') {
    const content = {
      textAd: {
        headline: ad.headline,
        description: ad.description,
        landingPage: fields.landingPage,
        ...(mediaUrns[0] && { image: mediaUrns[0] }),
      },
    };
    return { creativeUrn: await creative('create the text ad creative', content) };
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
    // An interrupted post step is posted again: a dark post without a creative is shown nowhere.
    { type: 'post', step: 'post' },
  );
  return { postUrn, creativeUrn: await creative('create the creative', { reference: postUrn }) };
}
