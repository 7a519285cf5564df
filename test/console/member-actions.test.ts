import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_ACTION_LABELS } from '../../src/console/member-action-labels.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TestService } from '../support/service.ts';
import { ConsoleClient, csrfTokenOf, PASSWORD, uniqueEmail } from './support/console-client.ts';
import { consoleForms } from './support/console-forms.ts';
import { inviteAndJoin } from './support/members.ts';

describe.each(TEST_DIALECTS)('the members’ console actions in the history on %s', (dialect) => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect);
    service.services.config.appUrl = service.url;
  });
  afterAll(() => service.stop());

  it('has words for every console form, or says it is not recorded', async () => {
    for (const url of await consoleForms(service))
      expect(Object.keys(MEMBER_ACTION_LABELS), url).toContain(url);
  });

  it('names the member of each form that succeeded, and records none that was refused', async () => {
    const admin = new ConsoleClient(service.url);
    const adminEmail = uniqueEmail('history');
    await admin.signUp(adminEmail, PASSWORD);
    const operator = await inviteAndJoin(service.url, admin, 'operator');
    const viewer = await inviteAndJoin(service.url, admin, 'viewer');
    await operator.client.submit('/keys', '/keys', { name: 'nightly report', expires: '30d' });
    const keys = await operator.client.get('/keys');
    const revoke = /action="(\/keys\/key_[0-9a-f]+\/revoke)"/.exec(keys.text)?.[1] ?? '';
    await operator.client.submit('/keys', revoke, {});
    // Refused: a viewer's form, and an operator's invitation.
    await viewer.client.post('/keys', {
      _csrf: csrfTokenOf((await viewer.client.get('/keys')).text),
      name: 'x',
    });
    await operator.client.post('/members/invite', {
      _csrf: csrfTokenOf((await operator.client.get('/members')).text),
      email: uniqueEmail('y'),
      role: 'admin',
    });

    const page = await admin.get('/members');
    const rows = [
      ...(page.text.split('What members did in the console')[1]?.matchAll(/<tr>([\s\S]*?)<\/tr>/g) ?? []),
    ]
      .map((row) =>
        (row[1] ?? '')
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      )
      .slice(1);
    expect(rows).toEqual([
      expect.stringMatching(new RegExp(`UTC ${operator.email} revoked a key key_[0-9a-f]+$`)),
      expect.stringMatching(new RegExp(`UTC ${operator.email} made a key nightly report$`)),
      expect.stringMatching(new RegExp(`UTC ${adminEmail} invited a member ${viewer.email} · viewer$`)),
      expect.stringMatching(new RegExp(`UTC ${adminEmail} invited a member ${operator.email} · operator$`)),
    ]);
  });
});
