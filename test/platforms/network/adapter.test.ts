import { describe, expect, it } from 'vitest';
import type { Services } from '../../../src/context.ts';
import { AppError } from '../../../src/errors.ts';
import { DEFAULT_LIMITS } from '../../../src/key-limits.ts';
import {
  campaignBody,
  littleText,
  money,
  runSchedule,
  targetingCriteria,
} from '../../../src/platforms/network/bodies.ts';
import { createdId, type NetworkClient, NetworkRequests } from '../../../src/platforms/network/client.ts';
import { networkClassifier, networkHeaders } from '../../../src/platforms/network/protocol.ts';
import { compoundKey, idOf, restliList } from '../../../src/platforms/network/urns.ts';
import { RecoveryPoints } from '../../../src/platforms/recovery-points.ts';
import { networkSteps, sendWith } from '../../../src/tools/network/step-platform.ts';
import type { ToolContext } from '../../../src/tools/tool.ts';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('the LinkedIn classifier', () => {
  it('maps LinkedIn statuses to failure kinds with LinkedIn’s own message', () => {
    const error = (status: number) => ({ message: `problem ${status}`, serviceErrorCode: 100, status });
    expect(networkClassifier(answer(201, ''))).toEqual({ ok: true });
    expect(networkClassifier(answer(204, ''))).toEqual({ ok: true });
    const cases: Array<[number, string]> = [
      [400, 'rejected'],
      [422, 'rejected'],
      [403, 'rejected'],
      [404, 'not_found'],
      [401, 'auth'],
      [429, 'throttled'],
      [500, 'server'],
      [503, 'server'],
      [426, 'server'],
    ];
    for (const [status, kind] of cases) {
      expect(networkClassifier(answer(status, error(status))), String(status)).toMatchObject({
        ok: false,
        kind,
        message: `problem ${status}`,
      });
    }
  });

  it('states no wait for a throttle, since LinkedIn sends no Retry-After', () => {
    const verdict = networkClassifier(
      answer(429, { message: 'Too many', status: 429 }, { 'retry-after': '5' }),
    );
    expect(verdict).toMatchObject({ ok: false, kind: 'throttled' });
    expect(verdict).not.toHaveProperty('retryAfterSeconds');
  });

  it("holds a day limit until midnight UTC: the application's every account, the member's their connection", () => {
    const now = new Date('2026-12-02T18:30:00.000Z');
    const limit = (who: string) =>
      networkClassifier(
        answer(429, {
          message: `Resource level throttle ${who} DAY limit for calls to this resource is reached.`,
        }),
        now,
      );
    expect(limit('APPLICATION')).toMatchObject({
      kind: 'throttled',
      scope: 'app',
      retryAfterSeconds: 5.5 * 3600,
    });
    expect(limit('MEMBER')).toMatchObject({ scope: 'user', retryAfterSeconds: 5.5 * 3600 });
    expect(limit('APPLICATION_AND_MEMBER')).toMatchObject({ scope: 'user' });
  });

  it('adds field details and the request id, and survives a body that is not JSON', () => {
    const detailed = networkClassifier(
      answer(
        422,
        {
          message: 'Field Value validation failed',
          status: 422,
          errorDetails: {
            inputErrors: [
              { description: 'must be a string', input: { inputPath: { fieldPath: 'dailyBudget/amount' } } },
            ],
          },
        },
        { 'x-li-uuid': 'abc123' },
      ),
    );
    expect(detailed).toEqual({
      ok: false,
      kind: 'rejected',
      message: 'Field Value validation failed (dailyBudget/amount: must be a string)',
      requestId: 'abc123',
    });
    expect(networkClassifier(answer(502, '<html>Bad gateway</html>'))).toMatchObject({
      kind: 'server',
      message: 'HTTP 502',
    });
  });

  it('sends the bearer token, the configured LinkedIn-Version and Rest.li 2.0.0', () => {
    const endpoints = { apiVersion: '202511' } as Parameters<typeof networkHeaders>[1];
    expect(networkHeaders('tok', endpoints)).toEqual({
      authorization: 'Bearer tok',
      'linkedin-version': '202511',
      'x-restli-protocol-version': '2.0.0',
    });
  });
});

