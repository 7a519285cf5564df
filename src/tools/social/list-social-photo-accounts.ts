import { z } from 'zod';
import { PlatformSession } from '../../platforms/session.ts';
import { type PhotoAccountListing, SocialClient } from '../../platforms/social/client.ts';
import { socialProtocol } from '../../platforms/social/protocol.ts';
import { accountArgument } from '../arguments.ts';
import { defineTool } from '../tool.ts';

function handleList(accounts: Array<{ username?: string | undefined; id: string }>): string {
  return accounts.map((a) => (a.username ? `@${a.username} (${a.id})` : a.id)).join(', ');
}

/** The listing as text: usable accounts first, then why others are not usable, then how to pass an id. */
function listingText(adAccount: { account_id: string; name: string }, listing: PhotoAccountListing): string {
  const where = `Meta ad account ${adAccount.account_id} (${adAccount.name})`;
  const lines: string[] = [];
  const { usable, notLinked, notAuthorized } = listing;
  if (usable.length === 0) {
    lines.push(
      `No Instagram account is both authorized for ads on ${where} and linked to one of its Facebook pages.`,
      '',
      'To authorize one: in Meta Business Manager (business.facebook.com/settings), open Accounts > Instagram ' +
        `accounts, select (or add) the account, choose "Assign assets" and add ad account ${adAccount.account_id}. ` +
        "Then link it to a Facebook page in that page's settings (Linked accounts > Instagram).",
    );
  } else {
    lines.push(
      `${usable.length} Instagram account${usable.length === 1 ? ' is' : 's are'} authorized for ads on ${where} ` +
        'and linked to a page:',
    );
    for (const account of usable) {
      const page = account.linkedPage
        ? `linked page "${account.linkedPage.name}" (${account.linkedPage.id})`
        : 'linked to a page';
      lines.push(`- @${account.username}: id ${account.id}, ${page}`);
    }
  }
  if (notLinked.length > 0) {
    lines.push(
      '',
      `Authorized for ads but linked to no page of this ad account, so not usable yet: ${handleList(notLinked)}. ` +
        "Link it to one of the ad account's Facebook pages in that page's settings (Linked accounts > Instagram).",
    );
  }
  if (notAuthorized.length > 0) {
    lines.push(
      '',
      `Linked to a page but not authorized for ads on this ad account: ${handleList(notAuthorized)}. ` +
        'Authorize it in Business Manager (Instagram accounts > Assign assets).',
    );
  }
  const [first] = usable;
  lines.push(
    '',
    first
      ? `To run ads on Instagram as one of them, use its id as the ad's Instagram identity (instagram_user_id in ` +
          `Meta's ad creative, in Ads Manager or the Marketing API), e.g. ${first.id}.`
      : 'Once an account is authorized and linked, call list_social_photo_accounts again: its id is what ' +
          "Meta's ad creatives take as instagram_user_id.",
  );
  return lines.join('\n');
}

export const listSocialPhotoAccounts = defineTool({
  name: 'list_social_photo_accounts',
  description:
    'The Instagram accounts a Meta ad account may advertise as, with their linked pages. Billable: one quota unit.',
  guidance:
    'Lists the Instagram (photo network) accounts authorized for ads on a Meta ad account and linked to ' +
    'its Facebook pages: id, username and linked page. A returned id is the Instagram identity of an ad ' +
    "(instagram_user_id in Meta's ad creative); adops does not create Meta ads, so it is used in Ads " +
    'Manager or the Marketing API. Use it before creating a Meta campaign with ' +
    'Instagram placements, when the user asks which Instagram accounts they can advertise with, or when ' +
    'linking an Instagram account fails. An empty list is not an error: the answer explains how to ' +
    'authorize an account in the business manager. Read-only. Billable: one quota unit.',
  platform: 'social',
  billable: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: z.strictObject({
    // Null means "the connected account" as absence does; account resolution checks the act_ shape.
    ad_account_id: accountArgument('social')
      .nullable()
      .default(null)
      .describe('The account, when several are connected (list_connected_accounts).'),
  }),
  output: z.object({
    ad_account_id: z.string().describe('The Meta ad account (act_<digits>).'),
    photo_accounts: z
      .array(
        z.object({
          id: z.string().describe('The Instagram account id (instagram_user_id).'),
          username: z.string().describe('Its handle, without @.'),
          linked_page: z
            .object({
              id: z.string().describe('The Facebook page id.'),
              name: z.string().describe("The page's name."),
            })
            .nullable()
            .describe('The Facebook page of the ad account it is linked to.'),
        }),
      )
      .describe('The accounts ads can run as: authorized for ads and linked to a page.'),
    not_usable: z
      .array(
        z.object({
          id: z.string().describe('The Instagram account id.'),
          username: z.string().nullable().describe('Its handle; null when Meta does not tell it.'),
          missing: z
            .enum(['page_link', 'ads_authorization'])
            .describe('What it lacks: a link to a page, or the authorization for ads.'),
        }),
      )
      .describe('Accounts found but not usable yet, with what each lacks.'),
    creative_field: z.literal('instagram_user_id').describe("The ad creative's field that takes the id."),
  }),
  example: { ad_account_id: 'act_310000000000001' },
  async run(_args, context) {
    const account = context.account;
    if (!account) throw new Error('list_social_photo_accounts needs the resolved ad account');
    const session = await PlatformSession.open(context, socialProtocol);
    const listing = await new SocialClient(session).photoAccounts(account.account_id);
    return {
      text: listingText(account, listing),
      structured: {
        ad_account_id: account.account_id,
        photo_accounts: listing.usable.map((a) => ({
          id: a.id,
          username: a.username,
          linked_page: a.linkedPage && { id: a.linkedPage.id, name: a.linkedPage.name },
        })),
        not_usable: [
          ...listing.notLinked.map((a) => ({ id: a.id, username: a.username ?? null, missing: 'page_link' })),
          ...listing.notAuthorized.map((a) => ({
            id: a.id,
            username: a.username ?? null,
            missing: 'ads_authorization',
          })),
        ],
        creative_field: 'instagram_user_id',
      },
    };
  },
});
