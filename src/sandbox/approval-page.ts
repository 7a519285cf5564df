import type { FastifyInstance } from 'fastify';
import { html, type SafeHtml } from '../console/html.ts';
import type { Services } from '../context.ts';
import { generateAccountId, PLATFORM_INFO, type Platform } from '../platforms/families.ts';
import { seedSandboxAccount } from './seed.ts';
import { SandboxStore } from './store.ts';
import { issueSandboxToken } from './tokens.ts';

export interface ApprovalOptions {
  /** The query parameter naming the client: `client_id` (Google, LinkedIn, Meta) or `app_id` (TikTok). */
  clientParameter: 'client_id' | 'app_id';
  /** The parameter the code is returned in: `code`, or TikTok's `auth_code`. */
  codeParameter: 'code' | 'auth_code';
}

function page(title: string, body: SafeHtml): string {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}
button{font:inherit;padding:.5rem 1rem;margin-right:.5rem}label{display:block;margin:1rem 0 .25rem}input{font:inherit;width:100%}</style>
</head><body>${body}</body></html>`.text;
}

/**
 * The sandbox's OAuth consent page, standing in for the platform's: GET shows who asks for what; POST
 * approves (a new seeded sandbox account, or the accounts named by `sandbox_accounts` when
 * reconnecting) and redirects back with a single-use code, or denies with `error=access_denied`.
 */
export function registerApprovalPage(
  scope: FastifyInstance,
  services: Services,
  platform: Platform,
  options: ApprovalOptions,
): void {
  const label = PLATFORM_INFO[platform].label;
  scope.get<{ Querystring: Record<string, string | undefined> }>(
    '/oauth/authorize',
    async (request, reply) => {
      const query = request.query;
      const redirectUri = query.redirect_uri ?? '';
      if (!query[options.clientParameter] || !URL.canParse(redirectUri)) {
        return reply
          .status(400)
          .type('text/html')
          .send(
            page(
              'Invalid request',
              html`<h1>Invalid request</h1>
<p>${options.clientParameter} and an absolute redirect_uri are required.</p>`,
            ),
          );
      }
      const existing = query.sandbox_accounts ?? '';
      const hidden = ['redirect_uri', 'state', 'sandbox_accounts'].map(
        (name) => html`<input type="hidden" name="${name}" value="${query[name] ?? ''}">`,
      );
      const what = existing
        ? html`<p>Grant access again to the sandbox accounts <strong>${existing}</strong>.</p>`
        : html`<label for="account_name">Name of the new sandbox account</label>
<input id="account_name" name="account_name" value="Sandbox ${platform} account" maxlength="100">`;
      return reply.type('text/html').send(
        page(
          `${label} sandbox: approve access`,
          html`<h1>${label} sandbox</h1><p><strong>adops</strong> asks to manage ads on your behalf.</p>
<form method="post" action="authorize">${hidden}${what}
<p><button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button></p></form>`,
        ),
      );
    },
  );

  scope.post<{ Body: Record<string, string | undefined> }>('/oauth/authorize', async (request, reply) => {
    const body = request.body ?? {};
    const redirect = new URL(body.redirect_uri ?? '');
    if (body.state) redirect.searchParams.set('state', body.state);
    if (body.decision !== 'approve') {
      redirect.searchParams.set('error', 'access_denied');
      return reply.redirect(redirect.toString(), 303);
    }
    const now = services.clock.now();
    const store = new SandboxStore(services.storage.db, platform);
    let accountIds = (body.sandbox_accounts ?? '').split(',').filter(Boolean);
    for (const id of accountIds) {
      if (!(await store.get('account', id))) {
        redirect.searchParams.set('error', 'invalid_request');
        return reply.redirect(redirect.toString(), 303);
      }
    }
    if (accountIds.length === 0) {
      const id = generateAccountId(platform);
      const name = (body.account_name ?? '').trim().slice(0, 100) || `Sandbox ${platform} account`;
      await seedSandboxAccount(services.storage.db, platform, id, { name, currency: 'USD' }, now);
      accountIds = [id];
    }
    const { token } = await issueSandboxToken(services.storage.db, platform, 'code', accountIds, now);
    redirect.searchParams.set(options.codeParameter, token);
    return reply.redirect(redirect.toString(), 303);
  });
}
