import type { Command } from 'commander';
import { controlCharacterIn } from '../control-characters.ts';

/** The first option of `command` whose value (or one of its values) holds a control character, said. */
function controlCharacterOption(command: Command): string | undefined {
  for (const option of command.options) {
    const value: unknown = command.getOptionValue(option.attributeName());
    for (const text of Array.isArray(value) ? value : [value]) {
      if (typeof text !== 'string') continue;
      const found = controlCharacterIn(text);
      if (found) return `${option.long ?? option.flags} holds ${found}: type it again without it.`;
    }
  }
  return undefined;
}

/**
 * A `preAction` hook of the owner and key commands, where e-mails, names and ids come in: an option
 * holding a control character (an escape sequence, a tab, a line break pasted along) fails the command
 * the way every command fails, `{"error": ...}` on stderr and exit 1, before the database is opened.
 */
export function refuseControlCharacters(_hooked: Command, action: Command): void {
  const problem = controlCharacterOption(action);
  if (!problem) return;
  process.stderr.write(`${JSON.stringify({ error: problem })}\n`);
  process.exit(1);
}
