import { randomInt } from 'node:crypto';
import type { Fault } from '../faults.ts';

/**
 * The magic ad accounts of the social sandbox (docs/platforms.md, "Sandbox: social"), like test card numbers:
 * 16 digits, `4000`, any 8 digits, then the fault's code. The free middle digits give every owner an
 * id of their own, since a sandbox account belongs to the owner who made it: `act_4000000000000429`,
 * `act_4000123456780429`... all throttle. Generated sandbox ids have 15 digits, so none is magic by chance.
 */
const FAULT_CODES: Record<Fault, string> = {
  rate_limited: '0429',
  rate_limited_app: '0004',
  rate_limited_user: '0017',
  server_error: '0500',
  token_expired: '0190',
  slow: '0408',
};

const MAGIC_ACCOUNT = /^act_4000\d{8}(\d{4})$/;

/** The fault a magic ad account id asks for, if it is one. */
export function magicAccountFault(adAccountId: string): Fault | undefined {
  const code = MAGIC_ACCOUNT.exec(adAccountId)?.[1];
  return (Object.keys(FAULT_CODES) as Fault[]).find((fault) => FAULT_CODES[fault] === code);
}

/** A new magic ad account id for the fault, its middle digits random. */
export function newMagicAccountId(fault: Fault): string {
  const middle = String(randomInt(100_000_000)).padStart(8, '0');
  return `act_4000${middle}${FAULT_CODES[fault]}`;
}

/** What the consent page offers for a new social sandbox account besides a working one. */
export const MAGIC_ACCOUNT_CHOICES: ReadonlyArray<{
  value: Fault;
  label: string;
  newAccountId: () => string;
}> = [
  {
    value: 'rate_limited',
    label: "Throttled: every call answers Meta's rate limit (code 80004)",
    newAccountId: () => newMagicAccountId('rate_limited'),
  },
  {
    value: 'server_error',
    label: 'Failing: every call answers a Meta server error (HTTP 500, code 2)',
    newAccountId: () => newMagicAccountId('server_error'),
  },
  {
    value: 'token_expired',
    label: 'Expired: every call answers an expired token (code 190)',
    newAccountId: () => newMagicAccountId('token_expired'),
  },
  {
    value: 'slow',
    label: 'Slow: every call waits 10 seconds, then answers normally',
    newAccountId: () => newMagicAccountId('slow'),
  },
];
