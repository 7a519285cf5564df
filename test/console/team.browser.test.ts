import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../../src/owners/add-account.ts';
import { findApproval } from '../../src/storage/approvals.ts';
import { findPersonByEmail } from '../../src/storage/people.ts';
import { TestService } from '../support/service.ts';
import { authenticatorCode } from './support/authenticator.ts';
import { axeViolations } from './support/axe.ts';
import { launchChromium, screenshot, signUpInBrowser } from './support/browser.ts';
import { callTool, PASSWORD, uniqueEmail } from './support/console-client.ts';

// A real browser on a shared two-core machine: generous limits.
describe('a team in Chromium', { timeout: 120_000 }, () => {
  let service: TestService;
  let browser: Browser;

  beforeAll(async () => {
    service = await TestService.start('sqlite');
    service.services.config.appUrl = service.url;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  async function newPage(): Promise<Page> {
    return (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  }

  /** The admin invites the address as the role on the members page; answers the link shown once. */
  async function invite(admin: Page, email: string, role: string): Promise<string> {
    await admin.goto(`${service.url}/members`);
    const form = admin.locator('form[action="/members/invite"]');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Role').selectOption(role);
    await admin.getByRole('button', { name: 'Create an invitation link' }).click();
    return admin.getByLabel('Invitation link', { exact: true }).inputValue();
  }

  async function join(link: string): Promise<Page> {
    const page = await newPage();
    await page.goto(link);
    await page.getByLabel('Choose a password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Join the workspace' }).click();
    await page.waitForURL(`${service.url}/`);
    return page;
  }

  it('an operator’s key asks, the operator cannot approve, the approver approves with a code; the history names them', async () => {
    const admin = await newPage();
    const workspace = await signUpInBrowser(admin, service, 'agency');
    await addAccount(service.services, workspace, { platform: 'video' });
    const approverEmail = uniqueEmail('approver');
    const operatorEmail = uniqueEmail('operator');
    const approverLink = await invite(admin, approverEmail, 'approver');
    const operatorLink = await invite(admin, operatorEmail, 'operator');
    expect(
      await admin.locator('table:has(caption:text("Invitations not yet accepted"))').textContent(),
    ).toContain(operatorEmail);
    expect(
      (await axeViolations(admin)).filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    ).toEqual([]);

    // The approver joins, sets up an authenticator, and signs in again with its code.
    let approver = await join(approverLink);
    await approver.goto(`${service.url}/account`);
    await approver.getByRole('button', { name: 'Set up an authenticator' }).click();
    const key = ((await approver.locator('p:has-text("Key:") code').textContent()) ?? '').replaceAll(' ', '');
    const { clock } = service.services;
    await approver.getByLabel('The 6-digit code it shows').fill(authenticatorCode(key, clock.now()));
    await approver.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => approver.locator('#recovery-title').count()).toBe(1);
    await screenshot(approver, 'team-recovery-codes');
    await approver.context().close();
    approver = await newPage();
    await approver.goto(`${service.url}/login`);
    await approver.getByLabel('Email').fill(approverEmail);
    await approver.getByLabel('Password').fill(PASSWORD);
    // A code of the next 30 seconds: the one the set-up used is good once.
    await approver
      .getByLabel('Authenticator code')
      .fill(authenticatorCode(key, new Date(clock.now().getTime() + 30_000)));
    await approver.getByRole('button', { name: 'Sign in' }).click();
    await approver.waitForURL(`${service.url}/`);

    // The operator joins and makes a key whose every spend change waits for approval.
    const operator = await join(operatorLink);
    await operator.goto(`${service.url}/keys`);
    const keyForm = operator.locator('form[action="/keys"]');
    await keyForm.getByLabel('Name').fill('operator agent');
    await keyForm.getByLabel('Spend: also activate campaigns and raise budgets').check();
    await keyForm.getByLabel('Every spend change needs my approval').check();
    await keyForm.getByRole('button', { name: 'Create key' }).click();
    const secret = /sk_live_[0-9A-Za-z]{38}/.exec(await operator.content())?.[0] ?? '';
    expect(secret).not.toBe('');

    // The agent raises a budget with it: the change waits.
    const listed = await callTool(service.url, secret, 'list_video_campaigns');
    const campaign = listed.body.data.structured.campaigns.find(
      (c: any) => c.name === 'Retargeting: site visitors',
    );
    const asked = await callTool(service.url, secret, 'update_video_campaign', {
      campaign_id: String(campaign.campaign_id),
      daily_budget: Number(campaign.daily_budget) + 25,
    });
    expect(asked.status).toBe(202);
    const id: string = asked.body.data.structured.approval.id;

    // The operator cannot decide it.
    await operator.goto(`${service.url}/approvals/${id}`);
    expect(await operator.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await operator.locator('main').textContent()).toContain(
      'Your role, operator, does not decide approvals',
    );
    expect((await findApproval(service.services.storage.db, workspace.id, id))?.status).toBe('pending');

    // The approver, signed in with the code, approves it.
    await approver.goto(`${service.url}/approvals/${id}`);
    await approver.getByRole('button', { name: 'Approve' }).click();
    await approver.waitForURL(`${service.url}/approvals/${id}`);
    expect((await findApproval(service.services.storage.db, workspace.id, id))?.status).toBe('applied');
    expect(await approver.locator('main').textContent()).toContain(`by ${approverEmail}`);

    // The history names both: the operator's key made it, the approver approved it.
    const operatorPerson = await findPersonByEmail(service.services.storage.db, operatorEmail);
    await admin.goto(`${service.url}/activity`);
    await admin.getByLabel('Who').selectOption(`member:${operatorPerson?.id}`);
    await admin.getByRole('button', { name: 'Filter' }).click();
    expect(await admin.locator('main').textContent()).toContain('key operator agent');
    await admin.locator('a[href^="/activity/aud_"]').first().click();
    expect(await admin.locator('main').textContent()).toContain(`approved by ${approverEmail}`);
    await screenshot(admin, 'team-change-approved');
  });
});
