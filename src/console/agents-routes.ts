import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../context.ts';
import { resumeAgents, stopAgents } from '../owners/agents.ts';
import { findUserById } from '../storage/users.ts';
import { actingMember } from '../web/acting-member.ts';
import { signedIn } from '../web/console-request.ts';
import { seeOther } from '../web/flash.ts';
import { formField } from '../web/form.ts';
import { formDone } from '../web/form-done.ts';
import { ADMIN, OPERATOR } from '../web/roles.ts';
import { pausedTable, stoppedNotice } from './agents-section.ts';

/** Stop all agents and resume them, from the keys page. */
export function registerAgentsRoutes(app: FastifyInstance, services: Services): void {
  async function ownerOf(request: FastifyRequest) {
    const owner = await findUserById(services.storage.db, signedIn(request).user.id);
    if (!owner) throw new Error('the signed-in owner no longer exists');
    return owner;
  }

  // Post/redirect/get: what the stop paused goes with the notice to the keys page, shown once.
  app.post('/agents/stop', OPERATOR, async (request, reply) => {
    const pauseChanged = formField(request, 'pause_changed') === 'yes';
    const pauseRunning = formField(request, 'pause_running') === 'yes';
    const member = actingMember(signedIn(request));
    const stopped = await stopAgents(services, await ownerOf(request), {
      pauseChanged,
      pauseRunning,
      member,
    });
    request.log.info(
      { paused: stopped.paused.length, stopped_at: stopped.stoppedAt },
      'console stopped all agents',
    );
    const notice = stoppedNotice(stopped.paused, pauseChanged || pauseRunning);
    return seeOther(services, reply, signedIn(request), '/keys', notice, pausedTable(stopped.paused));
  });

  app.post('/agents/resume', ADMIN, async (request, reply) => {
    const resumed = await resumeAgents(services, await ownerOf(request));
    request.log.info({ resumed }, 'console resumed agents');
    const text = resumed
      ? 'Agents resumed: your keys and apps work again from their next call. Campaigns the stop paused stay paused.'
      : 'Your agents were not stopped: nothing changed.';
    return formDone(services, request, reply, '/keys', text);
  });
}
