import { expect } from 'vitest';

/**
 * Plays the owner on a sandbox consent page, as a browser would: opens it, submits its form with the
 * decision, and returns where the sandbox redirects back to (with the code, or `error`).
 */
export async function consent(
  authorizeUrl: string,
  decision: 'approve' | 'deny',
  accountName = 'Launch account',
): Promise<URL> {
  const page = await fetch(authorizeUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Approve');
  const url = new URL(authorizeUrl);
  const answer = await fetch(new URL('authorize', url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      redirect_uri: url.searchParams.get('redirect_uri') ?? '',
      state: url.searchParams.get('state') ?? '',
      sandbox_accounts: url.searchParams.get('sandbox_accounts') ?? '',
      account_name: accountName,
      decision,
    }).toString(),
    redirect: 'manual',
  });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location') ?? '');
}
