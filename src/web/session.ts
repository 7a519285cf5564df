import type { Config } from '../config.ts';
import type { Role } from '../roles.ts';
import { countPendingApprovals } from '../storage/approvals.ts';
import { clientsOfMember } from '../storage/clients.ts';
import {
  deleteConsoleSession,
  deleteExpiredConsoleSessions,
  findConsoleSession,
  insertConsoleSession,
} from '../storage/console-sessions.ts';
import { listWorkspacesOf, type WorkspaceOfPerson } from '../storage/memberships.ts';
import { parseCookies, serializeCookie } from './cookies.ts';
import { type Flash, takeFlash } from './flash.ts';
import { randomToken, sha256 } from './tokens.ts';
import type { WebServices } from './web-services.ts';

export interface SignedIn {
  /** The workspace the person is looking at: what the pages show and change. */
  user: { id: string; email: string; tier: string; name: string };
  /**
   * Who signed in, their role in that workspace, and the clients they are limited to (null: every
   * account; admins are never limited). See src/web/member-scope.ts.
   */
  member: { personId: string; email: string; role: Role; clients: string[] | null };
  /** Whether the person gave a second factor when signing in. */
  secondFactor: boolean;
  /** Whether the workspace requires a second factor of its approvers and admins. */
  secondFactorRequired: boolean;
  /** Every workspace the person belongs to, for the switcher. */
  workspaces: WorkspaceOfPerson[];
  csrfToken: string;
  idHash: string;
  /** When the owner stopped all agents, or null: read with the session, so every page can say so. */
  agentsStoppedAt: string | null;
  /** The approvals waiting for the owner, counted once per request for the navigation. */
  pendingApprovals: number;
  /** What the form before this page did, shown once (flash.ts). */
  flash?: Flash | undefined;
  /** The browser's language for numbers and money (format.ts), `en-US` unless it says otherwise. */
  locale: string;
}

export function isSecure(config: Config): boolean {
  return config.appUrl.startsWith('https:');
}

/** Over https the `__Host-` prefix makes the browser refuse the cookie unless Secure, host-only, for `/`. */
export function cookieName(config: Config, base: string): string {
  return isSecure(config) ? `__Host-${base}` : base;
}

const SESSION_COOKIE = 'adops_session';

/** Stores a new session of the person in the workspace, and returns the Set-Cookie header for its id. */
export async function startSession(
  services: WebServices,
  personId: string,
  workspaceId: string,
  withSecondFactor = false,
): Promise<string> {
  const { config, storage, clock } = services;
  const now = clock.now();
  const id = randomToken();
  const hours = config.console.sessionHours;
  await deleteExpiredConsoleSessions(storage.db, now);
  await insertConsoleSession(storage.db, {
    id_hash: sha256(id),
    user_id: workspaceId,
    person_id: personId,
    second_factor_at: withSecondFactor ? now.toISOString() : null,
    csrf_token: randomToken(),
    last_key_form: null,
    flash: null,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + hours * 3_600_000).toISOString(),
  });
  return serializeCookie(cookieName(config, SESSION_COOKIE), id, {
    maxAgeSeconds: hours * 3600,
    secure: isSecure(config),
  });
}

/** The session of a request; `takesFlash`: the page shows what the last form did, which is then cleared. */
export async function readSession(
  services: WebServices,
  cookieHeader: string | undefined,
  options: { takesFlash?: boolean; locale?: string } = {},
) {
  const id = parseCookies(cookieHeader).get(cookieName(services.config, SESSION_COOKIE));
  if (!id) return undefined;
  const idHash = sha256(id);
  const now = services.clock.now();
  const row = await findConsoleSession(services.storage.db, idHash, now);
  if (!row) return undefined;
  const [workspaces, pendingApprovals, clients, flash] = await Promise.all([
    listWorkspacesOf(services.storage.db, row.person_id),
    countPendingApprovals(services.storage.db, row.user_id, now),
    row.role === 'admin' ? [] : clientsOfMember(services.storage.db, row.user_id, row.person_id),
    options.takesFlash ? takeFlash(services, idHash, row.flash) : undefined,
  ]);
  const signedIn: SignedIn = {
    user: { id: row.user_id, email: row.email, tier: row.tier, name: row.workspace_name },
    member: {
      personId: row.person_id,
      email: row.person_email,
      role: row.role as Role,
      clients: clients.length === 0 ? null : clients,
    },
    secondFactor: row.second_factor_at !== null,
    secondFactorRequired: row.workspace_second_factor === 'approvers',
    workspaces,
    csrfToken: row.csrf_token,
    idHash,
    agentsStoppedAt: row.agents_stopped_at,
    pendingApprovals,
    flash,
    locale: options.locale ?? 'en-US',
  };
  return signedIn;
}

/** Deletes the session and returns the Set-Cookie header that makes the browser forget it. */
export async function endSession(services: WebServices, signedIn: SignedIn): Promise<string> {
  await deleteConsoleSession(services.storage.db, signedIn.idHash);
  return serializeCookie(cookieName(services.config, SESSION_COOKIE), '', {
    maxAgeSeconds: 0,
    secure: isSecure(services.config),
  });
}
