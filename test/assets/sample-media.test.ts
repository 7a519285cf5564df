import { describe, expect, it } from 'vitest';
import { createMediaFetcher, fetchPolicy } from '../../src/assets/fetch-media.ts';
import { inspectImage } from '../../src/assets/inspect-image.ts';
import { SAMPLES } from '../../src/assets/sample-media.ts';
import { loadConfig } from '../../src/config.ts';

const images = { maxBytes: 5 * 1024 * 1024, allowedTypes: ['image/jpeg', 'image/png', 'image/gif'] };

describe('the sample images', () => {
  it('are served by the service itself while the sandbox is on, each the size its name says', async () => {
    const fetcher = createMediaFetcher(fetchPolicy(loadConfig({}).mediaFetch));
    try {
      for (const path of Object.keys(SAMPLES)) {
        const fetched = await fetcher.fetch(`https://samples.adops.invalid${path}`, images);
        if (!fetched.ok) throw new Error(fetched.reason);
        const size = /(\d+)x(\d+)/.exec(path);
        expect(await inspectImage(fetched.media.bytes)).toMatchObject({
          width: Number(size?.[1]),
          height: Number(size?.[2]),
        });
      }
      const missing = await fetcher.fetch('https://samples.adops.invalid/nothing.png', images);
      expect(missing).toMatchObject({
        ok: false,
        reason: expect.stringContaining('there is no sample image at /nothing.png'),
      });
    } finally {
      await fetcher.close();
    }
  });

  it('are an ordinary (unresolvable) host when the sandbox is off', async () => {
    const fetcher = createMediaFetcher(fetchPolicy(loadConfig({ ADOPS_SANDBOX: 'off' }).mediaFetch));
    try {
      const fetched = await fetcher.fetch('https://samples.adops.invalid/landscape-1200x628.jpg', images);
      expect(fetched.ok).toBe(false);
    } finally {
      await fetcher.close();
    }
  });
});
