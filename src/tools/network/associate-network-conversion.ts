import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { NetworkClient } from '../../platforms/network/client.ts';
import { networkProtocol } from '../../platforms/network/protocol.ts';
import { idOf, urn } from '../../platforms/network/urns.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { accountArgument, digitsId, digitsOrUrn, dryRun } from '../arguments.ts';
import type { Change } from '../changes/change.ts';
import { PREVIEW_OUTPUT } from '../preview.ts';
import { defineTool, type ToolContext, type ToolResult } from '../tool.ts';
import { networkSteps, sendWith } from './step-platform.ts';

/**
 * Attaches a conversion to a campaign. Both are read first (each must exist in the account); a pair
 * already associated is reported as such without writing; otherwise one idempotent PUT associates them.
 */
async function associateConversion(
  context: ToolContext,
  args: { campaign_id: string; conversion_id: string },
): Promise<ToolResult> {
  const accountId = context.account?.account_id ?? '';
  const campaignId = idOf(args.campaign_id);
  const conversionId = idOf(args.conversion_id);
  const session = await PlatformSession.open(context, networkProtocol);
  const client = new NetworkClient(session);
  const campaign = await client.getCampaign(campaignId);
  const conversion = await client.getConversion(conversionId);
  if (conversion.account && conversion.account !== urn.account(accountId)) {
    throw new AppError(
      'upstream_rejected',
      `LinkedIn Ads (network) rejected the request: conversion ${conversionId} belongs to another ad account ` +
        `(${conversion.account}), not ${urn.account(accountId)}. Pick a conversion of this account.`,
    );
  }
  const associated = (await client.campaignConversions(campaignId)).some(
    (pair) => pair.conversion === urn.conversion(conversionId),
  );
  const structured = {
    account_id: accountId,
    dry_run: context.dryRun,
    campaign: { id: campaignId, urn: urn.campaign(campaignId), name: campaign.name ?? null },
    conversion: { id: conversionId, urn: urn.conversion(conversionId), name: conversion.name ?? null },
    already_associated: associated,
  };
  const pair = `conversion ${conversionId} ("${conversion.name ?? ''}") and campaign ${campaignId} ("${campaign.name ?? ''}")`;
  if (associated) {
    return {
      text: `Nothing to do: ${pair} are already associated${context.dryRun ? ' (dry run)' : ''}. The campaign reports this conversion.`,
      structured: { ...structured, ...(context.dryRun && { preview: [] }) },
    };
  }
  const label = `campaign ${campaignId}`;
  const change: Change = {
    what: `associate conversion ${conversionId} with campaign ${campaignId}`,
    currency: context.account?.currency ?? '',
    object: label,
    shown: { before: { conversions_associated: false }, after: { conversions_associated: true } },
    objects: [
      {
        ref: { kind: 'conversion', id: conversionId, campaignId },
        label: `conversion ${conversionId} of campaign ${campaignId}`,
        created: true,
        fields: [{ field: 'conversion_id', money: 'none' }],
        delivery: { after: { active: false } },
        budgets: { currency: context.account?.currency ?? '' },
      },
    ],
  };
  // Judged as every write is (and fenced by "stop all agents"), though it moves no money.
  await context.authorizeChange(change);
  const runner = networkSteps(client, context, 1);
  await runner.send(
    'associate the conversion with the campaign',
    client.requests.associateConversion(campaignId, conversionId),
    sendWith(client),
  );
  if (runner.dryRun) {
    return {
      text: `Dry run: nothing was changed. ${pair} would be associated with one request, shown in structured.preview.`,
      structured: { ...structured, preview: runner.preview },
    };
  }
  context.noteChange(change);
  return {
    text: `Associated ${pair}: the campaign now reports and can optimise for this conversion.`,
    structured: { ...structured, associated: true },
  };
}

export const associateNetworkConversion = defineTool({
  name: 'associate_network_conversion',
  description:
    'Attaches an existing LinkedIn conversion to a campaign so it reports and optimises for it; safe to repeat. Billable: one quota unit.',
  guidance:
    'Attaches an existing LinkedIn conversion to a campaign so the campaign reports and optimises for it. ' +
    'Both must already exist in the account; this tool creates neither. Associating a pair that is already ' +
    'associated succeeds and says so, so it is safe to repeat. Takes 2 to 3 seconds. Billable: one quota ' +
    'unit; pass dry_run to check first.',
  platform: 'network',
  billable: true,
  changes: { object: 'conversion', creates: true, fields: { conversion_id: 'none', campaign_id: 'none' } },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: z.strictObject({
    campaign_id: digitsOrUrn('sponsoredCampaign').describe(
      'The campaign that receives the conversion: digits or urn:li:sponsoredCampaign:<digits>.',
    ),
    conversion_id: digitsId().describe(
      'The conversion to attach (digits), as listed in the Campaign Manager.',
    ),
    account_id: accountArgument('network'),
    dry_run: dryRun,
  }),
  output: z.object({
    account_id: z.string().describe('The LinkedIn ad account.'),
    dry_run: z.boolean().describe('Whether nothing was sent (dry run).'),
    campaign: z
      .object({
        id: z.string().describe('The digits of the campaign.'),
        urn: z.string().describe('urn:li:sponsoredCampaign:<id>.'),
        name: z.string().nullable().describe('Its name.'),
      })
      .describe('The campaign.'),
    conversion: z
      .object({
        id: z.string().describe('The digits of the conversion.'),
        urn: z.string().describe('urn:lla:llaPartnerConversion:<id>.'),
        name: z.string().nullable().describe('Its name.'),
      })
      .describe('The conversion.'),
    already_associated: z.boolean().describe('Whether the pair was associated before this call.'),
    associated: z.boolean().optional().describe('true once this call associated them.'),
    preview: PREVIEW_OUTPUT,
  }),
  auditFields: ['campaign_id', 'conversion_id'],
  example: { campaign_id: '123456789', conversion_id: '987654' },
  run(args, context) {
    return associateConversion(context, args);
  },
});
