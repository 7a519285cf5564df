/**
 * A member's role in a workspace, each allowed what the one before it is and more: a viewer sees everything
 * and changes nothing; an operator makes and revokes keys and apps, stops agents and reverts changes; an
 * approver also decides approvals; an admin also manages members, connections, webhooks and resumes agents.
 */
export const ROLES = ['viewer', 'operator', 'approver', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether `role` may do what needs `needed`. */
export function roleAllows(role: string, needed: Role): boolean {
  return isRole(role) && ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

export const ROLE_SUMMARIES: Record<Role, string> = {
  viewer: 'sees everything, changes nothing',
  operator: 'makes and revokes keys and apps, stops agents, reverts changes',
  approver: 'what an operator does, and decides approvals',
  admin: 'everything: members, connections, webhooks, resuming agents',
};
