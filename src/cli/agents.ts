import type { Services } from '../context.ts';
import { resumeAgents, stopAgents } from '../owners/agents.ts';
import { requireUser } from '../owners/users.ts';

/** `adops agents stop`: every key and OAuth grant of the owner refused at once, what agents raised paused if asked. */
export async function agentsStop(
  services: Services,
  options: { email: string; pauseChanged?: boolean; pauseRunning?: boolean },
) {
  const user = await requireUser(services.storage.db, options.email);
  const { stoppedAt, paused } = await stopAgents(services, user, {
    pauseChanged: options.pauseChanged === true,
    pauseRunning: options.pauseRunning === true,
  });
  return {
    email: user.email,
    agents_stopped_at: stoppedAt,
    ...((options.pauseChanged || options.pauseRunning) && {
      paused: paused.map((object) => ({
        platform: object.platform,
        account_id: object.accountId,
        object: object.kind,
        id: object.objectId,
        ok: object.status === 200,
        text: object.text,
      })),
    }),
    resume_with: `npx adops agents resume --email ${user.email}`,
  };
}

/** `adops agents resume`: the keys and grants call again as they were; paused campaigns stay paused. */
export async function agentsResume(services: Services, options: { email: string }) {
  const user = await requireUser(services.storage.db, options.email);
  const resumed = await resumeAgents(services, user);
  return { email: user.email, resumed, ...(!resumed && { note: 'Agents were not stopped.' }) };
}
