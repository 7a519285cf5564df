import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { User } from '../../../src/storage/schema.ts';
import { findUserByEmail, setUserTier } from '../../../src/storage/users.ts';
import type { TestService } from '../../support/service.ts';
import { PASSWORD, uniqueEmail } from './console-client.ts';

/** Debian's Chromium (`apt-get install chromium`), not a downloaded build. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: FLAGS });
}

export const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'console');

/** Saves a full-page screenshot under test-results/console/, for people reviewing the pages. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Signs a new owner up through the console's form, as a person would, onto the pro plan (enough calls
 * for a test's reads): the owner as stored.
 */
export async function signUpInBrowser(page: Page, service: TestService, name: string): Promise<User> {
  const email = uniqueEmail(name);
  await page.goto(`${service.url}/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${service.url}/`);
  const { db } = service.services.storage;
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error('sign-up made no owner');
  await setUserTier(db, user.id, 'pro');
  return { ...user, tier: 'pro' };
}
