import { distance } from 'fastest-levenshtein';
import { AppError } from '../errors.ts';
import type { ToolRegistry } from '../tools/registry.ts';

const MAX_SUGGESTIONS = 3;

/** The platforms' own names, as agents write them, for the word the tool names use. */
const PLATFORM_WORDS: Readonly<Record<string, string>> = {
  google: 'search',
  linkedin: 'network',
  meta: 'social',
  facebook: 'social',
  instagram: 'social',
  tiktok: 'video',
};

/**
 * The 404 of an unknown tool name, with the nearest names an agent most likely meant: a typo, a
 * singular for a plural, a platform word swapped (`update_google_campaign` → `update_search_campaign`).
 */
export function toolNotFound(name: string, tools: ToolRegistry): AppError {
  const shown = name.length > 100 ? `${name.slice(0, 100)}...` : name;
  const words = name
    .toLowerCase()
    .split(/[_\W]+/)
    .filter(Boolean)
    .map((word) => PLATFORM_WORDS[word] ?? word);
  const normalized = words.join('_');
  const ranked = [...tools.keys()]
    .map((candidate) => {
      const shared = candidate.split('_').filter((word) => words.includes(word)).length;
      return { candidate, score: distance(normalized, candidate) - 4 * shared };
    })
    .sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate));
  const limit = Math.max(3, Math.floor(name.length / 2));
  const suggestions = ranked
    .filter((entry) => entry.score <= limit)
    .slice(0, MAX_SUGGESTIONS)
    .map((entry) => entry.candidate);
  return new AppError(
    'tool_not_found',
    `Tool not found: ${shown}.` +
      (suggestions.length > 0 ? ` Did you mean ${suggestions.join(', ')}?` : '') +
      ' GET /api/v1/openapi.json (or MCP tools/list) lists every tool.',
    { structuredContent: { suggestions } },
  );
}
