import type { GetPromptResult, Prompt, Server } from '@modelcontextprotocol/server';
import { PLATFORM_INFO, PLATFORMS, type Platform } from '../platform-families.ts';
import { invalidParams } from './tool-reads.ts';

type Arguments = Record<string, string | undefined>;

interface PromptDefinition extends Prompt {
  /** The request the prompt puts in the conversation, from its arguments once checked. */
  text(args: Arguments): string;
}

const AD_GROUP_TOOLS: Partial<Record<Platform, { tool: string; level: string }>> = {
  search: { tool: 'update_search_ad_group', level: 'ad group' },
  social: { tool: 'update_social_ad_set', level: 'ad set' },
  video: { tool: 'update_video_ad_group', level: 'ad group' },
};

const platformWords = PLATFORMS.map((platform) => `${platform} (${PLATFORM_INFO[platform].label})`).join(
  ', ',
);

const accountFor = (args: Arguments, platform: Platform | undefined) =>
  args.account_id && platform
    ? ` Use ${PLATFORM_INFO[platform].accountArgument}="${args.account_id}".`
    : args.account_id
      ? ` The account is ${args.account_id}.`
      : ' When several accounts are connected, list_connected_accounts says which to pass.';

const LOOK_FIRST =
  'Change nothing yet: show me what you propose, with the dry_run preview of each change, and wait for my go.';

/**
 * The everyday jobs as prompts a person picks in their client: each asks the model for the job in the
 * tools' own words, so it calls the right tools with the right arguments; none changes anything by itself.
 */
export const PROMPTS: PromptDefinition[] = [
  {
    name: 'weekly_review',
    title: 'Weekly review',
    description: 'How last week went on one platform or all: spend, results, the campaigns to look at.',
    arguments: [
      { name: 'platform', description: `One of ${platformWords}; every platform when left out.` },
      { name: 'account_id', description: 'The ad account; the only one when left out.' },
    ],
    text: (args) => {
      const platform = args.platform as Platform | undefined;
      const reports = platform
        ? `get_${platform}_campaign_performance with date_range LAST_7_DAYS`
        : 'get_performance_overview, then the get_<platform>_campaign_performance of each platform with spend, ' +
          'date_range LAST_7_DAYS';
      return (
        `Review how my advertising did over the last 7 days. Call ${reports}.${accountFor(args, platform)} ` +
        'Tell me the spend, conversions and cost per conversion, the campaigns that spent most without ' +
        `converting, and what you would change. ${LOOK_FIRST}`
      );
    },
  },
  {
    name: 'wasted_search_terms',
    title: 'Wasted spend on search terms',
    description: 'The Google Ads search terms that spent without converting, and the negatives to add.',
    arguments: [
      { name: 'account_id', description: 'The Google Ads customer id; the only one when left out.' },
    ],
    text: (args) =>
      'Find the search terms that cost me money without converting in the last 30 days: call ' +
      `list_search_terms with without_conversions true and date_range LAST_30_DAYS.${accountFor(args, 'search')} ` +
      'Rank them by spend, say which look irrelevant to what I sell, and propose them as negative keywords ' +
      `(add_search_negative_keywords, dry_run true first). ${LOOK_FIRST}`,
  },
  {
    name: 'pause_worst_ad_group',
    title: 'Pause the worst ad group',
    description:
      'In one campaign, the ad group (Meta: ad set) that spends most for least, paused once you agree.',
    arguments: [
      { name: 'platform', description: 'search, social or video.', required: true },
      { name: 'campaign_id', description: 'The campaign to look into.', required: true },
      { name: 'account_id', description: 'The ad account; the only one when left out.' },
    ],
    text: (args) => {
      const platform = args.platform as Platform;
      const target = AD_GROUP_TOOLS[platform];
      if (!target) throw invalidParams(`platform must be search, social or video (got "${args.platform}").`);
      return (
        `In campaign ${args.campaign_id}, find the ${target.level} that spends most for least: call ` +
        `get_${platform}_campaign_performance with level ad_group, campaign_ids ["${args.campaign_id}"] and ` +
        `date_range LAST_30_DAYS.${accountFor(args, platform)} Compare cost per conversion (spend without ` +
        `conversions is worst). Then pause that ${target.level} with ${target.tool} (status PAUSED), ` +
        `dry_run true first, and tell me what it spent. ${LOOK_FIRST}`
      );
    },
  },
];

function checked(prompt: PromptDefinition, given: Record<string, string> | undefined): Arguments {
  const args: Arguments = { ...given };
  const missing = (prompt.arguments ?? []).filter((argument) => argument.required && !args[argument.name]);
  if (missing.length > 0) {
    throw invalidParams(
      `${prompt.name} needs ${missing.map((argument) => argument.name).join(' and ')}: ` +
        missing.map((argument) => `${argument.name}: ${argument.description}`).join(' '),
    );
  }
  if (args.platform !== undefined && !PLATFORMS.includes(args.platform as Platform)) {
    throw invalidParams(`platform must be one of ${platformWords} (got "${args.platform}").`);
  }
  return args;
}

export function servePrompts(server: Server): void {
  server.setRequestHandler('prompts/list', async () => ({
    prompts: PROMPTS.map(({ text: _text, ...prompt }) => prompt),
  }));
  server.setRequestHandler('prompts/get', async ({ params }): Promise<GetPromptResult> => {
    const prompt = PROMPTS.find((candidate) => candidate.name === params.name);
    if (!prompt) {
      throw invalidParams(
        `No prompt ${params.name}: prompts/list lists ${PROMPTS.map((candidate) => candidate.name).join(', ')}.`,
      );
    }
    const text = prompt.text(checked(prompt, params.arguments));
    return {
      description: prompt.description,
      messages: [{ role: 'user', content: { type: 'text', text } }],
    };
  });
}
