import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumeAgents, stopAgents } from '../../../src/owners/agents.ts';
import { revertChange } from '../../../src/owners/revert-change.ts';
import type { StoredAdGroup, StoredKeyword } from '../../../src/sandbox/search/resources.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import type { User } from '../../../src/storage/schema.ts';
import { findUserById } from '../../../src/storage/users.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';
import { type SearchOwner, searchOwner } from './support.ts';

/**
 * The owner's undo and stop on Google Ads objects below the campaign: the change engine notes every write
 * with its objects and what it showed before and after, so a revert of a keyword pause or a bid, and
 * "stop all agents" on what an agent started or raised, go through each kind's own update tool.
 */
describe.each(TEST_DIALECTS)('reverting and stopping Google Ads ad groups and keywords (%s)', (dialect) => {
  let service: TestService;
  let acme: SearchOwner;
  let user: User;
  let store: SandboxStore;
  let agent: string;
  const groups: Record<string, string> = {};

  beforeAll(async () => {
    service = await TestService.start(dialect);
    acme = await searchOwner(service);
    const found = await findUserById(service.services.storage.db, acme.owner.userId);
    if (!found) throw new Error('no owner');
    user = found;
    store = new SandboxStore(service.services.storage.db, 'search');
    for (const g of await store.list<StoredAdGroup>('ad_group', acme.customerId)) groups[g.data.name] = g.id;
    agent = await service.createKeyFor(acme.owner, { scope: 'spend' });
  });
  afterAll(() => service?.stop());

  const call = async (tool: string, args: Record<string, unknown>) => {
    const answer = await service.call(tool, args, {
      key: agent,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await service.services.audit.flush();
    const row = await service.auditRow(answer.body.request_id);
    if (!row) throw new Error(`no audit row for ${answer.body.request_id}`);
    return row;
  };
  const keywordsOf = async (groupId: string) =>
    (await store.list<StoredKeyword>('ad_group_criterion', acme.customerId, groupId)).filter(
      (k) => !k.data.negative,
    );
  const group = async (name: string) =>
    (await store.get<StoredAdGroup>('ad_group', groups[name] ?? ''))?.data;

  it('reverts a pause of keywords and a raised bid with their own tools, once', async () => {
    const competitors = groups['Competitor terms'] ?? '';
    const ids = (await keywordsOf(competitors)).map((k) => k.data.criterionId);
    const paused = await call('update_search_keywords', {
      ad_group_id: competitors,
      keyword_ids: ids,
      status: 'PAUSED',
    });
    expect((await keywordsOf(competitors)).map((k) => k.data.status)).toEqual(['PAUSED', 'PAUSED']);
    const undone = await revertChange(service.services, user, paused.id);
    expect(undone.kind, undone.message).toBe('reverted');
    expect(undone.message).toContain('PAUSED -> ENABLED');
    expect((await keywordsOf(competitors)).map((k) => k.data.status)).toEqual(['ENABLED', 'ENABLED']);
    expect((await revertChange(service.services, user, paused.id)).kind).toBe('already_reverted');

    const brand = groups['Brand terms'] ?? '';
    const raised = await call('update_search_ad_group', { ad_group_id: brand, cpc_bid: 1.3 });
    expect((await group('Brand terms'))?.cpcBidMicros).toBe('1300000');
    const lowered = await revertChange(service.services, user, raised.id);
    expect(lowered.kind, lowered.message).toBe('reverted');
    expect((await group('Brand terms'))?.cpcBidMicros).toBe('1200000');
  });

  it('stops all agents: pauses the keyword and the ad group an agent started or raised', async () => {
    const brand = groups['Brand terms'] ?? '';
    const paused = (await keywordsOf(brand)).find((k) => k.data.status === 'PAUSED');
    if (!paused) throw new Error('no paused keyword in Brand terms');
    await call('update_search_keywords', {
      ad_group_id: brand,
      keyword_ids: [paused.data.criterionId],
      status: 'ACTIVE',
    });
    await call('update_search_ad_group', { ad_group_id: brand, cpc_bid: 1.25 });

    const stopped = await stopAgents(service.services, user, { pauseChanged: true });
    expect(stopped.paused.map((p) => [p.kind, p.objectId, p.status]).sort()).toEqual(
      [
        ['ad_group', brand, 200],
        ['keyword', paused.data.criterionId, 200],
      ].sort(),
    );
    expect((await group('Brand terms'))?.status).toBe('PAUSED');
    const keyword = (await keywordsOf(brand)).find((k) => k.data.criterionId === paused.data.criterionId);
    expect(keyword?.data.status).toBe('PAUSED');
    expect(await resumeAgents(service.services, user)).toBe(true);
  });
});
