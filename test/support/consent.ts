import { expect } from 'vitest';
import { listMembers, putMembership } from '../../src/storage/memberships.ts';
import { ensurePerson } from '../../src/storage/people.ts';
import { findUserById } from '../../src/storage/users.ts';
import { startSession } from '../../src/web/session.ts';
import { hiddenFieldsOf } from '../console/support/console-client.ts';
import type { TestService } from './service.ts';

/**
 * The consent page lives on the console's address ({app_url}), like the callback it sends the owner back
 * to; the test server's port is known only once it listens.
 */
export function serveConsoleHere(service: TestService): void {
  service.services.config.appUrl = service.url;
}

/**
 * The `name=value` of a new console session cookie, as the browser holds it after signing in: of the
 * workspace's admin (one of its address is made for a workspace a test made bare), or of `personId`.
 */
export async function sessionCookie(
  service: TestService,
  userId: string,
  personId?: string,
): Promise<string> {
  const who = personId ?? (await workspaceAdmin(service, userId));
  const setCookie = await startSession(service.services, who, userId);
  return setCookie.split(';')[0] ?? '';
}

async function workspaceAdmin(service: TestService, workspaceId: string): Promise<string> {
  const { db } = service.services.storage;
  const now = service.services.clock.now();
  const admin = (await listMembers(db, workspaceId)).find((member) => member.role === 'admin');
  if (admin) return admin.person_id;
  const workspace = await findUserById(db, workspaceId);
  if (!workspace) throw new Error(`no workspace ${workspaceId}`);
  const person = await ensurePerson(db, workspace.email, now);
  await putMembership(db, workspaceId, person.id, 'admin', now);
  return person.id;
}

/**
 * Plays the owner, signed in to the console, on a sandbox consent page, as a browser would: opens it,
 * submits its form (hidden fields and form token included) with the decision and any other fields the
 * owner fills in (`choices`), and returns where the sandbox redirects back to (with the code, or `error`).
 */
export async function consent(
  service: TestService,
  userId: string,
  authorizeUrl: string,
  decision: 'approve' | 'deny',
  accountName = 'Launch account',
  choices: Record<string, string> = {},
): Promise<URL> {
  const cookie = await sessionCookie(service, userId);
  const page = await fetch(authorizeUrl, { headers: { cookie }, redirect: 'manual' });
  const html = await page.text();
  expect(page.status, html).toBe(200);
  expect(html).toContain('Approve');
  const url = new URL(authorizeUrl);
  const fields: Record<string, string> = { ...hiddenFieldsOf(html, url.pathname), decision };
  if (html.includes('name="account_name"')) fields.account_name = accountName;
  for (const [name, value] of Object.entries(choices)) {
    expect(html, `the consent page has no field ${name}`).toContain(`name="${name}"`);
    fields[name] = value;
  }
  const answer = await fetch(new URL(url.pathname, url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  expect(answer.status, await answer.text()).toBe(303);
  return new URL(answer.headers.get('location') ?? '');
}
