import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { ConfigError } from '../src/config-error.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.databaseUrl).toBe('sqlite:./data/adops.db');
    expect(config.port).toBe(8080);
    expect(config.appUrl).toBe('http://127.0.0.1:8080');
    expect(config.tierLimits).toEqual({ free: 50, plus: 150, pro: 600, max: 3000 });
    expect(config.rateLimit).toEqual({ perSecond: 20, burst: 40 });
    expect(config.idempotency).toEqual({ ttlHours: 24 });
    expect(config.callLeaseSeconds).toBe(10);
    expect(config.credentialCacheMs).toBe(1000);
    expect(config.bodyLimitBytes).toBe(1048576);
    expect(config.webhookTimeoutMs).toBe(10_000);
  });

  it('reads tier limits and the app URL', () => {
    const config = loadConfig({
      ADOPS_TIER_LIMITS: 'free=1, plus=2,pro=3,max=4',
      ADOPS_APP_URL: 'https://ads.example.com/',
    });
    expect(config.tierLimits).toEqual({ free: 1, plus: 2, pro: 3, max: 4 });
    expect(config.appUrl).toBe('https://ads.example.com');
    expect(
      loadConfig({ ADOPS_ALLOWED_ORIGINS: 'https://a.example, http://b.example:8080/' }).allowedOrigins,
    ).toEqual(['https://a.example', 'http://b.example:8080']);
  });

  it('serves the OpenAPI document for ADOPS_PUBLIC_URL, an https URL, or else for the console URL', () => {
    expect(loadConfig({ ADOPS_APP_URL: 'https://console.example.com' }).publicUrl).toBe(
      'https://console.example.com',
    );
    const config = loadConfig({
      ADOPS_APP_URL: 'https://console.example.com',
      ADOPS_PUBLIC_URL: 'https://api.example.com/',
    });
    expect(config.publicUrl).toBe('https://api.example.com');
    expect(config.appUrl).toBe('https://console.example.com');
    expect(() => loadConfig({ ADOPS_PUBLIC_URL: 'http://api.example.com' })).toThrow(
      /ADOPS_PUBLIC_URL: must be an https URL/,
    );
  });

  it('names every bad variable', () => {
    try {
      loadConfig({
        ADOPS_TIER_LIMITS: 'free=1,gold=2',
        ADOPS_PORT: 'eighty',
        ADOPS_DATABASE_URL: 'mysql://x',
        ADOPS_CREDENTIAL_CACHE_MS: '120000',
        ADOPS_ALLOWED_ORIGINS: 'https://ok.example.com, https://app.example.com/path',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('ADOPS_TIER_LIMITS');
      expect(message).toContain('gold=2');
      expect(message).toContain('ADOPS_PORT');
      expect(message).toContain('ADOPS_DATABASE_URL');
      expect(message).toContain('ADOPS_CREDENTIAL_CACHE_MS');
      expect(message).toContain('"https://app.example.com/path" is not an origin');
    }
  });

  it('wants every tier', () => {
    expect(() => loadConfig({ ADOPS_TIER_LIMITS: 'free=1' })).toThrow(/missing tiers: plus, pro, max/);
  });
});
