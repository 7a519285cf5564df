import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { generateAccountId, PLATFORMS, type Platform } from '../platform-families.ts';
import { SANDBOX_CLIENT } from '../platforms/endpoints.ts';
import { connectRedirectUri } from '../platforms/oauth-flow.ts';
import { lockOwner } from '../storage/sandbox-owners.ts';
import type { Database } from '../storage/schema.ts';
import { csrfProblem } from '../web/csrf.ts';
import { PAGE_HEADERS } from '../web/error-page.ts';
import { plural } from '../web/format.ts';
import { html, type SafeHtml } from '../web/html.ts';
import { sendPage } from '../web/layout.ts';
import { readSession, type SignedIn } from '../web/session.ts';
import { sandboxAccountWait } from './account-limit.ts';
import { approvalPage, refusalPage } from './approval-view.ts';
import { createOwnedSandboxAccount } from './create-owned-account.ts';
import { foreignSandboxAccounts, SandboxOwnershipError } from './ownership.ts';
import type { SandboxServices } from './sandbox-services.ts';
import { issueSandboxToken } from './tokens.ts';

export interface ApprovalOptions {
  /** The query parameter naming the client: `client_id` (Google, LinkedIn, Meta) or `app_id` (TikTok). */
  clientParameter: 'client_id' | 'app_id';
  /** The parameter the code is returned in: `code`, or TikTok's `auth_code`. */
  codeParameter: 'code' | 'auth_code';
  /** Kinds of new account offered besides a working one (`sandbox_fault`), and the id each gets. */
  faultAccounts?: ReadonlyArray<FaultAccountChoice>;
}

export interface FaultAccountChoice {
  value: string;
  label: string;
  newAccountId: () => string;
  /**
   * Makes more than one account (a manager over client accounts, a business): returns those the grant
   * covers. Without it, one account is made under `newAccountId()`.
   */
  create?: (db: Kysely<Database>, userId: string, name: string, now: Date) => Promise<string[]>;
}

const CONSENT_PATH = new RegExp(`^/sandbox/(${PLATFORMS.join('|')})/oauth/authorize(\\?[^#\\s]*)?$`);

/** Whether `path` is a sandbox consent page: the one place outside the console sign-in sends owners back to. */
export function isSandboxConsentPath(path: string): boolean {
  return CONSENT_PATH.test(path);
}

type Parameters = Record<string, unknown>;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function duration(seconds: number): string {
  return seconds > 3600
    ? plural(Math.ceil(seconds / 3600), 'hour')
    : plural(Math.ceil(seconds / 60), 'minute');
}

function requestedAccounts(params: Parameters): string[] {
  const ids = text(params.sandbox_accounts)
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  return [...new Set(ids)];
}

/**
 * The sandbox's OAuth consent page, standing in for the platform's, for the owner signed in to the
 * console: GET shows who asks for what (the owner's own accounts named by `sandbox_accounts` when
 * reconnecting, else a new account); POST, with the console's form token, approves and redirects back
 * with a single-use code, or denies with `error=access_denied`. A request with another client or
 * redirect_uri than the registered callback gets a 400 page and goes nowhere; another owner's account
 * is never granted; new accounts are limited per owner (ADOPS_SANDBOX_ACCOUNTS_PER_DAY).
 */
