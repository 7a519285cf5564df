import type { FastifyInstance } from 'fastify';
import { registerApprovalPage } from '../approval-page.ts';
import type { SandboxServices } from '../sandbox-services.ts';
import { SandboxStore } from '../store.ts';
import { registerAdGroupRoutes } from './adgroups.ts';
import { registerAdvertiserRoutes } from './advertisers.ts';
import { registerCampaignRoutes } from './campaigns.ts';
import { registerCreateRoutes } from './creates.ts';
import { answer, CODE, newRequestId, TikTokRefusal } from './envelope.ts';
import { videoGate } from './gate.ts';
import { registerIdentityRoutes } from './identities.ts';
import { registerReportRoutes } from './reports.ts';
import { registerVideoLibraryRoutes } from './video-library.ts';

const SERVED_VERSIONS = ['v1.3'];

/**
 * The TikTok Business API v1.3 emulator, one file per part of TikTok's reference: campaigns, ad groups and ads, reporting,
 * OAuth and advertisers; TikTok's codes and messages.
 */
export function registerVideoSandbox(scope: FastifyInstance, services: SandboxServices): void {
  const store = new SandboxStore(services.storage.db, 'video');
  const gate = videoGate(services);
  registerApprovalPage(scope, services, 'video', { clientParameter: 'app_id', codeParameter: 'auth_code' });

  scope.setErrorHandler((error, _request, reply) => {
    if (error instanceof TikTokRefusal) return answer(reply, error.code, error.message);
    services.logger.warn({ err: error }, 'video sandbox failed');
    return reply
      .status(500)
      .send({ code: CODE.systemError, message: 'System error', request_id: newRequestId() });
  });
  scope.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ code: 40400, message: 'Not Found' }),
  );
  // TikTok serves v1.3 alone since v1.2 went offline on 2023-08-15 (docs/platforms.md, "Versions").
  scope.addHook('preHandler', async (request) => {
    const { version } = request.params as { version?: string };
    if (version !== undefined && !SERVED_VERSIONS.includes(version))
      throw new TikTokRefusal(CODE.invalidVersion, `Invalid API version: ${version}. Use v1.3.`);
  });

  registerCampaignRoutes(scope, services, store, gate);
  registerAdGroupRoutes(scope, services, store, gate);
  registerCreateRoutes(scope, services, store, gate);
  registerVideoLibraryRoutes(scope, services, store, gate);
  registerReportRoutes(scope, services, store, gate);
  registerAdvertiserRoutes(scope, services, store);
  registerIdentityRoutes(scope, services, store, gate);
}
