import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../../src/tools/registry.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TestService } from '../support/service.ts';

const dialect = TEST_DIALECTS[0] ?? 'sqlite';
const CHROMIUM = process.env.ADOPS_TEST_CHROMIUM ?? '/usr/bin/chromium';
const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

describe('the API reference at /docs', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect);
  });
  afterAll(() => service.stop());

  it('is a page of this service that loads nothing from elsewhere', async () => {
    const response = await fetch(`${service.url}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain('/docs/swagger-ui-bundle.js');
    expect(html).toContain('/docs/init.js');
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    const init = await (await fetch(`${service.url}/docs/init.js`)).text();
    expect(init).toContain('"/api/v1/openapi.json"');
    expect(init).toContain('validatorUrl: null');
  });

  it("serves the viewer's files from the installed swagger-ui-dist", async () => {
    for (const [file, type] of [
      ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
      ['swagger-ui.css', 'text/css; charset=utf-8'],
      ['favicon-32x32.png', 'image/png'],
    ] as const) {
      const response = await fetch(`${service.url}/docs/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type'), file).toBe(type);
      expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(join(SWAGGER_UI_DIR, file)))).toBe(
        true,
      );
    }
  });

  it('answers other /docs paths with the 404 envelope, never a file outside the list', async () => {
    for (const path of ['/docs/index.html', '/docs/%2e%2e/package.json', '/docs/..%2f..%2fpackage.json']) {
      const response = await fetch(`${service.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toMatchObject({ success: false, code: 'not_found' });
    }
    const slash = await fetch(`${service.url}/docs/`, { redirect: 'manual' });
    expect([slash.status, slash.headers.get('location')]).toEqual([301, '/docs']);
  });

  it.skipIf(!existsSync(CHROMIUM))(
    'renders every tool in a browser with no network beyond the service',
    async () => {
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
      try {
        const page = await browser.newPage();
        const elsewhere: string[] = [];
        const problems: string[] = [];
        const origin = new URL(service.url).origin;
        await page.route('**/*', (route) => {
          const url = route.request().url();
          if (new URL(url).origin === origin) return route.continue();
          elsewhere.push(url);
          return route.abort();
        });
        page.on('pageerror', (error) => problems.push(error.message));
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(message.text());
        });
        await page.goto(`${service.url}/docs`);
        await page.waitForSelector('.opblock', { timeout: 20_000 });
        const operations = await page.locator('.opblock-summary-operation-id').allTextContents();
        expect(operations.sort()).toEqual(ALL_TOOLS.map((tool) => tool.name).sort());
        expect(await page.locator('.info .title').textContent()).toContain('adops');
        expect(elsewhere).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );
});
