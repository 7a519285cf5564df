import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaFetcher, type FetchPolicy, fetchMedia } from '../../src/assets/fetch-media.ts';
import { createGuardedAgent, type ResolvedAddress, type Resolver } from '../../src/assets/guarded-agent.ts';
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../src/assets/image-rules.ts';
import {
  endlessBody,
  type ImageServer,
  oneBytePerSecond,
  type PlainServer,
  redirect,
  serve,
  startImageServer,
  startPlainServer,
  status,
} from './support/image-server.ts';
import { makeImage, pngOfSize } from './support/images.ts';
import { createTestCertificate, type TestCertificate } from './support/test-certificate.ts';

const IMAGES = { maxBytes: MAX_IMAGE_BYTES, allowedTypes: IMAGE_TYPES };

/** Names resolve only here: each test says where a host points, and asked names are recorded. */
const ZONE: Record<string, ResolvedAddress[]> = {
  localhost: [{ address: '127.0.0.1', family: 4 }],
  'images.test': [{ address: '127.0.0.1', family: 4 }],
  'internal.test': [{ address: '10.0.0.1', family: 4 }],
  'mixed.test': [
    { address: '93.184.215.14', family: 4 },
    { address: '10.0.0.1', family: 4 },
  ],
  'mapped.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
  'metadata.test': [{ address: '169.254.169.254', family: 4 }],
};
const asked: string[] = [];
const resolver: Resolver = async (hostname) => {
  asked.push(hostname);
  const found = ZONE[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found;
};

describe('the safe media fetcher', () => {
  let certificate: TestCertificate;
  let server: ImageServer;
  let policy: FetchPolicy;
  let png: Buffer;
  let endless: ReturnType<typeof endlessBody>;
  let plain: PlainServer;

  beforeAll(async () => {
    certificate = createTestCertificate();
    png = await makeImage(300, 300, 'png');
    // A real PNG without its end, so the type check passes and only the size cap can stop the body.
    endless = endlessBody(png.subarray(0, png.length - 12));
    const routes = {
      '/image.png': serve(png, 'text/plain'),
      '/image.jpg': serve(await makeImage(300, 300, 'jpeg'), 'image/png'),
      '/image.webp': serve(await makeImage(300, 300, 'webp'), 'image/png'),
      '/page.png': serve(Buffer.from(`<!doctype html><html><body>${'secret '.repeat(900)}</body></html>`)),
      '/big.png': serve(await pngOfSize(5121 * 1024)),
      '/missing.png': status(404),
      '/slow.png': oneBytePerSecond(png),
      '/endless.png': endless.route,
      '/to-loopback': redirect(() => server.url('/image.png', '127.0.0.1')),
      '/to-internal': redirect(() => server.url('/image.png', 'internal.test')),
      '/hop1': redirect(() => server.url('/hop2')),
      '/hop2': redirect(() => server.url('/hop3')),
      '/hop3': redirect(() => server.url('/image.png')),
      '/loop': redirect(() => server.url('/loop')),
      '/to-ftp': redirect(() => 'ftp://localhost/image.png'),
      '/to-http': redirect(() => `http://localhost:${plain.port}/image.png`),
      '/hop-to-http': redirect(() => server.url('/to-http')),
    };
    server = await startImageServer(certificate, routes);
    plain = await startPlainServer(png);
    policy = {
      allowHosts: ['localhost', 'images.test'],
      // The plain server's port is allowed, so only the scheme rule can refuse it.
      ports: [443, server.port, plain.port],
      timeoutMs: 1500,
      extraCaPem: certificate.cert,
      resolve: resolver,
    };
  });

  afterAll(async () => {
    await server?.close();
    await plain?.close();
    certificate?.remove();
  });

  async function refusal(url: string, limits = IMAGES, custom = policy): Promise<string> {
    const outcome = await fetchMedia(url, { ...limits, policy: custom });
    if (outcome.ok) throw new Error(`${url} was fetched`);
    return outcome.reason;
  }

  it('fetches an image and decides its type by the bytes, not the name or the Content-Type', async () => {
    const outcome = await fetchMedia(server.url('/image.png'), { ...IMAGES, policy });
    expect(outcome).toMatchObject({ ok: true, media: { mime: 'image/png', ext: 'png' } });
    if (outcome.ok) expect(outcome.media.bytes.equals(png)).toBe(true);
    const jpeg = await fetchMedia(server.url('/image.jpg'), { ...IMAGES, policy });
    expect(jpeg).toMatchObject({ ok: true, media: { mime: 'image/jpeg' } });
  });

  it('connects to the address its resolver gave, checked when the connection opens', async () => {
    asked.length = 0;
    const outcome = await fetchMedia(server.url('/image.png', 'images.test'), { ...IMAGES, policy });
    expect(outcome.ok).toBe(true);
    expect(asked).toEqual(['images.test']);
  });

  it('refuses a host that resolves to a private address, without connecting', async () => {
    const before = server.hits('/image.png');
    expect(await refusal(server.url('/image.png', 'internal.test'))).toBe(
      'the host internal.test resolves to a private address; only public addresses are fetched',
    );
    expect(await refusal(server.url('/image.png', 'metadata.test'))).toContain(
      'resolves to a link-local address',
    );
    expect(server.hits('/image.png')).toBe(before);
  });

  it('checks every address a host resolves to, and IPv4-mapped IPv6 forms', async () => {
    expect(await refusal(server.url('/image.png', 'mixed.test'))).toContain('resolves to a private address');
    expect(await refusal(server.url('/image.png', 'mapped.test'))).toContain(
      'resolves to a loopback address',
    );
  });

  it('refuses addresses written in the URL unless the allow list names them', async () => {
    const before = server.hits('/image.png');
    expect(await refusal(server.url('/image.png', '127.0.0.1'))).toBe(
      'the host 127.0.0.1 is a loopback address; only public addresses are fetched',
    );
    expect(await refusal(server.url('/image.png', '[::ffff:7f00:1]'))).toContain('is a loopback address');
    expect(await refusal(server.url('/image.png', '169.254.169.254'))).toContain('is a link-local address');
    expect(await refusal(server.url('/image.png', '[fd00:ec2::254]'))).toContain('is a unique-local address');
    expect(server.hits('/image.png')).toBe(before);
    const allowed = { ...policy, allowHosts: ['127.0.0.1'] };
    expect((await fetchMedia(server.url('/image.png', '127.0.0.1'), { ...IMAGES, policy: allowed })).ok).toBe(
      true,
    );
  });

  it('checks each redirect again: a redirect to 127.0.0.1 or to a private host is refused', async () => {
    const before = server.hits('/image.png');
    expect(await refusal(server.url('/to-loopback'))).toBe(
      'after a redirect, the host 127.0.0.1 is a loopback address; only public addresses are fetched',
    );
    expect(await refusal(server.url('/to-internal'))).toContain(
      'internal.test resolves to a private address',
    );
    expect(await refusal(server.url('/to-ftp'))).toBe(
      'after a redirect, only https URLs are fetched (got ftp)',
    );
    expect(server.hits('/image.png')).toBe(before);
  });

  it('refuses a redirect from https to plain http without connecting to it', async () => {
    const downgrade =
      'the URL redirects from https to plain http, which is refused: only https is fetched, so the file ' +
      'cannot be read or swapped on the way; give the https address the file is served from';
    expect(await refusal(server.url('/to-http'))).toBe(downgrade);
    expect(await refusal(server.url('/hop-to-http'))).toBe(`after a redirect, ${downgrade}`);
    expect(plain.hits()).toBe(0);
  });

  it('opens no plain connection even when asked directly', async () => {
    const agent = createGuardedAgent({
      allowHosts: ['localhost'],
      resolve: resolver,
      connectTimeoutMs: 1500,
    });
    try {
      await expect(
        request(`http://localhost:${plain.port}/image.png`, { dispatcher: agent }),
      ).rejects.toThrow('only https connections are made');
    } finally {
      await agent.close();
    }
    expect(plain.hits()).toBe(0);
  });

  it('follows at most 3 redirects', async () => {
    const outcome = await fetchMedia(server.url('/hop1'), { ...IMAGES, policy });
    expect(outcome).toMatchObject({ ok: true, media: { url: server.url('/image.png') } });
    const hits = server.hits('/loop');
    expect(await refusal(server.url('/loop'))).toBe('after a redirect, the URL redirects more than 3 times');
    expect(server.hits('/loop') - hits).toBe(4);
  });

  it('refuses other schemes, other ports and credentials before connecting', async () => {
    expect(await refusal('ftp://localhost/image.png')).toBe('only https URLs are fetched (got ftp)');
    expect(await refusal('file:///etc/passwd')).toBe('only https URLs are fetched (got file)');
    expect(await refusal(`http://localhost:${plain.port}/image.png`)).toBe(
      'only https URLs are fetched (got http)',
    );
    expect(plain.hits()).toBe(0);
    expect(await refusal('https://localhost:8443/image.png')).toBe(
      `port 8443 is not allowed (allowed: 443, ${server.port}, ${plain.port})`,
    );
    expect(await refusal(server.url('/image.png').replace('://', '://me:secret@'))).toBe(
      'the URL must not contain a user name or password',
    );
  });

  it('stops at the time limit when the server sends one byte a second', async () => {
    const started = performance.now();
    expect(await refusal(server.url('/slow.png'))).toBe('the download took longer than the 1.5 s limit');
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('stops reading an endless body at the size cap and hangs up', async () => {
    const cap = 256 * 1024;
    expect(await refusal(server.url('/endless.png'), { ...IMAGES, maxBytes: cap })).toBe(
      'the file is larger than the 256 KB limit',
    );
    await endless.hungUp;
    expect(endless.written()).toBeLessThan(cap + 8 * 1024 * 1024);
  });

  it('refuses a declared length over the cap with the actual size', async () => {
    expect(await refusal(server.url('/big.png'))).toBe('the file is 5,121 KB, over the 5,120 KB limit');
  });

  it('names the wrong format, and never echoes what a page said', async () => {
    expect(await refusal(server.url('/image.webp'))).toBe('the file is WebP, not JPEG, PNG or GIF');
    const page = await refusal(server.url('/page.png'));
    expect(page).toBe('the URL serves a web page (HTML), not JPEG, PNG or GIF');
    expect(await refusal(server.url('/missing.png'))).toBe('the server answered HTTP 404 (Not Found)');
  });

  it('refuses a name that does not resolve and a certificate it does not trust', async () => {
    expect(await refusal(server.url('/image.png', 'nowhere.test'))).toBe(
      'the host nowhere.test could not be found (DNS); check the URL',
    );
    const { extraCaPem: _, ...untrusting } = policy;
    expect(await refusal(server.url('/image.png'), IMAGES, untrusting)).toBe(
      "the server's TLS certificate is not valid for this host",
    );
  });

  it('fetches many URLs through one fetcher', async () => {
    const fetcher = createMediaFetcher(policy);
    try {
      const outcomes = await Promise.all(
        ['/image.png', '/image.jpg', '/missing.png'].map((path) => fetcher.fetch(server.url(path), IMAGES)),
      );
      expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true, false]);
    } finally {
      await fetcher.close();
    }
  });
});
