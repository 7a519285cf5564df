import { AppError } from '../../errors.ts';
import { createdId, type NetworkClient, type NetworkRequest } from '../../platforms/network/client.ts';
import type { UpstreamResponse } from '../../platforms/upstream.ts';
import type { Made, StepPlatform } from '../steps/platform.ts';
import { StepRunner } from '../steps/runner.ts';
import type { ToolContext } from '../tool.ts';

/** What a network tool's steps make on LinkedIn. */
export type NetworkObject = 'campaign group' | 'campaign' | 'post' | 'creative' | 'image' | 'video';

export type NetworkSteps = StepRunner<NetworkRequest, NetworkObject>;

/**
 * LinkedIn's part of the step runner. A failure takes back what it can, newest first: creatives,
 * campaigns and groups are set to PENDING_DELETION, posts deleted; uploaded media stays, since LinkedIn
 * has no delete for it.
 */
function networkPlatform(client: NetworkClient): StepPlatform<NetworkRequest, NetworkObject> {
  const { requests } = client;
  const undoRequest = (object: Made<NetworkObject>): NetworkRequest | undefined => {
    switch (object.type) {
      case 'campaign group':
        return requests.removeGroup(object.id);
      case 'campaign':
        return requests.removeCampaign(object.id);
      case 'creative':
        return requests.removeCreative(object.id);
      case 'post':
        return requests.deletePost(object.id);
      default:
        return undefined;
    }
  };
  return {
    words: {
      platform: 'LinkedIn',
      console: 'Campaign Manager',
      remove: 'remove',
      objects: 'campaign, post or creative',
      ifMade: 'it is not part of any running ad',
      media: 'LinkedIn has no delete for media; it costs nothing',
    },
    show(request) {
      const { apiUrl } = client.requests;
      const url = request.url.startsWith(apiUrl) ? request.url.slice(apiUrl.length) : request.url;
      const body =
        request.body instanceof Uint8Array ? `{${request.body.byteLength} bytes of the file}` : request.body;
      return { method: request.method, url: decodeURIComponent(url), body };
    },
    async create(request, type) {
      const id = createdId(await client.send(request));
      if (!id) {
        throw new AppError(
          'upstream_error',
          `Internal error: UpstreamProtocolError. LinkedIn created the ${type} but did not say its id.`,
          { upstreamMayHaveActed: true },
        );
      }
      return [id];
    },
    takeBack: {
      kind: 'remove',
      undo(object) {
        const request = undoRequest(object);
        return request && (() => client.send(request));
      },
      removedNote: (removed) =>
        removed.some((object) => object.type !== 'post')
          ? ' (set to PENDING_DELETION, which LinkedIn then deletes)'
          : '',
    },
  };
}

/** For `NetworkSteps.send`: the request sent as it is, its answer for the caller to read (an ETag). */
export function sendWith(client: NetworkClient): (request: NetworkRequest) => Promise<UpstreamResponse> {
  return (request) => client.send(request);
}

/** The steps of one network tool call (docs/failure-model.md), `totalSteps` requests for its progress. */
export function networkSteps(client: NetworkClient, context: ToolContext, totalSteps: number): NetworkSteps {
  return new StepRunner(networkPlatform(client), context, totalSteps);
}
