import type { Services } from '../context.ts';
import { newId } from '../ids.ts';
import { insertMemberAction } from '../storage/member-actions.ts';
import { requireWorkspace } from './members.ts';
import { run } from './run.ts';

/** Who the history names for what the command line did: it signs no one in. */
export const COMMAND_LINE = 'the command line';

/** The options a history may show: never a password, a key or a link. */
const SHOWN_OPTIONS = ['email', 'role', 'name', 'client'] as const;

/**
 * A team command of the CLI (`adops members …`, `adops clients …`) run like any other, and, once it
 * succeeded, listed with the members' console actions under Recent actions on /members, named as the
 * command line, in one place for every such command.
 */
export function recordedCommand<Options extends { workspace: string }>(
  name: string,
  command: (services: Services, options: Options) => Promise<unknown>,
) {
  return (options: Options) =>
    run(async (services) => {
      const result = await command(services, options);
      const workspace = await requireWorkspace(services, options.workspace);
      const shown = Object.fromEntries(
        SHOWN_OPTIONS.flatMap((option) => {
          const value = (options as Record<string, unknown>)[option];
          const text = Array.isArray(value) ? value.join(', ') : value;
          return typeof text === 'string' && text !== '' ? [[option, text]] : [];
        }),
      );
      await insertMemberAction(services.storage.db, {
        id: newId('mac'),
        workspace_id: workspace.id,
        person_id: null,
        email: COMMAND_LINE,
        route: name,
        subject: Object.keys(shown).length > 0 ? JSON.stringify(shown) : null,
        created_at: services.clock.now().toISOString(),
      });
      return result;
    });
}
