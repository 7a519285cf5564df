import { randomInt } from 'node:crypto';

export const PLATFORMS = ['search', 'network', 'social', 'video'] as const;
export type Platform = (typeof PLATFORMS)[number];

export interface PlatformInfo {
  /** The name of the argument that selects an account of this platform (the multi-account rule). */
  accountArgument: 'customer_id' | 'account_id' | 'ad_account_id' | 'advertiser_id';
  label: string;
  idShape: string;
  defaultCurrency: string;
}

export const PLATFORM_INFO: Record<Platform, PlatformInfo> = {
  search: {
    accountArgument: 'customer_id',
    label: 'Google Ads (search)',
    idShape: '10 digits, like 1234567890 or 123-456-7890',
    defaultCurrency: 'USD',
  },
  network: {
    accountArgument: 'account_id',
    label: 'LinkedIn Ads (network)',
    idShape: 'digits, or urn:li:sponsoredAccount:<digits>',
    defaultCurrency: 'USD',
  },
  social: {
    accountArgument: 'ad_account_id',
    label: 'Meta Ads (social)',
    idShape: 'act_<digits>',
    defaultCurrency: 'USD',
  },
  video: {
    accountArgument: 'advertiser_id',
    label: 'TikTok Ads (video)',
    idShape: 'digits',
    defaultCurrency: 'USD',
  },
};

export function isPlatform(value: string): value is Platform {
  return (PLATFORMS as readonly string[]).includes(value);
}

/** The canonical form of an account id, or null when it does not have the platform's shape. */
export function normalizeAccountId(platform: Platform, raw: string): string | null {
  const text = raw.trim();
  switch (platform) {
    case 'search': {
      const digits = /^\d{3}-\d{3}-\d{4}$/.test(text) ? text.replaceAll('-', '') : text;
      return /^\d{10}$/.test(digits) ? digits : null;
    }
    case 'network': {
      const digits = text.replace(/^urn:li:sponsoredAccount:/, '');
      return /^\d{1,19}$/.test(digits) ? digits : null;
    }
    case 'social':
      return /^act_\d{1,19}$/.test(text) ? text : null;
    case 'video':
      return /^\d{1,19}$/.test(text) ? text : null;
  }
}

function digits(count: number): string {
  let text = String(randomInt(1, 10));
  while (text.length < count) text += String(randomInt(10));
  return text;
}

/** A new account id in the platform's own shape, for sandbox accounts. */
export function generateAccountId(platform: Platform): string {
  switch (platform) {
    case 'search':
      return digits(10);
    case 'network':
      return digits(9);
    case 'social':
      return `act_${digits(15)}`;
    case 'video':
      return `7${digits(18)}`;
  }
}
