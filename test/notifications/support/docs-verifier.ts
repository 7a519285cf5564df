import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export type VerifySignature = (header: string, body: string, secret: string, now?: number) => boolean;

/**
 * The `verifyAdopsSignature` of docs/notifications.md, run as the page shows it: the code block is read
 * from the page and loaded as a module, so a receiver written from the docs is what the tests run.
 */
export async function verifierFromDocs(): Promise<VerifySignature> {
  const page = readFileSync(new URL('../../../docs/notifications.md', import.meta.url), 'utf8');
  const code = [...page.matchAll(/```js\n([\s\S]*?)```/g)]
    .map((match) => match[1] ?? '')
    .find((block) => block.includes('export function verifyAdopsSignature'));
  if (!code) throw new Error('docs/notifications.md shows no verifyAdopsSignature');
  const dir = mkdtempSync(join(tmpdir(), 'adops-docs-'));
  try {
    const file = join(dir, 'verify.mjs');
    writeFileSync(file, code);
    const module = (await import(pathToFileURL(file).href)) as { verifyAdopsSignature: VerifySignature };
    return module.verifyAdopsSignature;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
