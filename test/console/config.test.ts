import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

describe('the console configuration', () => {
  it('defaults to 2, 5, 10 and 20 keys, 24-hour sessions, open sign-up and self-hosted upgrades', () => {
    expect(loadConfig({}).console).toEqual({
      keyLimits: { free: 2, plus: 5, pro: 10, max: 20 },
      upgradeUrl: undefined,
      sessionHours: 24,
      signup: 'open',
    });
  });

  it('names every bad console variable', () => {
    const env = {
      ADOPS_KEY_LIMITS: 'free=2,plus=5',
      ADOPS_UPGRADE_URL: 'javascript:alert(1)',
      ADOPS_SESSION_HOURS: '0',
      ADOPS_CONSOLE_SIGNUP: 'maybe',
    };
    const message = (() => {
      try {
        loadConfig(env);
        return '';
      } catch (error) {
        return String(error);
      }
    })();
    for (const name of Object.keys(env)) expect(message).toContain(name);
    expect(message).toContain('missing tiers: pro, max');
  });
});
