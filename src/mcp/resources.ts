import {
  type ListResourceTemplatesResult,
  type ReadResourceResult,
  type Resource,
  type ResourceLink,
  ResourceNotFoundError,
  type Server,
  UriTemplate,
} from '@modelcontextprotocol/server';
import { PLATFORM_INFO, PLATFORMS, type Platform } from '../platform-families.ts';
import { DATE_RANGES } from '../tools/reads/period.ts';
import { RESULTS_APP, RESULTS_APP_URI, resultsAppHtml } from './results-app.ts';
import { type CallTool, readThroughTool } from './tool-reads.ts';

export const ACCOUNTS_URI = 'adops://accounts';
const REPORT_TEMPLATE = 'adops://{platform}/{account_id}/campaigns/{campaign_id}/report{?date_range}';
const report = new UriTemplate(REPORT_TEMPLATE);

const ACCOUNTS: Resource = {
  uri: ACCOUNTS_URI,
  name: 'connected_accounts',
  title: 'Connected ad accounts',
  description:
    "The owner's connected ad accounts on every platform, with the argument each id is passed as. Free.",
  mimeType: 'application/json',
};

const REPORT: ListResourceTemplatesResult['resourceTemplates'][number] = {
  uriTemplate: REPORT_TEMPLATE,
  name: 'campaign_report',
  title: 'Campaign report',
  description:
    "A campaign's performance over a period (date_range, LAST_7_DAYS unless given): impressions, clicks, " +
    'spend, conversions, CTR, CPC, cost per conversion. platform is search, network, social or video. ' +
    'Reading it is get_<platform>_campaign_performance: billable, one quota unit.',
  mimeType: 'text/markdown',
};

/** The URI of a campaign's report resource, which list results link to. */
export function campaignReportUri(platform: Platform, accountId: string, campaignId: string): string {
  return report.expand({ platform, account_id: accountId, campaign_id: campaignId });
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The tool call a report URI reads, or undefined when the URI is no report of a platform. */
function reportCall(uri: string): { name: string; arguments: Record<string, unknown> } | undefined {
  const variables = report.match(uri);
  const platform = single(variables?.platform) as Platform | undefined;
  const accountId = single(variables?.account_id);
  const campaignId = single(variables?.campaign_id);
  if (!platform || !PLATFORMS.includes(platform) || !accountId || !campaignId) return undefined;
  const dateRange = single(variables?.date_range) ?? 'LAST_7_DAYS';
  return {
    name: `get_${platform}_campaign_performance`,
    arguments: {
      [PLATFORM_INFO[platform].accountArgument]: accountId,
      campaign_ids: [campaignId],
      date_range: dateRange,
    },
  };
}

/**
 * The resources an agent reads by URI: the connected accounts, and each campaign's report (a template);
 * and the MCP App hosts show results with.
 * A read runs the tool behind it through the same pipeline as a call (the key's accounts and scope, the
 * quota for a report, the audit), so a resource can show nothing a tool would not.
 */
export function serveResources(server: Server, callTool: CallTool): void {
  server.setRequestHandler('resources/list', async () => ({ resources: [ACCOUNTS, RESULTS_APP] }));
  server.setRequestHandler('resources/templates/list', async () => ({ resourceTemplates: [REPORT] }));
  server.setRequestHandler('resources/read', async ({ params }, context): Promise<ReadResourceResult> => {
    const { uri } = params;
    if (uri === RESULTS_APP_URI) {
      return {
        contents: [
          {
            uri,
            mimeType: RESULTS_APP.mimeType,
            text: resultsAppHtml(),
            _meta: { ui: { prefersBorder: true } },
          },
        ],
      };
    }
    const call = uri === ACCOUNTS_URI ? { name: 'list_connected_accounts', arguments: {} } : reportCall(uri);
    if (!call) throw new ResourceNotFoundError(uri, notServed(uri));
    const result = await readThroughTool(
      callTool,
      call,
      context,
      (message) => new ResourceNotFoundError(uri, message),
    );
    const [first] = result.content;
    const json = { uri, mimeType: 'application/json', text: JSON.stringify(result.structuredContent ?? {}) };
    if (uri === ACCOUNTS_URI || first?.type !== 'text') return { contents: [json] };
    return { contents: [{ uri, mimeType: 'text/markdown', text: first.text }, json] };
  });
}

function notServed(uri: string): string {
  return (
    `No resource ${uri}: adops serves ${ACCOUNTS_URI} and campaign reports like ` +
    `adops://search/1234567890/campaigns/987654321/report?date_range=LAST_30_DAYS (date_range one of ` +
    `${DATE_RANGES.join(', ')}).`
  );
}

/** The reports a campaign list links to: its first rows, enough to follow without crowding the answer. */
const MAX_REPORT_LINKS = 10;

type Structured = Record<string, unknown> | undefined;

/**
 * The resources a successful result links to: the accounts resource from list_connected_accounts, and
 * each listed campaign's report from a platform's campaign list.
 */
export function resourceLinks(tool: string, structured: Structured): ResourceLink[] {
  if (tool === 'list_connected_accounts') {
    return [{ type: 'resource_link', uri: ACCOUNTS_URI, name: ACCOUNTS.name, mimeType: 'application/json' }];
  }
  const platform = PLATFORMS.find((candidate) => tool === `list_${candidate}_campaigns`);
  const accountId = platform && structured?.[PLATFORM_INFO[platform].accountArgument];
  if (!platform || typeof accountId !== 'string' || !Array.isArray(structured?.campaigns)) return [];
  return (structured.campaigns as Array<Record<string, unknown>>)
    .slice(0, MAX_REPORT_LINKS)
    .flatMap((row) => {
      const id = row.campaign_id ?? row.id;
      if (typeof id !== 'string') return [];
      return [
        {
          type: 'resource_link' as const,
          uri: campaignReportUri(platform, accountId, id),
          name: `campaign_report_${id}`,
          title: `Report: ${typeof row.name === 'string' ? row.name : `campaign ${id}`}`,
          mimeType: 'text/markdown',
        },
      ];
    });
}
