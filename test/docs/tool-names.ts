import { PROMPTS } from '../../src/mcp/prompts.ts';
import { ALL_TOOLS } from '../../src/tools/registry.ts';

/** A tool-like name; a wildcard such as `create_network_*_campaign` names a family, not a tool. */
const TOOL_LIKE =
  /\b(?:create|update|list|get|add|associate|discover|validate|delete|pause|remove)_[a-z0-9_]+(?![a-z0-9_*])/g;
const NAMES = new Set(ALL_TOOLS.map((tool) => tool.name));
/** Values that look like tool names and are not: a monitor's `action` (docs/monitors.md), the MCP prompts. */
const NOT_TOOLS = new Set(['pause_campaign', ...PROMPTS.map((prompt) => prompt.name)]);

/** Names in a text that look like tool names but name no tool: an agent told to call one would fail. */
export function unknownToolNames(text: string): string[] {
  return [...new Set(text.match(TOOL_LIKE) ?? [])].filter((name) => !NAMES.has(name) && !NOT_TOOLS.has(name));
}
