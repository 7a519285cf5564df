import { afterAll, beforeAll, it } from 'vitest';
import { ALL_TOOLS } from '../src/tools/registry.ts';
import { RecordedPlatformService, servedAt } from './support/recorded-service.ts';

let r: RecordedPlatformService;
beforeAll(async () => { r = await RecordedPlatformService.start('search', 'sqlite'); });
afterAll(() => r.stop());
const ex = (name: string) => ALL_TOOLS.find((t) => t.name === name)?.example as Record<string, unknown>;
it('probes', async () => {
  const show = (name: string, res: { status: number; body: unknown }) =>
    console.log('=== ', name, res.status, JSON.stringify(res.body).slice(0, 900), 'unmatched:', r.replay.unmatched, 'received', r.replay.received.map((q) => `${q.path} ${q.body.slice(0, 300)}`));
  show('stream', await r.call('get_search_campaign_performance', {}, { id: '1233213210' }, servedAt(r.answer('searchstream-customer-daily'), 'POST', '/{version}/customers/1233213210/googleAds:searchStream')));
  show('stream-search', await r.call('get_search_campaign_performance', {}, { id: '1233213210' }, servedAt(r.answer('searchstream-customer-daily'), 'POST', '/{version}/customers/1233213210/googleAds:searchStream'), servedAt(r.answer('search-campaigns-page'), 'POST', '/{version}/customers/1233213210/googleAds:search')));
  const create = { ...ex('create_search_campaign') };
  delete create.customer_id;
  show('mutate-ok', await r.call('create_search_campaign', create, { id: '1011240876' }, r.answer('googleads-mutate-success'), servedAt(r.answer('search-campaigns-page'), 'POST', '/{version}/customers/1011240876/googleAds:search')));
  show('mutate-malformed', await r.call('create_search_campaign', create, { id: '1248315497' }, r.answer('googleads-mutate-resource-name-malformed'), servedAt(r.answer('search-campaigns-page'), 'POST', '/{version}/customers/1248315497/googleAds:search')));
  const upd = { ...ex('update_search_campaign') };
  delete upd.customer_id;
  console.log(JSON.stringify(upd));
  show('budget-ok', await r.call('update_search_campaign', { ...upd, campaign_id: '22682295812' }, { id: '5171368254' }, r.answer('search-campaigns-page'), servedAt(r.answer('campaignbudgets-mutate-success'), 'POST', '/{version}/customers/5171368254/campaignBudgets:mutate'), servedAt(r.answer('campaignbudgets-mutate-success'), 'POST', '/{version}/customers/5171368254/campaigns:mutate')));
  show('field-required', await r.call('update_search_campaign', { ...upd, campaign_id: '22682295812' }, { id: '5171368254' }, r.answer('search-campaigns-page'), servedAt(r.answer('campaigns-mutate-field-required'), 'POST', '/{version}/customers/5171368254/campaigns:mutate'), servedAt(r.answer('campaigns-mutate-field-required'), 'POST', '/{version}/customers/5171368254/campaignBudgets:mutate')));
  show('next-token', await r.call('list_search_keywords', {}, { id: '1234567890' }, r.answer('search-page-next-token')));
});
