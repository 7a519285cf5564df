import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../context.ts';
import { newId } from '../ids.ts';
import { insertMemberAction } from '../storage/member-actions.ts';
import { signedIn } from '../web/console-request.ts';
import { formField } from '../web/form.ts';
import { MEMBER_ACTION_LABELS } from './member-action-labels.ts';

/** The form fields a history may show: never a password, a code, a secret or a URL (webhooks hold secrets). */
const SHOWN_FIELDS = ['email', 'role', 'name'] as const;

/**
 * onResponse of the members' pages: a form that succeeded (below 400) is recorded with its member, in one
 * place for every form. Recorded once the answer is sent: a crash in between loses the line, never the act.
 */
export function recordMemberActions(services: Services) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? '';
    if (!MEMBER_ACTION_LABELS[route] || reply.statusCode >= 400) return;
    if (request.method !== 'POST' && !route.endsWith('/callback')) return;
    const session = signedIn(request);
    const fields = Object.fromEntries(
      SHOWN_FIELDS.map((field) => [field, formField(request, field)]).filter(([, value]) => value !== ''),
    );
    const subject = { ...(request.params as Record<string, string>), ...fields };
    try {
      await insertMemberAction(services.storage.db, {
        id: newId('mac'),
        workspace_id: session.user.id,
        person_id: session.member.personId,
        email: session.member.email,
        route,
        subject: Object.keys(subject).length > 0 ? JSON.stringify(subject) : null,
        created_at: services.clock.now().toISOString(),
      });
    } catch (error) {
      request.log.error({ err: error, route }, 'a member action could not be recorded');
    }
  };
}
