import { describe, expect, it } from 'vitest';
import type { Services } from '../../../src/context.ts';
import { AppError } from '../../../src/errors.ts';
import { DEFAULT_LIMITS } from '../../../src/key-limits.ts';
import { RecoveryPoints } from '../../../src/platforms/recovery-points.ts';
import type { StepPlatform, TakeBackPolicy } from '../../../src/tools/steps/platform.ts';
import { StepRunner } from '../../../src/tools/steps/runner.ts';
import type { ToolContext } from '../../../src/tools/tool.ts';

interface FakeRequest {
  path: string;
  fail?: boolean;
}

function stubContext(dryRun = false, recovery = new RecoveryPoints({ now: () => new Date() })): ToolContext {
  return {
    services: { logger: { error() {} } } as unknown as Services,
    caller: { userId: 'u', email: 'e', tier: 'pro', apiKeyId: 'k', limits: DEFAULT_LIMITS },
    account: null,
    dryRun,
    requestId: 'req_1',
    now: new Date(),
    onProgress() {},
    trace: { upstreamRequestIds: [], createdObjectIds: [] },
    recovery,
    async authorizeChange() {},
    noteChange() {},
  };
}

/** A platform that answers each create with the next ids, refuses a request marked to fail, and logs. */
function fakePlatform(takeBack: TakeBackPolicy, options: { checksWholeDryRun?: boolean } = {}) {
  const sent: string[] = [];
  let next = 1;
  const platform: StepPlatform<FakeRequest> = {
    words: {
      platform: 'Fake',
      console: 'Fake Manager',
      remove: 'delete',
      objects: 'campaign or ad',
      ifMade: 'it is paused',
      media: 'it costs nothing',
    },
    show: (request) => ({ method: 'POST', url: request.path }),
    async create(request) {
      sent.push(request.path);
      if (request.fail) throw new AppError('upstream_rejected', 'Fake rejected the request: no.');
      return request.path === '/keywords' ? [`k${next++}`, `k${next++}`] : [`id${next++}`];
    },
    takeBack,
    ...options,
  };
  return { platform, sent };
}