describe('the request builders', () => {
  const requests = new NetworkRequests('https://api.linkedin.com/rest', '512345678');

  it('writes Rest.li keys, lists and URNs in paths percent-encoded', () => {
    expect(
      compoundKey({ campaign: 'urn:li:sponsoredCampaign:1', conversion: 'urn:lla:llaPartnerConversion:2' }),
    ).toBe('(campaign:urn%3Ali%3AsponsoredCampaign%3A1,conversion:urn%3Alla%3AllaPartnerConversion%3A2)');
    expect(restliList(['urn:li:sponsoredCampaign:1'])).toBe('List(urn%3Ali%3AsponsoredCampaign%3A1)');
    expect(requests.removeCreative('urn:li:sponsoredCreative:9')).toEqual({
      method: 'POST',
      url: 'https://api.linkedin.com/rest/adAccounts/512345678/creatives/urn%3Ali%3AsponsoredCreative%3A9',
      headers: { 'x-restli-method': 'PARTIAL_UPDATE' },
      body: { patch: { $set: { intendedStatus: 'PENDING_DELETION' } } },
      idempotent: true,
    });
    expect(requests.associateConversion('1', '2')).toMatchObject({
      method: 'PUT',
      body: { campaign: 'urn:li:sponsoredCampaign:1', conversion: 'urn:lla:llaPartnerConversion:2' },
      idempotent: true,
    });
    expect(requests.createCampaign({} as never).idempotent).toBe(false);
    expect(idOf('urn:li:sponsoredCampaignGroup:42')).toBe('42');
    expect(idOf('42')).toBe('42');
  });

  it('reads the new id from x-restli-id, decoding it when LinkedIn encoded it', () => {
    expect(createdId(answer(201, '', { 'x-restli-id': 'urn%3Ali%3AsponsoredCreative%3A7' }))).toBe(
      'urn:li:sponsoredCreative:7',
    );
    expect(createdId(answer(201, '', { 'x-restli-id': '123' }))).toBe('123');
    expect(createdId(answer(201, ''))).toBeUndefined();
  });

  it('writes budgets as strings in the currency’s digits, and schedules in milliseconds', () => {
    expect(money(25, 'USD')).toEqual({ amount: '25.00', currencyCode: 'USD' });
    expect(money(2500, 'JPY')).toEqual({ amount: '2500', currencyCode: 'JPY' });
    expect(money(10.5, 'EUR')).toEqual({ amount: '10.50', currencyCode: 'EUR' });
    const now = new Date('2026-11-22T10:00:00Z');
    expect(runSchedule(now)).toEqual({ start: now.getTime() });
    expect(runSchedule(now, '2026-12-01', '2026-12-31')).toEqual({
      start: Date.parse('2026-12-01T00:00:00Z'),
      end: Date.parse('2027-01-01T00:00:00Z'),
    });
  });

  it('ANDs the locations with every targeting facet and always creates PAUSED', () => {
    const targeting = targetingCriteria({
      locations: ['urn:li:geo:103644278'],
      seniorities: ['urn:li:seniority:6'],
      company_sizes: ['urn:li:staffCountRange:(11,50)'],
      skills: [],
    });
    expect(targeting).toEqual({
      include: {
        and: [
          { or: { 'urn:li:adTargetingFacet:locations': ['urn:li:geo:103644278'] } },
          { or: { 'urn:li:adTargetingFacet:staffCountRanges': ['urn:li:staffCountRange:(11,50)'] } },
          { or: { 'urn:li:adTargetingFacet:seniorities': ['urn:li:seniority:6'] } },
        ],
      },
    });
    const body = campaignBody({
      accountId: '1',
      groupUrn: 'urn:li:sponsoredCampaignGroup:2',
      name: 'x',
      kind: 'text',
      objective: 'WEBSITE_VISIT',
      dailyBudget: money(10, 'USD'),
      locale: { country: 'US', language: 'en' },
      schedule: { start: 1 },
      targeting,
      organizationUrn: 'urn:li:organization:3',
      apiVersion: '202401',
    });
    expect(body).toMatchObject({ status: 'PAUSED', type: 'TEXT_AD', format: 'TEXT' });
    expect(body).not.toHaveProperty('associatedEntity');
    expect(body).not.toHaveProperty('politicalIntent');
  });

  it('escapes the characters LinkedIn’s little text format reserves', () => {
    expect(littleText('Plans from $5 (a month) #team @acme_co')).toBe(
      'Plans from $5 \\(a month\\) \\#team \\@acme\\_co',
    );
  });
});

