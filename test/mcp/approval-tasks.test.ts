import type { Client } from '@modelcontextprotocol/client';
import {
  createTaskSessionFromClient,
  type RawClientDispatch,
  resultFromTaskOutcome,
} from '@modelcontextprotocol/ext-tasks/client';
import {
  CancelTaskResultV2Schema,
  CreateTaskResultV2Schema,
  GetTaskResultV2Schema,
} from '@modelcontextprotocol/ext-tasks/core/v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveChange, rejectChange } from '../../src/owners/approvals.ts';
import { SandboxStore } from '../../src/sandbox/store.ts';
import type { StoredCampaign } from '../../src/sandbox/video/campaign.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import type { User } from '../../src/storage/schema.ts';
import { findUserById } from '../../src/storage/users.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TestService } from '../support/service.ts';
import { CURRENT_PROTOCOL, connectCurrentOverHttp } from './clients.ts';

const TASKS = 'io.modelcontextprotocol/tasks';
const CLIENT_INFO = { name: 'adops-test', version: '1.0.0' };
const WITH_TASKS = { extensions: { [TASKS]: {} } };

type Answer = { result?: Record<string, any>; error?: { code: number; message: string; data?: unknown } };

/**
 * A spend change that waits for the owner, on 2026-07-28, is the Tasks extension's task (SEP-2663): the
 * official requester of @modelcontextprotocol/ext-tasks follows it to the applied result, and every answer
 * parses with that package's own schemas. The owner decides in the console; an agent's token never can.
 */
