import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type KeyLimits } from '../../src/key-limits.ts';
import { resumeAgents, stopAgents } from '../../src/owners/agents.ts';
import { approveChange } from '../../src/owners/approvals.ts';
import { issueKey } from '../../src/owners/create-key.ts';
import { revertChange } from '../../src/owners/revert-change.ts';
import { PLATFORMS } from '../../src/platform-families.ts';
import { SandboxStore } from '../../src/sandbox/store.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import type { User } from '../../src/storage/schema.ts';
import { findUserById } from '../../src/storage/users.ts';
import { meaningsOf } from '../../src/tools/changes/declaration.ts';
import { kindWords } from '../../src/tools/changes/object-words.ts';
import { ALL_TOOLS } from '../../src/tools/registry.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TestService } from '../support/service.ts';
import { SPEND_CASES, type SpendCase } from '../support/spend-cases.ts';

type Json = Record<string, any>;

/** Every (tool, argument, meaning) a write tool that changes existing objects declares with money. */
function declaredMoneyFields() {
  return ALL_TOOLS.filter((tool) => tool.changes && !tool.changes.creates).flatMap((tool) => {
    const changes = tool.changes;
    if (!changes) return [];
    return Object.keys(changes.fields).flatMap((field) =>
      meaningsOf(changes, field)
        .filter((meaning) => meaning !== 'none')
        .map((meaning) => `${tool.name}.${field}:${meaning}`),
    );
  });
}

/**
 * The spend-safety suite, generated from the registry's declarations: for every write tool and every money
 * field it declares, on an object of a fresh owner's sandbox account, over the real server:
 * - a raise (or an activation) by a write key is refused 403;
 * - beyond `max_raise_percent` (an activation: by an `approval: spend` key) it waits (202), bound to the
 *   object's kind, id and before values; a tenfold value waits for any key;
 * - approving it after another key changed the object ends it `drifted`, writing nothing;
 * - reverting an applied raise restores the value;
 * - "stop all agents" with pause-changed pauses the object an agent raised.
 */
describe('the spend-safety suite covers every money field the registry declares', () => {
  it('has a case for each, and none for a field no tool declares', () => {
    const cases = SPEND_CASES.map((c) => `${c.tool}.${c.field}:${c.meaning}`).sort();
    expect(cases).toEqual([...new Set(declaredMoneyFields())].sort());
  });
});

