import { z } from 'zod';
import { associateConversion } from '../../platforms/network/associate-conversion.ts';
import { accountArgument, digitsId, digitsOrUrn, dryRun } from '../arguments.ts';
import { defineTool } from '../tool.ts';

export const associateNetworkConversion = defineTool({
  name: 'associate_network_conversion',
  description:
    'Attaches an existing LinkedIn conversion to a campaign so the campaign reports and optimises for it. ' +
    'Both must already exist in the account; this tool creates neither. Associating a pair that is already ' +
    'associated succeeds and says so, so it is safe to repeat. Takes 2 to 3 seconds. Billable: one quota ' +
    'unit; pass dry_run to check first.',
  family: 'network',
  billable: true,
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
  auditFields: ['campaign_id', 'conversion_id'],
  example: { campaign_id: '123456789', conversion_id: '987654' },
  run(args, context) {
    return associateConversion(context, args);
  },
});
