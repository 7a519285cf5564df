// Asset benchmark (issue 3): validate_and_prepare_assets with 10 landscape images of 1200x628 (plus the
// one square image and one logo the call requires) served by a loopback HTTPS server, downloaded,
// validated and committed in one call by `adops serve` on SQLite.
// Prints the wall time of each call and the service process's peak RSS (VmHWM, Linux).
// Usage: node bench/assets.ts [calls]   (default 3: the first one pays for loading sharp and file-type)
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { serve, startImageServer } from '../test/assets/support/image-server.ts';
import { createTestCertificate } from '../test/assets/support/test-certificate.ts';
import { startAdops } from './servers.ts';

const calls = Number(process.argv[2] ?? 3);
const IMAGES = 10;

/** Photo-like noise, so each JPEG weighs what a real photo does rather than a few KB. */
function photo(seed: number, width = 1200, height = 628): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 100 + seed, sigma: 40 },
    },
  })
    .jpeg({ quality: 82 })
    .toBuffer();
}

interface Answer {
  data?: { structured?: { images?: Verdict[] } };
  structured_content?: { images?: Verdict[] };
}
type Verdict = { verdict: string };

function peakRssMb(pid: number): number | undefined {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Math.round(Number(kb) / 1024);
  } catch {
    return undefined;
  }
}

const certificate = createTestCertificate();
const photos = await Promise.all(Array.from({ length: IMAGES }, (_, index) => photo(index)));
const routes = {
  ...Object.fromEntries(photos.map((bytes, index) => [`/photo-${index}.jpg`, serve(bytes, 'image/jpeg')])),
  // The call must also fill the other required groups: one square image and one logo, besides the ten.
  '/square.jpg': serve(await photo(50, 1200, 1200), 'image/jpeg'),
  '/logo.jpg': serve(await photo(60, 256, 256), 'image/jpeg'),
};
const images = await startImageServer(certificate, routes);
const service = await startAdops({
  ADOPS_RATE_LIMIT_PER_SECOND: '0',
  ADOPS_TIER_LIMITS: 'free=100000,plus=100000,pro=100000,max=100000',
  ADOPS_FETCH_ALLOW_HOSTS: 'localhost',
  ADOPS_FETCH_PORTS: String(images.port),
  ADOPS_FETCH_CA_FILE: certificate.certPath,
});
try {
  const pid = service.pid ?? 0;
  const post = async (tool: string, args: unknown) => {
    const response = await fetch(`${service.url}/api/v1/tools/${tool}/execute`, {
      method: 'POST',
      headers: { authorization: `Bearer ${service.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ arguments: args }),
    });
    return { status: response.status, body: (await response.json()) as Answer };
  };
  await post('get_usage_status', {});
  const idleMb = peakRssMb(pid);
  const args = {
    marketing_images_landscape: photos.map((_, index) => images.url(`/photo-${index}.jpg`)),
    marketing_images_square: [images.url('/square.jpg')],
    logos_square: [images.url('/logo.jpg')],
  };
  const results = [];
  for (let call = 1; call <= calls; call++) {
    const started = performance.now();
    const { status, body } = await post('validate_and_prepare_assets', args);
    const ms = Math.round(performance.now() - started);
    const verdicts = body.data?.structured?.images ?? body.structured_content?.images ?? [];
    const accepted = verdicts.filter((image) => image.verdict === 'accepted').length;
    results.push({ call, status, ms, accepted, peak_rss_mb: peakRssMb(pid) });
  }
  const totalKb = Math.round(photos.reduce((sum, bytes) => sum + bytes.length, 0) / 1024);
  console.table(results);
  console.log(
    JSON.stringify({ images: IMAGES, total_kb: totalKb, idle_peak_rss_mb: idleMb, calls: results }, null, 0),
  );
} finally {
  service.stop();
  await images.close();
  certificate.remove();
}