describe('the one step runner', () => {
  it('resumes a batch from its recorded ids and a single step recorded as a list (older records)', async () => {
    const { platform, sent } = fakePlatform({ kind: 'keep', advice: 'Retry.' });
    const begun = '2026-11-22T10:00:00.000Z';
    const recovery = new RecoveryPoints({
      earlier: JSON.stringify({
        campaign: { begun, result: ['c-1'] },
        keywords: { begun, result: ['k-1', 'k-2'] },
      }),
      now: () => new Date(),
    });
    const runner = new StepRunner(platform, stubContext(false, recovery), 3);
    const campaign = await runner.create(
      'create the campaign',
      { path: '/campaigns' },
      {
        step: 'campaign',
        type: 'campaign',
      },
    );
    const keywords = await runner.createAll(
      'add the keywords',
      { path: '/keywords' },
      {
        step: 'keywords',
        type: 'keyword',
      },
    );
    expect([campaign, keywords]).toEqual(['c-1', ['k-1', 'k-2']]);
    expect(sent).toEqual([]);
  });

  it('adopts every object a batch made unrecorded, and refuses several for a single step', async () => {
    const { platform, sent } = fakePlatform({ kind: 'keep', advice: 'Retry.' });
    const begun = '2026-11-22T10:00:00.000Z';
    const recovery = new RecoveryPoints({
      earlier: JSON.stringify({ keywords: { begun }, ad: { begun } }),
      now: () => new Date(),
    });
    const runner = new StepRunner(platform, stubContext(false, recovery), 2);
    const keywords = await runner.createAll(
      'add the keywords',
      { path: '/keywords' },
      {
        step: 'keywords',
        type: 'keyword',
        find: async () => ['k-1', 'k-2'],
      },
    );
    expect(keywords).toEqual(['k-1', 'k-2']);
    expect(recovery.recall('keywords')).toMatchObject({ result: ['k-1', 'k-2'] });
    const error = (await runner
      .create('create the ad', { path: '/ads' }, { step: 'ad', type: 'ad', find: async () => ['a-1', 'a-2'] })
      .catch((e: unknown) => e)) as AppError;
    expect(error.message).toMatch(/^Internal error: RecoveryAmbiguous\./);
    expect(error.message).toContain('Fake now holds 2 matching ones (ids a-1, a-2)');
    expect(error.message).toContain('Delete the extra ones in Fake Manager');
    expect(error.options.structuredContent).toMatchObject({
      matching: ['a-1', 'a-2'],
      failed_step: 'create the ad',
    });
    expect(sent).toEqual([]);
  });

  it('keeps what a keep policy keeps, for a retry, and names it as still existing', async () => {
    const { platform } = fakePlatform({ kind: 'keep', advice: 'Call again with the same key.' });
    const context = stubContext();
    const runner = new StepRunner(platform, context, 2);
    await runner.create(
      'create the campaign',
      { path: '/campaigns' },
      {
        step: 'campaign',
        type: 'campaign',
        name: 'C',
      },
    );
    const error = (await runner
      .create('create the ad', { path: '/ads', fail: true }, { step: 'ad', type: 'ad' })
      .catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe('upstream_rejected');
    expect(error.message).toBe(
      'Fake rejected the request: no. Step "create the ad" failed. Before it, this call had created ' +
        'campaign id1 ("C"). Call again with the same key.',
    );
    // A rejection is final and what is kept is meant for the retry: not a possibly acted-upon outcome.
    expect(error.options.upstreamMayHaveActed).toBe(false);
    expect(error.options.structuredContent).toEqual({
      failed_step: 'create the ad',
      created: [{ type: 'campaign', id: 'id1', name: 'C' }],
      cleaned_up: [],
      still_existing: [{ type: 'campaign', id: 'id1', name: 'C' }],
      unused_media: [],
      outcome_unknown: false,
    });
  });

  it('removes what the policy undoes, leaves media, and says what is left', async () => {
    const undone: string[] = [];
    const { platform } = fakePlatform({
      kind: 'remove',
      undo: (object) =>
        object.type === 'campaign'
          ? async () => {
              undone.push(object.id);
            }
          : undefined,
      removedNote: () => ' (with what is below it)',
    });
    const runner = new StepRunner(platform, stubContext(), 3);
    await runner.create(
      'create the campaign',
      { path: '/campaigns' },
      { step: 'campaign', type: 'campaign' },
    );
    await runner.create(
      'upload the video',
      { path: '/videos' },
      { step: 'video', type: 'video', media: true },
    );
    const error = (await runner
      .create('create the ad', { path: '/ads', fail: true }, { step: 'ad', type: 'ad' })
      .catch((e: unknown) => e)) as AppError;
    expect(undone).toEqual(['id1']);
    expect(error.message).toContain('Cleaned up: campaign id1 (with what is below it).');
    expect(error.message).toContain('No campaign or ad of this call is left.');
    expect(error.message).toContain('Uploaded and left unused: video id2 (it costs nothing).');
    expect(error.options.structuredContent).toMatchObject({
      cleaned_up: [{ type: 'campaign', id: 'id1' }],
      still_existing: [],
      unused_media: [{ type: 'video', id: 'id2' }],
    });
  });

  it('shows a dry run in the one preview shape, validated where the platform checked it', async () => {
    const whole = fakePlatform({ kind: 'keep', advice: '' }, { checksWholeDryRun: true });
    const checked = new StepRunner(whole.platform, stubContext(true), 2);
    expect(
      await checked.create('create the campaign', { path: '/campaigns' }, { step: 'c', type: 'campaign' }),
    ).toBe('{the id of the campaign from step 1}');
    expect(
      await checked.createAll('add the keywords', { path: '/keywords' }, { step: 'k', type: 'keyword' }),
    ).toEqual([]);
    expect(checked.preview.map((entry) => [entry.step, entry.url, entry.validated])).toEqual([
      [1, '/campaigns', true],
      [2, '/keywords', true],
    ]);

    const byStep = fakePlatform({ kind: 'keep', advice: '' });
    const validated: string[] = [];
    const runner = new StepRunner(byStep.platform, stubContext(true), 2);
    await runner.create(
      'create the campaign',
      { path: '/campaigns' },
      {
        step: 'c',
        type: 'campaign',
        validate: async () => {
          validated.push('campaign');
        },
      },
    );
    await runner.send('upload', { path: '/images' }, async () => 'never sent');
    expect(validated).toEqual(['campaign']);
    expect(runner.preview.map((entry) => entry.validated)).toEqual([true, false]);
    expect(byStep.sent).toEqual([]);
    expect(whole.sent).toEqual([]);
  });
});
