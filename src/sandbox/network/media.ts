import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { sandboxRoot } from '../../platforms/endpoints.ts';
import { answerFault, fail, Invalid, idTail, mediaId, type NetworkSandbox } from './context.ts';
import { guarded } from './entities.ts';
import {
  batchGet,
  batchIds,
  onlyParameters,
  PROJECTION,
  project,
  projectionOf,
  queryParameter,
} from './restli.ts';
import { type Json, knownFields, object } from './validate.ts';

/** LinkedIn splits video uploads into parts of 4 MiB. */
export const VIDEO_PART_BYTES = 4 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 500 * 1024 * 1024;
/** The largest upload the sandbox reads in one PUT. */
export const MAX_UPLOAD_BYTES = 12 * 1024 * 1024;
const IMAGE_MIMES = ['image/jpeg', 'image/png', 'image/gif'];

/**
 * Sample media every sandbox account may use, standing in for files already uploaded to LinkedIn: the
 * URNs of the tools' examples. They are owned by the example organization 2414183.
 */
export const SAMPLE_MEDIA: Record<string, 'image' | 'video'> = {
  'urn:li:image:C4E10AQFoyyAjHPMQuQ': 'image',
  'urn:li:image:C4E10AQF1': 'image',
  'urn:li:image:C4E10AQF2': 'image',
  'urn:li:image:C4E10AQF3': 'image',
  'urn:li:video:C5F10AQGKQg': 'video',
  'urn:li:video:C5F10AQGKQg_6y2a4sQ': 'video',
};

export interface MediaData {
  owner: string;
  status: 'WAITING_UPLOAD' | 'AVAILABLE' | 'PROCESSING_FAILED';
  size?: number;
  mime?: string;
  /** Video parts: byte ranges, and each part's ETag once uploaded. */
  parts?: Array<{ firstByte: number; lastByte: number; etag?: string }>;
}

export type MediaKind = 'image' | 'video';

function kindOf(mediaUrn: string): MediaKind | undefined {
  if (mediaUrn.startsWith('urn:li:image:')) return 'image';
  if (mediaUrn.startsWith('urn:li:video:')) return 'video';
  return undefined;
}

export interface MediaFinder {
  /** An image or video by URN: a sample, or one uploaded to the sandbox. */
  find(mediaUrn: string): Promise<(MediaData & { kind: MediaKind }) | undefined>;
  /** The kind of the media a post uses, which must exist and be processed; else a 400. */
  usable(value: unknown, path: string, want?: MediaKind): Promise<MediaKind>;
}

export function mediaFinder(sandbox: NetworkSandbox): MediaFinder {
  const { store } = sandbox;
  async function find(mediaUrn: string): Promise<(MediaData & { kind: MediaKind }) | undefined> {
    const sample = SAMPLE_MEDIA[mediaUrn];
    if (sample) return { kind: sample, owner: 'urn:li:organization:2414183', status: 'AVAILABLE' };
    const kind = kindOf(mediaUrn);
    if (!kind) return undefined;
    const found = await store.get<MediaData>(kind, idTail(mediaUrn));
    return found && { kind, ...found.data };
  }

  /** The image or video a post uses must exist and be processed. */
  async function usableMedia(value: unknown, path: string, want?: MediaKind): Promise<MediaKind> {
    if (typeof value !== 'string' || !kindOf(value))
      throw new Invalid(`${path} must be an image or video URN`, path);
    const found = await find(value);
    if (!found) throw new Invalid(`${path}: ${value} does not exist`, path);
    if (want && found.kind !== want)
      throw new Invalid(`${path}: ${value} is a ${found.kind}, not a ${want}`, path);
    if (found.status !== 'AVAILABLE')
      throw new Invalid(`${path}: ${value} is not available (status ${found.status})`, path);
    return found.kind;
  }
  return { find, usable: usableMedia };
}

