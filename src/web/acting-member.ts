import type { SignedIn } from './session.ts';

/** The member a console action is made by, as the owner use cases name them in the history. */
export function actingMember(session: SignedIn): { personId: string; email: string } {
  return { personId: session.member.personId, email: session.member.email };
}
