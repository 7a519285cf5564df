import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { ConfigError } from '../../src/config-error.ts';

describe('media fetcher configuration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'adops-fetch-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is closed by default: no exempt host, ports 80 and 443, 10 s, 4 at once, the system CAs, 200 MB videos', () => {
    expect(loadConfig({}).mediaFetch).toEqual({
      allowHosts: [],
      ports: [80, 443],
      timeoutMs: 10_000,
      concurrency: 4,
      extraCaPem: undefined,
      maxVideoBytes: 200 * 1024 * 1024,
      samples: true,
    });
  });

  it('writes exempt hosts the way URLs name them', () => {
    const { mediaFetch } = loadConfig({
      ADOPS_FETCH_ALLOW_HOSTS: ' Images.Example.com, 127.1 , [0::1], fd00::5,',
    });
    expect(mediaFetch.allowHosts).toEqual(['images.example.com', '127.0.0.1', '::1', 'fd00::5']);
  });

  it('reads an extra CA from a PEM file', () => {
    const path = join(dir, 'ca.pem');
    writeFileSync(path, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    expect(loadConfig({ ADOPS_FETCH_CA_FILE: path }).mediaFetch.extraCaPem).toContain('BEGIN CERTIFICATE');
  });

  it('names every bad fetch variable', () => {
    const notPem = join(dir, 'not.pem');
    writeFileSync(notPem, 'hello');
    try {
      loadConfig({
        ADOPS_FETCH_ALLOW_HOSTS: 'cdn.example.com:8080',
        ADOPS_FETCH_PORTS: '443,http',
        ADOPS_FETCH_TIMEOUT_MS: '0',
        ADOPS_FETCH_CONCURRENCY: '100',
        ADOPS_FETCH_CA_FILE: notPem,
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain(
        'ADOPS_FETCH_ALLOW_HOSTS: "cdn.example.com:8080" is not a host name or IP address',
      );
      expect(message).toContain('ADOPS_FETCH_PORTS');
      expect(message).toContain('ADOPS_FETCH_TIMEOUT_MS');
      expect(message).toContain('ADOPS_FETCH_CONCURRENCY');
      expect(message).toContain(`ADOPS_FETCH_CA_FILE: ${notPem} holds no PEM certificate`);
    }
    expect(() => loadConfig({ ADOPS_FETCH_CA_FILE: join(dir, 'missing.pem') })).toThrow(/cannot be read/);
  });
});
