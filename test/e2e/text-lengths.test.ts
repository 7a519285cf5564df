import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxStore } from '../../src/sandbox/store.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { type Owner, TestService } from '../support/service.ts';

const NETWORK_CREATE = {
  campaign_name: 'Lengths',
  campaign_group_name: 'Lengths group',
  organization_id: '2414183',
  landing_page_url: 'https://example.com/q4',
  locations: ['urn:li:geo:103644278'],
  introductory_text: 'Meet the plan built for small teams.',
  headline: 'Plans from $5 a month',
  image_urn: 'urn:li:image:C4E10AQFoyyAjHPMQuQ',
  daily_budget: 25,
};

/**
 * Lengths are counted as the platforms count them (UTF-16 units: an emoji is two) and checked before
 * anything is sent, so a name the platform would refuse never leaves a campaign group half made.
 */
describe('text lengths as the platforms count them', () => {
  let service: TestService;
  let owner: Owner;
  beforeAll(async () => {
    service = await TestService.start('sqlite');
    owner = await service.createOwner('max', ['network', 'social', 'search']);
  });
  afterAll(() => service.stop());

  it('refuses 255 emoji as a LinkedIn campaign name before anything is created', async () => {
    const [account] = await listAdAccounts(service.services.storage.db, owner.userId, 'network');
    const store = new SandboxStore(service.services.storage.db, 'network');
    const groups = async () => (await store.list('campaign_group', account?.account_id ?? '')).length;
    const before = await groups();
    const { status, body } = await service.call(
      'create_network_image_campaign',
      { ...NETWORK_CREATE, campaign_name: '😀'.repeat(255) },
      { key: owner.key },
    );
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_arguments');
    expect(body.structured_content.issues).toEqual([
      {
        field: 'campaign_name',
        message:
          'must be at most 255 characters as the platform counts them, an emoji counting as 2 (got 510)',
      },
    ]);
    expect(await groups()).toBe(before);
  });

  it('takes a name that fits in UTF-16 units, emoji included', async () => {
    const { status, body } = await service.call(
      'create_network_image_campaign',
      { ...NETWORK_CREATE, campaign_name: `${'😀'.repeat(127)}x`, dry_run: true },
      { key: owner.key },
    );
    expect(status, JSON.stringify(body)).toBe(200);
  });

  it('counts the same way for Meta names and Google headlines', async () => {
    const social = await service.call(
      'update_social_campaign',
      { campaign_id: '120210000000000101', name: '🚀'.repeat(201), dry_run: true },
      { key: owner.key },
    );
    expect(social.status).toBe(400);
    expect(social.body.error).toContain('name: must be at most 400 characters as the platform counts them');
    const search = await service.call(
      'update_ad_headlines',
      {
        ad_group_id: '1',
        ad_id: '2',
        headlines: ['Plans for teams', 'Fast setup', '🎉'.repeat(16)],
        dry_run: true,
      },
      { key: owner.key },
    );
    expect(search.status).toBe(400);
    expect(search.body.error).toContain(
      'headlines[2]: must be at most 30 characters as the platform counts them',
    );
  });

  it('keeps the code-point bound in the document', async () => {
    const document = (await (await fetch(`${service.url}/api/v1/openapi.json`)).json()) as Record<
      string,
      any
    >;
    const schema = document.components.schemas.CreateNetworkImageCampaignArguments;
    expect(schema.properties.campaign_name.maxLength).toBe(255);
  });
});
