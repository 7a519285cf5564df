import { ConsoleClient, PASSWORD, uniqueEmail } from './console-client.ts';

/** The invitation link on the members page an admin was shown after inviting. */
export function invitationLinkOf(html: string): string {
  const link =
    /id="invitation-link" type="text" readonly value="(https?:\/\/[^"]+\/invitations\/[^"]+)"/.exec(
      html,
    )?.[1];
  if (!link) throw new Error('the page shows no invitation link');
  return link;
}

/** The admin invites a new address as `role`; the invited person opens the link, chooses a password, joins. */
export async function inviteAndJoin(
  baseUrl: string,
  admin: ConsoleClient,
  role: string,
): Promise<{ client: ConsoleClient; email: string; path: string }> {
  const email = uniqueEmail(role);
  const invited = await admin.follow(admin.submit('/members', '/members/invite', { email, role }));
  const path = new URL(invitationLinkOf(invited.text)).pathname;
  const client = new ConsoleClient(baseUrl);
  const joined = await client.submit(path, path, { password: PASSWORD });
  if (joined.status !== 303)
    throw new Error(`joining answered ${joined.status}: ${joined.text.slice(0, 500)}`);
  return { client, email, path };
}

/** The person id in the members page's forms for the member with this address. */
export function memberIdOf(html: string, email: string): string {
  const block = html.split('<details class="confirm">').find((part) => part.includes(`Remove ${email}`));
  const id = block && /action="\/members\/([^/"]+)\/remove"/.exec(block)?.[1];
  if (!id) throw new Error(`the members page has no member ${email}`);
  return id;
}