describe.each(TEST_DIALECTS)('spend safety of every money field (%s)', (dialect) => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect);
  });
  afterAll(() => service?.stop());

  interface Setup {
    owner: Owner;
    user: User;
    address: Json;
    before: Json;
  }

  const call = (key: string, tool: string, args: Json) => service.call(tool, args, { key });
  const keyOf = async (user: User, limits: Partial<KeyLimits>) =>
    (
      await issueKey(service.services.storage.db, user, 'agent', 'never', new Date(), {
        ...DEFAULT_LIMITS,
        ...limits,
      })
    ).key;

  /** What the tool shows of the object now, through its own dry run; undefined when it refuses it. */
  async function probe(testCase: SpendCase, key: string, address: Json) {
    const read = await call(key, testCase.tool, { ...address, status: 'PAUSED', dry_run: true });
    if (read.status !== 200) return undefined;
    const structured = read.body.data.structured;
    return { state: testCase.state ? testCase.state(structured) : structured.before, structured };
  }

  async function stateOf(testCase: SpendCase, key: string, address: Json) {
    const read = await probe(testCase, key, address);
    if (!read) throw new Error(`${testCase.tool} refuses a dry run on ${JSON.stringify(address)}`);
    return read;
  }

  /** A fresh owner and an object that fits the case (paused first, for an activation, if none is). */
  async function setUp(testCase: SpendCase): Promise<Setup> {
    const owner = await service.createOwner('max', [...PLATFORMS]);
    const { db } = service.services.storage;
    const user = await findUserById(db, owner.userId);
    const [account] = await listAdAccounts(db, owner.userId, testCase.platform);
    if (!user || !account) throw new Error('no owner');
    const objects = await new SandboxStore(db, testCase.platform).list<Json>(
      testCase.type,
      account.account_id,
    );
    const candidates = objects.map((object) => testCase.address(object)).filter((a): a is Json => !!a);
    const delivery = testCase.meaning === 'delivery';
    let live: Json | undefined;
    for (const address of candidates) {
      const read = await probe(testCase, owner.key, address);
      if (!read) continue;
      const { state, structured } = read;
      if (state.status === 'REMOVED' || (testCase.fits && !testCase.fits(state, structured))) continue;
      // An amount case needs an object holding the amount itself.
      if (!delivery && (state[testCase.shown ?? testCase.field] ?? null) === null) continue;
      if (delivery && state.status === 'PAUSED') return { owner, user, address, before: state };
      if (!delivery && state.status === 'ACTIVE') return { owner, user, address, before: state };
      live ??= address;
    }
    if (!delivery || !live) throw new Error(`no object fits ${testCase.tool}.${testCase.field}`);
    expect((await call(owner.key, testCase.tool, { ...live, status: 'PAUSED' })).status).toBe(200);
    return { owner, user, address: live, before: (await stateOf(testCase, owner.key, live)).state };
  }

  /** The argument's value a raise by `factor` asks (or the activation). */
  function raised(testCase: SpendCase, before: Json, factor: number): Json {
    if (testCase.meaning === 'delivery') return { [testCase.field]: testCase.on ?? 'ACTIVE' };
    const current = Number(before[testCase.shown ?? testCase.field]);
    return { [testCase.field]: Math.round(current * factor * 100) / 100 };
  }

  const fieldValue = (testCase: SpendCase, state: Json) =>
    testCase.meaning === 'delivery' ? state.status : state[testCase.shown ?? testCase.field];

  describe.each(SPEND_CASES.map((c) => [`${c.tool}.${c.field} (${c.meaning})`, c] as const))(
    '%s',
    (_, testCase) => {
      const delivery = testCase.meaning === 'delivery';
      const kind = ALL_TOOLS.find((tool) => tool.name === testCase.tool)?.changes?.object ?? 'campaign';

      it('a write key is refused the raise, 403, and nothing is written', async () => {
        const { user, address, before, owner } = await setUp(testCase);
        const write = await keyOf(user, { scope: 'write' });
        const refused = await call(write, testCase.tool, { ...address, ...raised(testCase, before, 1.5) });
        expect([refused.status, refused.body.code], JSON.stringify(refused.body)).toEqual([
          403,
          'insufficient_scope',
        ]);
        expect((await stateOf(testCase, owner.key, address)).state).toEqual(before);
      });

      it('beyond the guardrails it waits, bound to the object, and drifts when the object changed since', async () => {
        const { user, address, before, owner } = await setUp(testCase);
        const guarded = await keyOf(
          user,
          delivery ? { scope: 'spend', approval: 'spend' } : { scope: 'spend', maxRaisePercent: 20 },
        );
        const asked = await call(guarded, testCase.tool, { ...address, ...raised(testCase, before, 1.5) });
        expect(asked.status, JSON.stringify(asked.body)).toBe(202);
        const approval = asked.body.data.structured.approval;
        expect(approval.change.object).toContain(kindWords(kind));
        expect(approval.change.before).toMatchObject({ status: before.status });
        if (!delivery) {
          expect(approval.change.before[testCase.shown ?? testCase.field]).toBe(
            before[testCase.shown ?? testCase.field],
          );
          const spend = await keyOf(user, { scope: 'spend' });
          const tenfold = await call(spend, testCase.tool, { ...address, ...raised(testCase, before, 20) });
          expect(tenfold.status, JSON.stringify(tenfold.body)).toBe(202);
          expect(tenfold.body.data.structured.approval.reason).toMatch(/20 times/);
        }
        expect((await stateOf(testCase, owner.key, address)).state).toEqual(before);
        // Another key changes the object meanwhile: the approval no longer matches it.
        const other = await keyOf(user, { scope: 'spend' });
        const meanwhile = await call(other, testCase.tool, { ...address, ...raised(testCase, before, 1.05) });
        expect(meanwhile.status, JSON.stringify(meanwhile.body)).toBe(200);
        const now = (await stateOf(testCase, owner.key, address)).state;
        const decision = await approveChange(service.services, user, approval.id);
        expect(decision.status, decision.message).toBe('drifted');
        expect((await stateOf(testCase, owner.key, address)).state).toEqual(now);
      });

      it('an applied raise is reverted by the owner, and "stop all agents" pauses it', async () => {
        const { user, address, before, owner } = await setUp(testCase);
        const spend = await keyOf(user, { scope: 'spend' });
        const applied = await call(spend, testCase.tool, { ...address, ...raised(testCase, before, 1.05) });
        expect(applied.status, JSON.stringify(applied.body)).toBe(200);
        const row = await service.auditRow(applied.body.request_id);
        const reverted = await revertChange(service.services, user, row.id);
        expect(reverted.kind, reverted.message).toBe('reverted');
        expect(fieldValue(testCase, (await stateOf(testCase, owner.key, address)).state)).toBe(
          fieldValue(testCase, before),
        );

        const again = await call(spend, testCase.tool, { ...address, ...raised(testCase, before, 1.05) });
        expect(again.status, JSON.stringify(again.body)).toBe(200);
        const stopped = await stopAgents(service.services, user, { pauseChanged: true });
        await resumeAgents(service.services, user);
        expect(stopped.paused.map((p) => [p.kind, p.status])).toContainEqual([kind, 200]);
        expect((await stateOf(testCase, owner.key, address)).state.status).toBe('PAUSED');
      });
    },
  );
});
