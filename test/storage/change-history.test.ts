import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/ids.ts';
import { insertAuditEntries } from '../../src/storage/audit.ts';
import { type ChangeFilters, listChanges, listRevertsOf } from '../../src/storage/change-history.ts';
import { openStorage, type Storage } from '../../src/storage/database.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import type { AuditEntry } from '../../src/storage/schema.ts';
import {
  CHANGE_KINDS,
  changeKindsOf,
  isWriteTool,
  KIND_OF_TOOL,
  kindClauses,
} from '../../src/tools/change-kinds.ts';
import { ALL_TOOLS } from '../../src/tools/registry.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';

const WRITE_TOOLS = ALL_TOOLS.filter(isWriteTool);
const WRITE_NAMES = WRITE_TOOLS.map((tool) => tool.name);

/** Every way a tool's audited arguments can set its status, budget and name fields, and none of them. */
function argumentSets(tool: Tool): Array<Record<string, unknown>> {
  const fields = [tool.stop?.status.field, tool.stop?.budget, 'name'].filter(
    (field): field is string => field !== undefined && (tool.auditFields ?? []).includes(field),
  );
  const sets: Array<Record<string, unknown>> = [];
  for (let mask = 0; mask < 2 ** fields.length; mask++) {
    const set: Record<string, unknown> = { campaign_id: '1' };
    fields.forEach((field, bit) => {
      if (mask & (2 ** bit)) set[field] = field === tool.stop?.budget ? 50 : 'X';
    });
    sets.push(set);
  }
  return sets;
}

describe('the kinds of change', () => {
  it('name every write tool that is not a campaign update, and only write tools', () => {
    for (const tool of WRITE_TOOLS) {
      if (!tool.stop) expect(Object.keys(KIND_OF_TOOL), tool.name).toContain(tool.name);
    }
    const tools = new Map(ALL_TOOLS.map((tool) => [tool.name, tool]));
    for (const name of Object.keys(KIND_OF_TOOL))
      expect(tools.get(name)?.annotations.readOnlyHint).toBe(false);
  });

  it('tell a campaign update by its arguments: a call setting status and budget is both', () => {
    const update = ALL_TOOLS.find((tool) => tool.name === 'update_video_campaign');
    expect(changeKindsOf(update, { campaign_id: '1', operation_status: 'DISABLE', budget: 50 })).toEqual([
      'status',
      'budget',
    ]);
    expect(changeKindsOf(update, { campaign_id: '1', name: 'New' })).toEqual(['other']);
  });
});

describe.each(TEST_DIALECTS)('the change history query on %s', (dialect) => {
  let database: TestDatabase;
  let storage: Storage;
  const owner = newId('usr');
  const rows: Array<{ entry: AuditEntry; tool: Tool; args: Record<string, unknown> }> = [];

  function entry(
    tool: string,
    details: Record<string, unknown>,
    extra: Partial<AuditEntry> = {},
  ): AuditEntry {
    return {
      id: newId('aud'),
      created_at: new Date(Date.UTC(2026, 10, 1, 0, rows.length)).toISOString(),
      request_id: newId('req'),
      user_id: owner,
      tool,
      status: 200,
      latency_ms: 1,
      billable: 1,
      replayed: 0,
      dry_run: 0,
      details: JSON.stringify(details),
      ...extra,
    };
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    storage = openStorage(database.url);
    await migrateToLatest(storage.db);
    for (const tool of WRITE_TOOLS) {
      for (const args of argumentSets(tool)) {
        // As the pipeline writes them: the arguments, then what it noted (a nested `status` must not count).
        const details = { ...args, before: { status: 'A', budget: 1 }, after: { status: 'B', budget: 2 } };
        rows.push({ entry: entry(tool.name, details), tool, args });
      }
    }
    const ignored = [
      entry('list_search_campaigns', { status: ['ENABLED'] }),
      entry('update_search_campaign', { campaign_id: '1', status: 'PAUSED' }, { dry_run: 1 }),
      entry('update_search_campaign', { campaign_id: '1', status: 'PAUSED' }, { replayed: 1 }),
      entry('update_search_campaign', { campaign_id: '1', status: 'PAUSED' }, { user_id: newId('usr') }),
    ];
    await insertAuditEntries(storage.db, [...rows.map((row) => row.entry), ...ignored]);
  });
  afterAll(async () => {
    await storage.close();
    await database.drop();
  });

  async function listed(filters: Partial<ChangeFilters>): Promise<string[]> {
    const list = await listChanges(storage, owner, { writeTools: WRITE_NAMES, ...filters }, { limit: 1000 });
    return list.changes.map((change) => change.id).sort();
  }

  it('keeps only the owner’s writes, not dry runs, replays or reads', async () => {
    expect(await listed({})).toEqual(rows.map((row) => row.entry.id).sort());
  });

  it('filters each kind in SQL exactly as changeKindsOf tells them', async () => {
    for (const kind of CHANGE_KINDS) {
      const expected = rows
        .filter((row) => changeKindsOf(row.tool, row.args).includes(kind))
        .map((row) => row.entry.id)
        .sort();
      expect(await listed({ kind: kindClauses(ALL_TOOLS, kind) }), kind).toEqual(expected);
    }
    expect(await listed({ kind: kindClauses(ALL_TOOLS, 'status') })).not.toEqual([]);
  });

  it('finds the reverts of a change by the reverts column', async () => {
    const reverted = rows[0]?.entry.id ?? '';
    const revert = entry(
      'update_search_campaign',
      { campaign_id: '1', status: 'ENABLED', reverts: reverted },
      {
        reverts: reverted,
      },
    );
    await insertAuditEntries(storage.db, [revert]);
    expect((await listRevertsOf(storage, owner, WRITE_NAMES, reverted)).map((row) => row.id)).toEqual([
      revert.id,
    ]);
    expect(await listRevertsOf(storage, newId('usr'), WRITE_NAMES, reverted)).toEqual([]);
  });
});
