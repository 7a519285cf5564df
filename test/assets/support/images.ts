import { crc32 } from 'node:zlib';
import sharp from 'sharp';

type Format = 'jpeg' | 'png' | 'gif' | 'webp';

/** A real image of that size and format, a colour gradient so encoders have something to encode. */
export async function makeImage(width: number, height: number, format: Format): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: (width * 7) % 256, g: height % 256, b: 90 } },
  });
  return image.toFormat(format).toBuffer();
}

/** A GIF with two frames. */
export async function makeAnimatedGif(width: number, height: number): Promise<Buffer> {
  const frame = (r: number) =>
    sharp({ create: { width, height, channels: 3, background: { r, g: 40, b: 40 } } })
      .png()
      .toBuffer();
  return sharp([await frame(10), await frame(200)], { join: { animated: true } })
    .gif()
    .toBuffer();
}

/**
 * A valid PNG of exactly `size` bytes: an image plus a text chunk filling the rest, so a test can
 * serve a real image one kilobyte over a limit without encoding megabytes of pixels.
 */
export async function pngOfSize(size: number, width = 1200, height = 1200): Promise<Buffer> {
  const png = await makeImage(width, height, 'png');
  const iend = png.length - 12;
  const fill = size - png.length - 12;
  if (fill < 8) throw new Error(`a ${width}x${height} PNG is already ${png.length} bytes`);
  const data = Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(fill - 8, 0x61)]);
  const typeAndData = Buffer.concat([Buffer.from('tEXt'), data]);
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  typeAndData.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(typeAndData), 8 + data.length);
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}
