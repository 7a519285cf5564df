// Loaded on first use: libvips costs about 20 MB and 0.4 s at start, which every CLI command would pay.
let sharpLoading: Promise<typeof import('sharp')> | undefined;

export interface ImageInfo {
  /** As sharp names it, decided by the bytes: `jpeg`, `png`, `gif`, `webp`, ... */
  format: string;
  /** As displayed, after the EXIF orientation. */
  width: number;
  height: number;
  animated: boolean;
}

/**
 * Format, size and animation from the image's header, without decoding its pixels (so a small file
 * claiming huge dimensions costs nothing). Undefined when the bytes are not an image sharp can read.
 */
export async function inspectImage(bytes: Uint8Array): Promise<ImageInfo | undefined> {
  sharpLoading ??= import('sharp');
  const { default: sharp } = await sharpLoading;
  try {
    const metadata = await sharp(bytes).metadata();
    return {
      format: metadata.format,
      width: metadata.autoOrient.width,
      height: metadata.autoOrient.height,
      animated: (metadata.pages ?? 1) > 1,
    };
  } catch {
    return undefined;
  }
}
