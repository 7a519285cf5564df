import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SandboxServices } from '../sandbox-services.ts';
import { type SandboxStore, sandboxId } from '../store.ts';
import { answer, CODE, invalid, refuseUnknown } from './envelope.ts';
import { tokenOf, type VideoGate } from './gate.ts';
import { oneOf } from './values.ts';

/** TikTok's largest ad video (500 MB). */
export const MAX_VIDEO_UPLOAD_BYTES = 500 * 1024 * 1024;

/** A video of the advertiser's asset library, as the sandbox keeps it (its bytes are not kept). */
export interface StoredVideo {
  file_name: string;
  signature: string;
  size: number;
  format: string;
}

const UPLOAD_FIELDS = [
  'advertiser_id',
  'upload_type',
  'video_file',
  'video_signature',
  'file_name',
  'flaw_detect',
  'auto_fix_enabled',
  'auto_bind_enabled',
  'is_third_party',
] as const;

/** An MP4 or a QuickTime file says so in its first box (`ftyp`). */
function isMp4(bytes: Buffer): boolean {
  return bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp';
}

/**
 * file/video/ad/upload/ by file (multipart/form-data, TikTok's UPLOAD_BY_FILE, the default): the file
 * and its MD5 `video_signature`, checked against each other like TikTok does. By URL, TikTok fetches
 * the file itself: adops downloads it through its own guarded fetcher instead, so the sandbox takes
 * files only.
 */
export function registerVideoLibraryRoutes(
  scope: FastifyInstance,
  services: SandboxServices,
  store: SandboxStore,
  gate: VideoGate,
): void {
  scope.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: MAX_VIDEO_UPLOAD_BYTES + 1024 * 1024 },
    (request, body, done) => {
      new Response(body as Buffer, { headers: { 'content-type': String(request.headers['content-type']) } })
        .formData()
        .then((form) => done(null, form))
        .catch(() => done(invalid('', 'The multipart body cannot be read.')));
    },
  );

  scope.post<{ Body: FormData | Record<string, unknown> | undefined }>(
    '/open_api/:version/file/video/ad/upload/',
    async (request, reply) => {
      const form = request.body;
      if (!(form instanceof FormData)) throw invalid('video_file', 'Upload the file as multipart/form-data.');
      const field = (name: string) => {
        const value = form.get(name);
        return typeof value === 'string' ? value : undefined;
      };
      const advertiserId = await gate.admit(tokenOf(request), field('advertiser_id'));
      refuseUnknown(new Set(form.keys()), UPLOAD_FIELDS);
      const uploadType = oneOf('upload_type', field('upload_type') ?? 'UPLOAD_BY_FILE', [
        'UPLOAD_BY_FILE',
        'UPLOAD_BY_URL',
        'UPLOAD_BY_FILE_ID',
        'UPLOAD_BY_VIDEO_ID',
      ]);
      if (uploadType !== 'UPLOAD_BY_FILE')
        throw invalid('upload_type', 'The TikTok sandbox takes videos by file only (UPLOAD_BY_FILE).');
      const file = form.get('video_file');
      if (!(file instanceof Blob)) throw invalid('video_file', 'Missing data for required field.');
      const signature = field('video_signature');
      if (!signature) throw invalid('video_signature', 'Missing data for required field.');
      const bytes = Buffer.from(await file.arrayBuffer());
      if (bytes.length > MAX_VIDEO_UPLOAD_BYTES) throw invalid('video_file', 'The video exceeds 500 MB.');
      const md5 = createHash('md5').update(bytes).digest('hex');
      if (md5 !== signature.toLowerCase())
        throw invalid('video_signature', 'The signature does not match the file (MD5 of the file).');
      if (!isMp4(bytes)) throw invalid('video_file', 'The file is not a supported video (MP4, MOV).');
      const fileName = field('file_name') ?? (file instanceof File ? file.name : '') ?? md5;
      const id = `v10033g50000${sandboxId(20)}`;
      const video: StoredVideo = {
        file_name: fileName || md5,
        signature: md5,
        size: bytes.length,
        format: 'mp4',
      };
      await store.put({ type: 'video', id, accountId: advertiserId, data: video }, services.clock.now());
      return answer(reply, CODE.ok, 'OK', [
        {
          video_id: id,
          file_name: video.file_name,
          signature: md5,
          size: bytes.length,
          format: 'mp4',
          width: 720,
          height: 1280,
          duration: 15,
          bit_rate: 0,
          material_id: sandboxId(19),
          displayable: true,
          allow_download: true,
          allowed_placements: ['PLACEMENT_TIKTOK', 'PLACEMENT_PANGLE', 'PLACEMENT_GLOBAL_APP_BUNDLE'],
          preview_url: null,
          video_cover_url: null,
        },
      ]);
    },
  );
}
