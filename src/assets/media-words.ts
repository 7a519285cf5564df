/** Sizes, durations and formats in the words a marketer reads in a verdict. */

const LABELS: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'image/avif': 'AVIF',
  'image/heic': 'HEIC',
  'image/bmp': 'BMP',
  'image/tiff': 'TIFF',
  'video/mp4': 'MP4',
  'video/quicktime': 'QuickTime (MOV)',
  'application/pdf': 'PDF',
};

export function mediaTypeLabel(mime: string, ext?: string): string {
  return LABELS[mime] ?? (ext ? ext.toUpperCase() : mime);
}

/** `JPEG, PNG or GIF` */
export function mediaTypeList(mimes: readonly string[]): string {
  const labels = mimes.map((mime) => mediaTypeLabel(mime));
  const last = labels.pop();
  return labels.length > 0 ? `${labels.join(', ')} or ${last}` : (last ?? 'nothing');
}

/** 1 KB = 1,024 bytes, rounded up so a file one byte over 5,120 KB reads 5,121 KB. */
export function formatKilobytes(bytes: number): string {
  return `${Math.ceil(bytes / 1024).toLocaleString('en-US')} KB`;
}

export function formatSeconds(milliseconds: number): string {
  return `${Number((milliseconds / 1000).toFixed(1))} s`;
}