export function registerApprovalPage(
  scope: FastifyInstance,
  services: SandboxServices,
  platform: Platform,
  options: ApprovalOptions,
): void {
  const { config, storage, clock } = services;

  function send(reply: FastifyReply, status: number, content: SafeHtml) {
    return sendPage(reply.headers(PAGE_HEADERS), status, content);
  }

  /** Checked first, as OAuth servers do: with a wrong client or redirect_uri there is nowhere safe to send a code. */
  function requestProblem(params: Parameters): string | undefined {
    if (text(params[options.clientParameter]) !== SANDBOX_CLIENT.clientId)
      return `${options.clientParameter} must name the adops sandbox client, ${SANDBOX_CLIENT.clientId}.`;
    const registered = connectRedirectUri(services, platform);
    if (text(params.redirect_uri) !== registered)
      return `redirect_uri must be exactly the callback registered for adops, ${registered}.`;
    return undefined;
  }

  /** What the consent URL carried, posted back with the decision. */
  function carried(params: Parameters): Record<string, string> {
    return {
      [options.clientParameter]: text(params[options.clientParameter]),
      redirect_uri: text(params.redirect_uri),
      state: text(params.state),
      sandbox_accounts: text(params.sandbox_accounts),
    };
  }

  function signInUrl(params: Parameters): string {
    const consent = `/sandbox/${platform}/oauth/authorize?${new URLSearchParams(carried(params))}`;
    return `${config.appUrl}/login?next=${encodeURIComponent(consent)}`;
  }

  function refuseForeign(reply: FastifyReply, session: SignedIn, error: SandboxOwnershipError) {
    return send(reply, 403, refusalPage(platform, session, `${error.message} Nothing was granted.`));
  }

  scope.get<{ Querystring: Parameters }>('/oauth/authorize', async (request, reply) => {
    const query = request.query;
    const problem = requestProblem(query);
    if (problem) return send(reply, 400, refusalPage(platform, undefined, `Invalid request: ${problem}`));
    const session = await readSession(services, request.headers.cookie);
    if (!session) return reply.headers(PAGE_HEADERS).redirect(signInUrl(query), 303);
    const accountIds = requestedAccounts(query);
    const foreign = await foreignSandboxAccounts(storage.db, platform, session.user.id, accountIds);
    if (foreign.length > 0)
      return refuseForeign(reply, session, new SandboxOwnershipError(platform, foreign));
    const view = {
      platform,
      session,
      fields: carried(query),
      accountIds,
      faultChoices: options.faultAccounts,
    };
    return send(reply, 200, approvalPage(view));
  });

  scope.post('/oauth/authorize', async (request: FastifyRequest, reply) => {
    const body = (
      typeof request.body === 'object' && request.body !== null ? request.body : {}
    ) as Parameters;
    const problem = requestProblem(body);
    if (problem) return send(reply, 400, refusalPage(platform, undefined, `Invalid request: ${problem}`));
    const fault = text(body.sandbox_fault);
    const faultAccount = options.faultAccounts?.find((choice) => choice.value === fault);
    if (fault !== '' && !faultAccount) {
      const kinds = (options.faultAccounts ?? []).map((choice) => choice.value).join(', ') || 'none here';
      const message = `Invalid request: sandbox_fault must be empty or one of ${kinds}.`;
      return send(reply, 400, refusalPage(platform, undefined, message));
    }
    const session = await readSession(services, request.headers.cookie);
    if (!session) {
      const message = html`Sign in to the console first, then approve again: <a href="${signInUrl(body)}">sign in</a>.`;
      return send(reply, 403, refusalPage(platform, undefined, message));
    }
    const forged = csrfProblem(request, config, session.csrfToken);
    if (forged) {
      request.log.warn({ platform, problem: forged }, 'sandbox consent refused a forged or stale form');
      const message = `This form was refused because ${forged}. Go back, reload the page and try again.`;
      return send(reply, 403, refusalPage(platform, session, message));
    }

    const redirect = new URL(text(body.redirect_uri));
    if (body.state) redirect.searchParams.set('state', text(body.state));
    if (body.decision !== 'approve') {
      redirect.searchParams.set('error', 'access_denied');
      return reply.redirect(redirect.toString(), 303);
    }
    const userId = session.user.id;
    const now = clock.now();
    const perDay = config.platforms.sandboxAccountsPerDay;
    let outcome: { code: string } | { wait: number };
    try {
      outcome = await storage.db.transaction().execute(async (trx) => {
        let accountIds = requestedAccounts(body);
        if (accountIds.length === 0) {
          await lockOwner(trx, storage.dialect, userId);
          const wait = await sandboxAccountWait(trx, userId, perDay, now);
          if (wait > 0) return { wait };
          const name = text(body.account_name).trim().slice(0, 100) || `Sandbox ${platform} account`;
          if (faultAccount?.create) {
            accountIds = await faultAccount.create(trx, userId, name, now);
            request.log.info({ platform, account_ids: accountIds }, 'sandbox accounts created');
          } else {
            const id = faultAccount ? faultAccount.newAccountId() : generateAccountId(platform);
            await createOwnedSandboxAccount(trx, platform, userId, id, { name, currency: 'USD' }, now);
            request.log.info({ platform, account_id: id }, 'sandbox account created');
            accountIds = [id];
          }
        }
        const code = await issueSandboxToken(trx, platform, 'code', { userId, accountIds }, now);
        return { code: code.token };
      });
    } catch (error) {
      if (error instanceof SandboxOwnershipError) return refuseForeign(reply, session, error);
      throw error;
    }
    if ('wait' in outcome) {
      reply.header('Retry-After', String(outcome.wait));
      const message =
        `${perDay} new sandbox accounts were made for you in the last 24 hours, the most this service allows. ` +
        `Try again in ${duration(outcome.wait)}, or reconnect an account you have.`;
      return send(reply, 429, refusalPage(platform, session, message));
    }
    redirect.searchParams.set(options.codeParameter, outcome.code);
    return reply.redirect(redirect.toString(), 303);
  });
}
