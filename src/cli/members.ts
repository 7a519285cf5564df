import type { Tier } from '../config.ts';
import type { Services } from '../context.ts';
import { createWorkspace, inviteMember, removeMember, setMemberRole } from '../owners/members.ts';
import { OwnerError } from '../owners/owner-error.ts';
import { listMembers, listWorkspacesOf } from '../storage/memberships.ts';
import { findPersonByEmail } from '../storage/people.ts';
import { findUserByEmail, findUserById } from '../storage/users.ts';

/** A workspace named on the command line by its id or its address. */
export async function requireWorkspace(services: Services, named: string) {
  const { db } = services.storage;
  const workspace = (await findUserById(db, named)) ?? (await findUserByEmail(db, named));
  if (!workspace)
    throw new OwnerError(
      `No workspace ${named}. List a person's with: npx adops workspaces list --email you@example.com`,
    );
  return workspace;
}

export async function workspacesCreate(
  services: Services,
  options: { email: string; name?: string; tier: Tier; admin?: string },
) {
  const { workspace, admin } = await createWorkspace(services.storage.db, options, services.clock.now());
  return {
    id: workspace.id,
    email: workspace.email,
    name: workspace.name,
    tier: workspace.tier,
    admin: admin.email,
  };
}

/** The workspaces of a person, or every workspace when no one is named. */
export async function workspacesList(services: Services, options: { email?: string }) {
  const { db } = services.storage;
  if (options.email) {
    const person = await findPersonByEmail(db, options.email);
    if (!person) throw new OwnerError(`No one with email ${options.email}`);
    return listWorkspacesOf(db, person.id);
  }
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'tier', 'created_at'])
    .orderBy('name')
    .execute();
}

export async function membersInvite(
  services: Services,
  options: { workspace: string; email: string; role: string },
) {
  const workspace = await requireWorkspace(services, options.workspace);
  const { invitation, link } = await inviteMember(
    services.storage.db,
    { workspace, email: options.email, role: options.role, invitedBy: null, appUrl: services.config.appUrl },
    services.clock.now(),
  );
  return {
    id: invitation.id,
    workspace: workspace.id,
    email: invitation.email,
    role: invitation.role,
    link,
    expires_at: invitation.expires_at,
  };
}

export async function membersList(services: Services, options: { workspace: string }) {
  const workspace = await requireWorkspace(services, options.workspace);
  const members = await listMembers(services.storage.db, workspace.id);
  return members.map((member) => ({ email: member.email, role: member.role, since: member.created_at }));
}

export async function membersSetRole(
  services: Services,
  options: { workspace: string; email: string; role: string },
) {
  const workspace = await requireWorkspace(services, options.workspace);
  const member = await setMemberRole(
    services.storage.db,
    workspace,
    options.email,
    options.role,
    services.clock.now(),
  );
  return { workspace: workspace.id, email: member.email, role: member.role };
}

export async function membersRemove(services: Services, options: { workspace: string; email: string }) {
  const workspace = await requireWorkspace(services, options.workspace);
  await removeMember(services.storage.db, workspace, options.email);
  return { workspace: workspace.id, email: options.email.trim().toLowerCase(), removed: true };
}
