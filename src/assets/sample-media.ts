import type { FetchedMedia, FetchOutcome, MediaLimits } from './media-fetcher.ts';

/**
 * The host of the sample images a service with the sandbox on serves itself, so that documented
 * examples run as written without the internet. `.invalid` is reserved (RFC 2606) and never resolves, so
 * no real site is ever shadowed.
 */
export const SAMPLE_HOST = 'samples.adops.invalid';

interface Sample {
  width: number;
  height: number;
  format: 'jpeg' | 'png';
  /** A colour of its own, so each sample is a different image (a different SHA-256). */
  background: { r: number; g: number; b: number };
}

/** The samples, named after what each is for: every image rule of the tools has one that passes it. */
export const SAMPLES: Record<string, Sample> = {
  '/landscape-1200x628.jpg': {
    width: 1200,
    height: 628,
    format: 'jpeg',
    background: { r: 32, g: 96, b: 160 },
  },
  '/square-1200x1200.jpg': {
    width: 1200,
    height: 1200,
    format: 'jpeg',
    background: { r: 48, g: 128, b: 96 },
  },
  '/logo-1200x1200.png': { width: 1200, height: 1200, format: 'png', background: { r: 240, g: 176, b: 32 } },
  '/text-ad-100x100.png': { width: 100, height: 100, format: 'png', background: { r: 160, g: 48, b: 96 } },
};

/** The sample video: an MP4 as its bytes say (an `ftyp` box), padded with an `mdat` box. */
export const SAMPLE_VIDEO_PATH = '/video-9x16.mp4';

function sampleVideo(): Buffer {
  const ftyp = Buffer.from('000000186674797069736f6d0000000069736f6d6d703432', 'hex');
  const mdat = Buffer.alloc(64 * 1024);
  mdat.writeUInt32BE(mdat.length, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
}

const made = new Map<string, Promise<Buffer>>();

function bytesOf(path: string, sample: Sample): Promise<Buffer> {
  let bytes = made.get(path);
  if (!bytes) {
    bytes = import('sharp').then(({ default: sharp }) => {
      const image = sharp({
        create: { width: sample.width, height: sample.height, channels: 3, background: sample.background },
      });
      return (sample.format === 'jpeg' ? image.jpeg({ quality: 80 }) : image.png()).toBuffer();
    });
    made.set(path, bytes);
  }
  return bytes;
}

/** The sample at a `https://samples.adops.invalid/...` URL, checked against the call's limits like a download. */
export async function fetchSample(url: URL, limits: MediaLimits): Promise<FetchOutcome> {
  if (url.pathname === SAMPLE_VIDEO_PATH) {
    if (!limits.allowedTypes.includes('video/mp4'))
      return { ok: false, reason: 'the sample is video/mp4, which this argument does not take' };
    return { ok: true, media: { bytes: sampleVideo(), mime: 'video/mp4', ext: 'mp4', url: url.href } };
  }
  const sample = SAMPLES[url.pathname];
  if (!sample) {
    return {
      ok: false,
      reason: `there is no sample image at ${url.pathname}; the samples are ${[...Object.keys(SAMPLES), SAMPLE_VIDEO_PATH].join(', ')}`,
    };
  }
  const mime = `image/${sample.format}`;
  if (!limits.allowedTypes.includes(mime))
    return { ok: false, reason: `the sample is ${mime}, which this argument does not take` };
  const bytes = await bytesOf(url.pathname, sample);
  const media: FetchedMedia = { bytes, mime, ext: sample.format === 'jpeg' ? 'jpg' : 'png', url: url.href };
  return { ok: true, media };
}
