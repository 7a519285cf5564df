import type { ToolClause } from '../storage/change-history.ts';
import { namesOf, type Tool } from './tool.ts';

/**
 * What kind of change a write is, in one place: the change history shows it on each row and filters by
 * it in SQL (kindClauses), and both follow the rules below. Campaign updates are told apart by their
 * audited arguments (a call setting status and budget is both); every other write tool by its name.
 */
export const CHANGE_KINDS = ['status', 'budget', 'create', 'ads', 'other'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const CHANGE_KIND_LABELS: Readonly<Record<ChangeKind, string>> = {
  status: 'Status (pause, enable)',
  budget: 'Budget',
  create: 'New campaigns',
  ads: 'Ads (headlines, creatives)',
  other: 'Other',
};

/** The write tools that are not campaign updates, by what they change; one left out counts as `other`. */
export const KIND_OF_TOOL: Readonly<Record<string, ChangeKind>> = {
  create_network_image_campaign: 'create',
  create_network_video_campaign: 'create',
  create_network_carousel_campaign: 'create',
  create_network_text_campaign: 'create',
  add_network_campaign_to_group: 'create',
  update_ad_headlines: 'ads',
  add_network_carousel_creative: 'ads',
  associate_network_conversion: 'other',
  // Pausing or enabling keywords: a status change below the campaign.
  update_search_keywords: 'status',
  add_search_negative_keywords: 'other',
  create_search_campaign: 'create',
  create_social_campaign: 'create',
  create_video_campaign: 'create',
  // It stores prepared images in adops, not on the platform.
  validate_and_prepare_assets: 'other',
  // Monitors are kept in adops; what a monitor does to a campaign is an update under its own name.
  create_monitor: 'other',
  update_monitor: 'other',
  delete_monitor: 'other',
};

export function isChangeKind(value: string): value is ChangeKind {
  return (CHANGE_KINDS as readonly string[]).includes(value);
}

/** A tool whose calls change something: the MCP annotation every tool declares. */
export function isWriteTool(tool: Tool): boolean {
  return !tool.annotations.readOnlyHint;
}

/**
 * A campaign update's status and budget arguments, each with its older names: those a stop may carry
 * (`stop`), which is what marks the update tools.
 */
function campaignFields(tool: Tool): { status: string[]; budget: string[] } | undefined {
  const stop = tool.stop;
  return (
    stop && {
      status: namesOf(stop, stop.status.field),
      budget: stop.budget === undefined ? [] : namesOf(stop, stop.budget),
    }
  );
}

/** The kinds of one call, from its tool and its audited arguments (`details` of its audit row). */
export function changeKindsOf(tool: Tool | undefined, details: Record<string, unknown>): ChangeKind[] {
  if (!tool) return ['other'];
  const fields = campaignFields(tool);
  if (!fields) return [KIND_OF_TOOL[tool.name] ?? 'other'];
  const kinds: ChangeKind[] = [];
  if (fields.status.some((field) => field in details)) kinds.push('status');
  if (fields.budget.some((field) => field in details)) kinds.push('budget');
  return kinds.length > 0 ? kinds : ['other'];
}

/** The same rule as changeKindsOf, as conditions the history query runs in SQL. */
export function kindClauses(tools: Iterable<Tool>, kind: ChangeKind): ToolClause[] {
  const writes = [...tools].filter(isWriteTool);
  const updates = writes.flatMap((tool) => {
    const fields = campaignFields(tool);
    return fields ? [{ name: tool.name, ...fields }] : [];
  });
  const others = writes.filter((tool) => !campaignFields(tool));
  switch (kind) {
    case 'status': {
      const named = others.filter((tool) => KIND_OF_TOOL[tool.name] === 'status').map((tool) => tool.name);
      return [
        ...updates.map((update) => ({ tools: [update.name], withAnyOf: update.status })),
        ...(named.length > 0 ? [{ tools: named }] : []),
      ];
    }
    case 'budget':
      return updates.flatMap((update) =>
        update.budget.length === 0 ? [] : [{ tools: [update.name], withAnyOf: update.budget }],
      );
    case 'create':
    case 'ads':
      return [{ tools: others.filter((tool) => KIND_OF_TOOL[tool.name] === kind).map((tool) => tool.name) }];
    case 'other':
      return [
        {
          tools: others
            .filter((tool) => (KIND_OF_TOOL[tool.name] ?? 'other') === 'other')
            .map((tool) => tool.name),
        },
        ...updates.map((update) => ({
          tools: [update.name],
          withNoneOf: [...update.status, ...update.budget],
        })),
      ];
  }
}