describe('the runner', () => {
  function stubContext(
    dryRun = false,
    recovery = new RecoveryPoints({ now: () => new Date() }),
  ): ToolContext {
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

  it('resumes from the recovery points of an interrupted attempt, sending only what is not done', async () => {
    const requests = new NetworkRequests('https://api.test/rest', '1');
    const sent: string[] = [];
    const client = {
      requests,
      async send(request: { method: string; url: string }) {
        sent.push(`${request.method} ${request.url.replace('https://api.test/rest', '')}`);
        return { status: 201, headers: { 'x-restli-id': '300' }, body: '' };
      },
    } as unknown as NetworkClient;
    const saved: string[] = [];
    const begun = '2026-11-22T10:00:00.000Z';
    const recovery = new RecoveryPoints({
      earlier: JSON.stringify({ group: { begun, result: '100' }, campaign: { begun } }),
      save: async (json) => {
        saved.push(json);
      },
      now: () => new Date('2026-11-22T10:05:00.000Z'),
    });
    const context = stubContext(false, recovery);
    const runner = networkSteps(client, context, 3);
    const searchedSince: number[] = [];
    const group = await runner.create('create the group', requests.createGroup({} as never), {
      type: 'campaign group',
      step: 'group',
      find: async () => {
        throw new Error('a recorded step is not looked up');
      },
    });
    const campaign = await runner.create('create the campaign', requests.createCampaign({} as never), {
      type: 'campaign',
      step: 'campaign',
      find: async (since) => {
        searchedSince.push(since);
        return ['200'];
      },
    });
    const creative = await runner.create('create the creative', requests.createCreative({} as never), {
      type: 'creative',
      step: 'creative',
      find: async () => [],
    });
    expect([group, campaign, creative]).toEqual(['100', '200', '300']);
    // The campaign the interrupted attempt made is found (with room for clock skew), not made again.
    expect(searchedSince).toEqual([Date.parse(begun) - 5 * 60_000]);
    expect(sent).toEqual(['POST /adAccounts/1/creatives']);
    // Found and created ids are recorded before the next step; the creative's begin came before its request.
    expect(saved.map((json) => Object.keys(JSON.parse(json)))).toEqual([
      ['group', 'campaign'],
      ['group', 'campaign', 'creative'],
      ['group', 'campaign', 'creative'],
    ]);
    expect(JSON.parse(saved.at(-1) ?? '{}')).toMatchObject({
      campaign: { result: '200' },
      creative: { begun: '2026-11-22T10:05:00.000Z', result: '300' },
    });
    expect(context.trace.createdObjectIds).toEqual(['100', '200', '300']);
  });

  it('stops with a final error naming the candidates when it cannot tell which object was its own', async () => {
    const requests = new NetworkRequests('https://api.test/rest', '1');
    const client = {
      requests,
      async send() {
        throw new Error('nothing may be sent');
      },
    } as unknown as NetworkClient;
    const recovery = new RecoveryPoints({
      earlier: JSON.stringify({ campaign: { begun: '2026-11-22T10:00:00.000Z' } }),
      now: () => new Date(),
    });
    const runner = networkSteps(client, stubContext(false, recovery), 1);
    const error = (await runner
      .create('create the campaign', requests.createCampaign({} as never), {
        type: 'campaign',
        name: 'C',
        step: 'campaign',
        find: async () => ['201', '202'],
      })
      .catch((e: unknown) => e)) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.message).toMatch(/^Internal error: RecoveryAmbiguous\./);
    expect(error.message).toContain('ids 201, 202');
    expect(error.options).toMatchObject({
      upstreamMayHaveActed: true,
      structuredContent: { matching: ['201', '202'] },
    });
  });

  it('takes back what it created and names what it could not remove', async () => {
    const requests = new NetworkRequests('https://api.test/rest', '1');
    const sent: string[] = [];
    let nextId = 100;
    const client = {
      requests,
      async send(request: { method: string; url: string; body?: unknown }) {
        sent.push(`${request.method} ${request.url.replace('https://api.test/rest', '')}`);
        if (request.url.endsWith('/posts') && request.method === 'POST') {
          throw new AppError('upstream_rejected', 'LinkedIn Ads (network) rejected the request: bad post');
        }
        if (request.url.includes('/adCampaigns/') && request.method === 'POST') {
          throw new AppError('upstream_error', 'Internal error: UpstreamServerError. LinkedIn failed.');
        }
        return { status: 201, headers: { 'x-restli-id': String(nextId++) }, body: '' };
      },
    } as unknown as NetworkClient;
    const context = stubContext();
    const runner = networkSteps(client, context, 3);
    await runner.create('create the group', requests.createGroup({} as never), {
      type: 'campaign group',
      name: 'G',
      step: 'group',
    });
    await runner.create('create the campaign', requests.createCampaign({} as never), {
      type: 'campaign',
      name: 'C',
      step: 'campaign',
    });
    const error = await runner
      .create('create the post', requests.createPost({} as never), { type: 'post', step: 'post' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    const failure = error as AppError;
    expect(failure.code).toBe('upstream_rejected');
    expect(failure.options.upstreamMayHaveActed).toBe(true);
    expect(failure.message).toContain('bad post');
    expect(failure.message).toContain('Cleaned up: campaign group 100 ("G")');
    expect(failure.message).toContain('Still existing, because removing them failed: campaign 101 ("C")');
    expect(failure.options.structuredContent).toMatchObject({
      failed_step: 'create the post',
      created: [
        { type: 'campaign group', id: '100' },
        { type: 'campaign', id: '101' },
      ],
      cleaned_up: [{ type: 'campaign group', id: '100' }],
      still_existing: [{ type: 'campaign', id: '101' }],
    });
    // Newest first: the campaign, then the group.
    expect(sent.slice(3)).toEqual([
      'POST /adAccounts/1/adCampaigns/101',
      'POST /adAccounts/1/adCampaignGroups/100',
    ]);
    expect(context.trace.createdObjectIds).toEqual(['100', '101']);
  });

  it('sends nothing in a dry run and numbers the steps', async () => {
    const requests = new NetworkRequests('https://api.test/rest', '1');
    const client = {
      requests,
      send() {
        throw new Error('a dry run must not send');
      },
    } as unknown as NetworkClient;
    const runner = networkSteps(client, stubContext(true), 2);
    const id = await runner.create('create the group', requests.createGroup({ name: 'G' } as never), {
      type: 'campaign group',
      step: 'group',
    });
    expect(id).toBe('{the id of the campaign group from step 1}');
    await runner.send(
      'upload',
      requests.uploadBytes('{value.uploadUrl from step 1}', Buffer.alloc(3)),
      sendWith(client),
    );
    expect(runner.preview).toEqual([
      {
        step: 1,
        action: 'create the group',
        method: 'POST',
        url: '/adAccounts/1/adCampaignGroups',
        body: { name: 'G' },
        validated: false,
      },
      {
        step: 2,
        action: 'upload',
        method: 'PUT',
        url: '{value.uploadUrl from step 1}',
        body: '{3 bytes of the file}',
        validated: false,
      },
    ]);
  });
});