/** Image and video uploads: initializeUpload, the upload URLs it hands out, finalizeUpload, and reads. */
export function registerMediaRoutes(scope: FastifyInstance, sandbox: NetworkSandbox): void {
  const { store } = sandbox;
  const { find: media } = mediaFinder(sandbox);

  function owner(body: Json, fields: readonly string[]): string {
    knownFields(body, ['initializeUploadRequest']);
    const request = object(body.initializeUploadRequest, 'initializeUploadRequest');
    knownFields(request, fields, '/initializeUploadRequest');
    const value = request.owner;
    if (typeof value !== 'string' || !/^urn:li:(organization|person):\S+$/.test(value))
      throw new Invalid(
        'initializeUploadRequest.owner must be an organization or person URN',
        'initializeUploadRequest/owner',
      );
    return value;
  }

  function uploadUrl(kind: MediaKind, id: string, part: number): string {
    return `${sandboxRoot(sandbox.services)}/sandbox/network/dms-uploads/${kind}/${id}/${part}`;
  }

  const expiry = () => sandbox.now().getTime() + 86_400_000;

  scope.post<{ Querystring: { action?: string } }>(
    '/rest/images',
    guarded(async (request, reply) => {
      onlyParameters(request, ['action']);
      if (queryParameter(request, 'action') !== 'initializeUpload')
        return fail(reply, 400, 'Unsupported action: use ?action=initializeUpload');
      const ownerUrn = owner(object(request.body, 'body'), ['owner', 'mediaLibraryMetadata']);
      if (await answerFault(reply, ownerUrn)) return reply;
      const id = mediaId('D4E10AQ');
      await store.put<MediaData>(
        {
          type: 'image',
          id,
          accountId: idTail(ownerUrn),
          data: { owner: ownerUrn, status: 'WAITING_UPLOAD' },
        },
        sandbox.now(),
      );
      return {
        value: {
          uploadUrlExpiresAt: expiry(),
          uploadUrl: uploadUrl('image', id, 0),
          image: `urn:li:image:${id}`,
        },
      };
    }),
  );

  scope.post<{ Querystring: { action?: string } }>(
    '/rest/videos',
    guarded(async (request, reply) => {
      onlyParameters(request, ['action']);
      const action = queryParameter(request, 'action');
      const body = object(request.body, 'body');
      if (action === 'initializeUpload') {
        const ownerUrn = owner(body, [
          'owner',
          'fileSizeBytes',
          'uploadCaptions',
          'uploadThumbnail',
          'mediaLibraryMetadata',
        ]);
        if (await answerFault(reply, ownerUrn)) return reply;
        const size = object(body.initializeUploadRequest, 'initializeUploadRequest').fileSizeBytes;
        if (typeof size !== 'number' || !Number.isInteger(size) || size <= 0 || size > MAX_VIDEO_BYTES) {
          throw new Invalid(
            `initializeUploadRequest.fileSizeBytes must be between 1 and ${MAX_VIDEO_BYTES}`,
            'initializeUploadRequest/fileSizeBytes',
          );
        }
        const id = mediaId('D5F10AQ');
        const parts = [];
        for (let first = 0; first < size; first += VIDEO_PART_BYTES)
          parts.push({ firstByte: first, lastByte: Math.min(size, first + VIDEO_PART_BYTES) - 1 });
        await store.put<MediaData>(
          {
            type: 'video',
            id,
            accountId: idTail(ownerUrn),
            data: { owner: ownerUrn, status: 'WAITING_UPLOAD', size, parts },
          },
          sandbox.now(),
        );
        return {
          value: {
            uploadUrlsExpireAt: expiry(),
            video: `urn:li:video:${id}`,
            uploadInstructions: parts.map((part, index) => ({
              ...part,
              uploadUrl: uploadUrl('video', id, index),
            })),
            uploadToken: '',
          },
        };
      }
      if (action === 'finalizeUpload') {
        knownFields(body, ['finalizeUploadRequest']);
        const finalize = object(body.finalizeUploadRequest, 'finalizeUploadRequest');
        knownFields(finalize, ['video', 'uploadToken', 'uploadedPartIds'], '/finalizeUploadRequest');
        const videoUrn = String(finalize.video ?? '');
        const found =
          kindOf(videoUrn) === 'video' ? await store.get<MediaData>('video', idTail(videoUrn)) : undefined;
        if (!found)
          throw new Invalid(
            `finalizeUploadRequest.video: ${videoUrn} does not exist`,
            'finalizeUploadRequest/video',
          );
        const parts = found.data.parts ?? [];
        const ids = finalize.uploadedPartIds;
        if (
          !Array.isArray(ids) ||
          ids.length !== parts.length ||
          parts.some((part, i) => !part.etag || part.etag !== ids[i])
        ) {
          throw new Invalid(
            'finalizeUploadRequest.uploadedPartIds must list the ETag of every uploaded part, in order',
            'finalizeUploadRequest/uploadedPartIds',
          );
        }
        await store.update('video', found.id, { ...found.data, status: 'AVAILABLE' }, sandbox.now());
        return {};
      }
      return fail(reply, 400, 'Unsupported action: use ?action=initializeUpload or ?action=finalizeUpload');
    }),
  );

  async function representMedia(kind: MediaKind, mediaUrn: string): Promise<Json | undefined> {
    const found = await media(mediaUrn);
    if (!found || found.kind !== kind) return undefined;
    return {
      id: mediaUrn,
      owner: found.owner,
      status: found.status,
      ...(found.size && { size: found.size }),
    };
  }

  for (const kind of ['image', 'video'] as const) {
    const missing = (mediaUrn: string) =>
      `${kind === 'image' ? 'Image' : 'Video'} ${mediaUrn} does not exist`;
    scope.get(
      `/rest/${kind}s`,
      guarded(async (request) => {
        const ids = batchIds(request);
        if (!ids) throw new Invalid(`The sandbox serves ${kind}s by id: /${kind}s/{urn}, or ids=List(...)`);
        return batchGet(request, ids, (id) => representMedia(kind, id), missing);
      }),
    );
    scope.get<{ Params: { urn: string } }>(
      `/rest/${kind}s/:urn`,
      guarded(async (request, reply) => {
        onlyParameters(request, PROJECTION);
        const mediaUrn = request.params.urn;
        if (await answerFault(reply, mediaUrn)) return reply;
        const found = await representMedia(kind, mediaUrn);
        if (!found) return fail(reply, 404, missing(mediaUrn));
        return project(found, projectionOf(request));
      }),
    );
  }

  /** The upload URLs initializeUpload hands out; not under /rest, like LinkedIn's own upload hosts. */
  scope.put<{ Params: { kind: string; id: string; part: string } }>(
    '/dms-uploads/:kind/:id/:part',
    { bodyLimit: MAX_UPLOAD_BYTES },
    async (request, reply) => {
      const { kind, id } = request.params;
      const part = Number(request.params.part);
      if (sandbox.granted(request).length === 0)
        return fail(reply, 401, 'Invalid access token', {
          code: 'INVALID_ACCESS_TOKEN',
          serviceErrorCode: 65600,
        });
      if (kind !== 'image' && kind !== 'video') return fail(reply, 404, 'Upload not found');
      const found = await store.get<MediaData>(kind, id);
      if (!found) return fail(reply, 404, 'Upload not found');
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (kind === 'image') {
        const type = await fileTypeFromBuffer(bytes);
        if (!type || !IMAGE_MIMES.includes(type.mime)) {
          await store.update('image', id, { ...found.data, status: 'PROCESSING_FAILED' }, sandbox.now());
          return fail(reply, 400, 'The uploaded file is not a JPEG, PNG or GIF image');
        }
        await store.update(
          'image',
          id,
          { ...found.data, status: 'AVAILABLE', size: bytes.byteLength, mime: type.mime },
          sandbox.now(),
        );
        return reply.status(201).send();
      }
      const parts = found.data.parts ?? [];
      const range = parts[part];
      if (!range) return fail(reply, 404, 'Upload part not found');
      const expected = range.lastByte - range.firstByte + 1;
      if (bytes.byteLength !== expected)
        return fail(reply, 400, `Part ${part + 1} must be ${expected} bytes (got ${bytes.byteLength})`);
      const etag = `/ETag/${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}`;
      const next = parts.map((p, index) => (index === part ? { ...p, etag } : p));
      await store.update('video', id, { ...found.data, parts: next }, sandbox.now());
      return reply.status(200).header('etag', etag).send();
    },
  );
}