describe.each(TEST_DIALECTS)('approvals as MCP tasks on 2026-07-28 (%s)', (dialect) => {
  let service: TestService;
  beforeAll(async () => {
    service = await TestService.start(dialect);
  });
  afterAll(() => service?.stop());

  interface VideoOwner extends Owner {
    user: User;
    advertiser: string;
    retargeting: string;
    key: string;
  }

  async function videoOwner(): Promise<VideoOwner> {
    const owner = await service.createOwner('pro', ['video']);
    const { db } = service.services.storage;
    const user = await findUserById(db, owner.userId);
    const [account] = await listAdAccounts(db, owner.userId, 'video');
    if (!user || !account) throw new Error('no owner');
    const stored = await new SandboxStore(db, 'video').list<StoredCampaign>('campaign', account.account_id);
    const retargeting = stored.find((c) => c.data.campaign_name === 'Retargeting: site visitors')?.id ?? '';
    // A budget ten times its current value (80 a day) waits for the owner whatever the key's guardrails.
    return { ...owner, user, advertiser: account.account_id, retargeting, key: await spendKey(owner) };
  }
  const spendKey = (owner: Owner) => service.createKeyFor(owner, { scope: 'spend' });
  const budgetOf = async (id: string) =>
    (await new SandboxStore(service.services.storage.db, 'video').get<StoredCampaign>('campaign', id))?.data
      .budget;

  let ids = 1;
  /** One JSON-RPC request on 2026-07-28, its envelope and standard headers as the SDK v2 client sends them. */
  async function post(
    key: string,
    method: string,
    params: Record<string, unknown>,
    capabilities: Record<string, unknown> = WITH_TASKS,
  ): Promise<Answer> {
    const name = (params.name ?? params.taskId) as string | undefined;
    const response = await fetch(`${service.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': CURRENT_PROTOCOL,
        'mcp-method': method,
        ...(name !== undefined && { 'mcp-name': name }),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: ids++,
        method,
        params: {
          ...params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': CURRENT_PROTOCOL,
            'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
            'io.modelcontextprotocol/clientCapabilities': capabilities,
            ...(params._meta as object),
          },
        },
      }),
    });
    return (await response.json()) as Answer;
  }
  const raise = (owner: VideoOwner, capabilities?: Record<string, unknown>) =>
    post(
      owner.key,
      'tools/call',
      {
        name: 'update_video_campaign',
        arguments: { advertiser_id: owner.advertiser, campaign_id: owner.retargeting, budget: 2500 },
      },
      capabilities,
    );

  it('the official Tasks requester follows an approved raise to the applied result', async () => {
    const owner = await videoOwner();
    const client = await connectCurrentOverHttp(service.url, owner.key);
    const rawDispatch: RawClientDispatch = async (request) => {
      const { method, params } = request as { method: string; params: Record<string, unknown> };
      const answer = await post(owner.key, method, params);
      return answer.error
        ? { kind: 'error', error: answer.error as never }
        : { kind: 'result', result: answer.result as never };
    };
    const session = createTaskSessionFromClient(client as unknown as Client, {
      endpointId: `adops-${dialect}`,
      rawDispatch,
      v2RequestFraming: {
        protocolVersion: CURRENT_PROTOCOL,
        clientInfo: CLIENT_INFO,
        clientCapabilities: WITH_TASKS,
      },
    });
    try {
      const execution = await session.callTool('update_video_campaign', {
        advertiser_id: owner.advertiser,
        campaign_id: owner.retargeting,
        budget: 2500,
      });
      expect(execution.kind).toBe('task');
      const taskId = String(execution.handle?.taskId);
      expect(taskId).toMatch(/^apr_[0-9a-f]{32}$/);
      // Nothing is made before the owner decides, in the console.
      expect(await budgetOf(owner.retargeting)).toBe(80);
      const decision = await approveChange(service.services, owner.user, taskId);
      expect(decision.status).toBe('applied');

      const { outcome } = await execution.settle();
      expect(outcome.status).toBe('completed');
      const result = resultFromTaskOutcome(outcome) as { structuredContent: any; isError?: boolean };
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({
        campaign_id: owner.retargeting,
        after: { daily_budget: '2500.00' },
      });
      expect(await budgetOf(owner.retargeting)).toBe(2500);
    } finally {
      await session.close();
      await client.close();
    }
  }, 30_000);

  it('answers each state of the approval as the task the extension defines', async () => {
    const owner = await videoOwner();
    const created = (await raise(owner)).result;
    expect(CreateTaskResultV2Schema.safeParse(created).success, JSON.stringify(created)).toBe(true);
    expect(created).toMatchObject({
      resultType: 'task',
      status: 'working',
      ttlMs: null,
      pollIntervalMs: 5000,
    });
    const taskId = String(created?.taskId);
    expect(created?.statusMessage).toContain(`${service.services.config.appUrl}/approvals/${taskId}`);

    const working = (await post(owner.key, 'tasks/get', { taskId })).result;
    expect(GetTaskResultV2Schema.safeParse(working).success, JSON.stringify(working)).toBe(true);
    expect(working).toMatchObject({ resultType: 'complete', taskId, status: 'working' });

    // The agent's cancel is acknowledged and decides nothing: the change still waits for the owner.
    const cancelled = (await post(owner.key, 'tasks/cancel', { taskId })).result;
    expect(CancelTaskResultV2Schema.safeParse(cancelled).success, JSON.stringify(cancelled)).toBe(true);
    expect((await post(owner.key, 'tasks/get', { taskId })).result?.status).toBe('working');
    const update = await post(owner.key, 'tasks/update', { taskId, inputResponses: {} });
    expect(update.error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('asks for no input'),
    });

    expect((await rejectChange(service.services, owner.user, taskId)).status).toBe('rejected');
    const rejected = (await post(owner.key, 'tasks/get', { taskId })).result;
    expect(GetTaskResultV2Schema.safeParse(rejected).success, JSON.stringify(rejected)).toBe(true);
    expect(rejected).toMatchObject({
      status: 'cancelled',
      statusMessage: expect.stringContaining('rejected'),
    });
    expect(rejected?.lastUpdatedAt > rejected?.createdAt).toBe(true);
    expect(await budgetOf(owner.retargeting)).toBe(80);
  });

  it("refuses a task that is not the caller's owner's, and one that does not exist", async () => {
    const owner = await videoOwner();
    const other = await videoOwner();
    const taskId = String((await raise(owner)).result?.taskId);
    for (const [key, id] of [
      [other.key, taskId],
      [owner.key, 'apr_00000000000000000000000000000000'],
      [owner.key, 'not-an-id'],
    ] as const) {
      const answer = await post(key, 'tasks/get', { taskId: id });
      expect(answer.error, `${id}`).toMatchObject({
        code: -32602,
        message: expect.stringContaining(`No task ${id} for this owner`),
      });
    }
    // The other owner cannot cancel it either; the owner's own key still sees it.
    expect((await post(other.key, 'tasks/cancel', { taskId })).error?.code).toBe(-32602);
    expect((await post(owner.key, 'tasks/get', { taskId })).result?.status).toBe('working');
  });

  it('answers a client without the extension the approval object, to follow with get_approval', async () => {
    const owner = await videoOwner();
    const answer = (await raise(owner, {})).result;
    expect(answer).toMatchObject({
      resultType: 'complete',
      structuredContent: { approval: { status: 'pending' } },
      _meta: { 'adops/status': 202 },
    });
    expect(answer?.taskId).toBeUndefined();
  });

  it('advertises the extension on 2026-07-28 only', async () => {
    const owner = await videoOwner();
    const discovered = (await post(owner.key, 'server/discover', {})).result;
    expect(discovered?.capabilities).toMatchObject({ tools: {}, extensions: { [TASKS]: {} } });
    const legacy = await fetch(`${service.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${owner.key}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { taskId: 'apr_1' } }),
    });
    expect(((await legacy.json()) as Answer).error?.code).toBe(-32601);
    const initialized = await fetch(`${service.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${owner.key}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: CLIENT_INFO },
      }),
    });
    const { result } = (await initialized.json()) as Answer;
    expect(result?.capabilities.extensions).toBeUndefined();
  });
});
