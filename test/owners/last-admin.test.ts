import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptInvitation, createWorkspace, inviteMember, setMemberRole } from '../../src/owners/members.ts';
import { OwnerError } from '../../src/owners/owner-error.ts';
import { countAdmins } from '../../src/storage/memberships.ts';
import { ensurePerson } from '../../src/storage/people.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TestService } from '../support/service.ts';

/**
 * Two admins demoting each other at the same moment: one demotion happens, the other is refused as the
 * last admin's, however the two interleave. The check and the change run in one transaction with the
 * workspace locked (src/storage/memberships.ts lockWorkspace); without the lock both could pass on
 * PostgreSQL, and the workspace would have no admin.
 */
describe.each(TEST_DIALECTS)('the last admin, two at once (%s)', (dialect) => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect);
  });
  afterAll(() => service.stop());

  it('keeps one admin whatever two admins do to each other at once', async () => {
    const { db } = service.services.storage;
    for (let round = 0; round < 10; round++) {
      const now = new Date();
      const email = `w${round}-${dialect}@example.com`;
      const { workspace, admin: alice } = await createWorkspace(db, { email, tier: 'free' }, now);
      const bob = `bob${round}-${dialect}@example.com`;
      const { invitation } = await inviteMember(
        db,
        { workspace, email: bob, role: 'admin', invitedBy: null, appUrl: service.url },
        now,
      );
      await acceptInvitation(db, invitation, await ensurePerson(db, bob, now), now);
      expect(await countAdmins(db, workspace.id)).toBe(2);
      const outcomes = await Promise.allSettled([
        setMemberRole(db, workspace, alice.email, 'viewer', now),
        setMemberRole(db, workspace, bob, 'viewer', now),
      ]);
      expect(outcomes.map((o) => o.status).toSorted(), `round ${round}`).toEqual(['fulfilled', 'rejected']);
      const refused = outcomes.find((o) => o.status === 'rejected');
      expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(OwnerError);
      expect(await countAdmins(db, workspace.id)).toBe(1);
    }
  });
});
