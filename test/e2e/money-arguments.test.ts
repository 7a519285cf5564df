import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxStore } from '../../src/sandbox/store.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { type Owner, TestService } from '../support/service.ts';

type Json = Record<string, any>;

const NETWORK_CREATE = {
  campaign_name: 'Money rules',
  campaign_group_name: 'Money rules group',
  organization_id: '2414183',
  landing_page_url: 'https://example.com/q4',
  locations: ['urn:li:geo:103644278'],
  introductory_text: 'Meet the plan built for small teams.',
  headline: 'Plans from $5 a month',
  image_urn: 'urn:li:image:C4E10AQFoyyAjHPMQuQ',
};

/** Every tool that takes an amount, with its amount field and the rest of a valid call. */
const AMOUNTS: Array<{ tool: string; field: string; args: Json }> = [
  { tool: 'create_network_image_campaign', field: 'daily_budget', args: NETWORK_CREATE },
  {
    tool: 'create_network_image_campaign',
    field: 'total_budget',
    args: { ...NETWORK_CREATE, daily_budget: 25 },
  },
  { tool: 'update_network_campaign', field: 'daily_budget', args: { campaign_id: '123456789' } },
  { tool: 'update_search_campaign', field: 'daily_budget', args: { campaign_id: '20123456789' } },
  { tool: 'update_social_campaign', field: 'daily_budget', args: { campaign_id: '120210000000000101' } },
  { tool: 'update_video_campaign', field: 'budget', args: { campaign_id: '1800000000000001' } },
];

/**
 * Amounts are checked before anything reaches a platform, the same way for every tool: finite, positive,
 * at most 100,000,000, and at most the account currency's minor digits; what goes upstream is a plain
 * decimal string. A refused amount uses no quota and changes nothing.
 */
describe('money arguments of every tool', () => {
  let service: TestService;
  let owner: Owner;
  let key: string;

  beforeAll(async () => {
    service = await TestService.start('sqlite');
    owner = await service.createOwner('max', ['search', 'network', 'social', 'video']);
    key = await service.createKeyFor(owner, { scope: 'spend' });
  });
  afterAll(() => service.stop());

  const used = async () =>
    (await service.call('get_usage_status', {}, { key })).body.data.quota.used as number;

  it.each(AMOUNTS)(
    '$tool refuses a bad $field before the platform, using no quota',
    async ({ tool, field, args }) => {
      const before = await used();
      const cases: Array<[unknown, RegExp]> = [
        [1e21, /must be at most 100000000/],
        [2 ** 53 + 2, /must be at most 100000000/],
        [-5, /greater than 0|at least/],
        [125.555, /USD has 2 decimals, and 125.555 has more: pass 125.56 for example/],
        ['25', /must be a number/],
      ];
      for (const [amount, says] of cases) {
        const { status, body } = await service.call(tool, { ...args, [field]: amount }, { key });
        expect(status, `${tool} ${field}=${amount}`).toBe(400);
        expect(body.code).toBe('invalid_arguments');
        expect(body.structured_content.issues.map((i: Json) => i.field)).toContain(field);
        expect(body.error, String(amount)).toMatch(says);
      }
      expect(await used()).toBe(before);
    },
  );

  it('creates nothing on LinkedIn for a refused amount', async () => {
    const [account] = await listAdAccounts(service.services.storage.db, owner.userId, 'network');
    const store = new SandboxStore(service.services.storage.db, 'network');
    const groups = async () => (await store.list('campaign_group', account?.account_id ?? '')).length;
    const count = await groups();
    const refused = await service.call(
      'create_network_image_campaign',
      { ...NETWORK_CREATE, daily_budget: 25.555 },
      { key },
    );
    expect(refused.status).toBe(400);
    expect(await groups()).toBe(count);
  });

  it('sends an accepted amount upstream as a plain decimal string', async () => {
    const { status, body } = await service.call(
      'create_network_image_campaign',
      { ...NETWORK_CREATE, daily_budget: 99_999_999.99, dry_run: true },
      { key },
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(JSON.stringify(body.data.structured)).toContain('"amount":"99999999.99"');
  });
});
