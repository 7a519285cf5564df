import { PLATFORM_INFO } from '../platform-families.ts';
import type { Tool } from './tool.ts';

/**
 * A tool's title for people (MCP `title`, the API reference's summary): its name in words, with the
 * platform called by its product's name, `update_search_campaign` → "Update Google Ads campaign".
 */
export function toolTitle(tool: Tool): string {
  const product = tool.platform && PLATFORM_INFO[tool.platform].label.split(' (')[0];
  const text = tool.name
    .split('_')
    .map((word) => (product && word === tool.platform ? product : word))
    .join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
