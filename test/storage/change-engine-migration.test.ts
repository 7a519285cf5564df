import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/context.ts';
import { closeServices } from '../../src/services.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { liftedByAgentsSince } from '../../src/storage/money-changes.ts';
import type { AuditEntry } from '../../src/storage/schema.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { migrateUpTo } from '../support/migrations.ts';
import { quietServices } from '../support/service.ts';

describe.each(TEST_DIALECTS)('0019_change_engine on %s', (dialect) => {
  let database: TestDatabase;
  let services: Services;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    services = quietServices(database);
  });
  afterAll(async () => {
    await closeServices(services);
    await database?.drop();
  });

  /** An audit row as the pipeline wrote a spend raise before the money history existed. */
  function raise(
    id: string,
    daysAgo: number,
    details: Record<string, unknown>,
    apiKeyId: string | null = 'key_1',
  ) {
    return {
      id,
      created_at: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
      request_id: `req_${id}`,
      user_id: 'usr_1',
      api_key_id: apiKeyId,
      oauth_client_id: null,
      tool: 'update_video_campaign',
      account_id: '7256257201575153962',
      status: 200,
      code: null,
      latency_ms: 10,
      billable: 1,
      replayed: 0,
      dry_run: 0,
      fingerprint: null,
      details: JSON.stringify(details),
      upstream_request_ids: null,
      created_object_ids: null,
      idempotency_key: null,
      reverts: null,
      monitor_id: null,
    } satisfies AuditEntry;
  }

  it("records the last week's raises by agents, so a stop right after the upgrade still pauses them", async () => {
    const { db } = services.storage;
    await migrateUpTo(db, '0019_change_engine');
    const raised = {
      campaign_id: '18',
      operation_status: 'ENABLE',
      raised_spend: true,
      target_campaign_id: '18',
    };
    await db
      .insertInto('audit_log')
      .values([
        raise('aud_recent', 2, raised),
        raise('aud_old', 8, { ...raised, target_campaign_id: '19' }),
        raise('aud_owner', 1, { ...raised, target_campaign_id: '20' }, null),
        raise('aud_lowered', 1, { campaign_id: '21', budget: 10, target_campaign_id: '21' }),
      ])
      .execute();
    expect(await migrateToLatest(db)).toContain('0019_change_engine');
    const since = new Date(Date.now() - 7 * 86_400_000).toISOString();
    expect(await liftedByAgentsSince(db, 'usr_1', since)).toEqual([
      {
        tool: 'update_video_campaign',
        platform: 'video',
        accountId: '7256257201575153962',
        kind: 'campaign',
        objectId: '18',
        parentId: null,
        campaignId: '18',
      },
    ]);
  });
});
