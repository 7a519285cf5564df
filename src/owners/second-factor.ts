import { randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import type { Clock } from '../clock.ts';
import type { TokenCipher } from '../crypto/token-cipher.ts';
import type { Storage } from '../storage/database.ts';
import type { Person } from '../storage/schema.ts';
import {
  claimRecoveryCode,
  claimTotpStep,
  confirmTotp,
  deleteTotp,
  findTotp,
  putUnconfirmedTotp,
} from '../storage/second-factors.ts';
import { sha256 } from '../web/tokens.ts';
import { OwnerError } from './owner-error.ts';

const PERIOD_SECONDS = 30;
/** A code of the step before or after is accepted too: a phone's clock a little off still works. */
const WINDOW = 1;
const RECOVERY_CODES = 10;

export interface SecondFactorServices {
  storage: Storage;
  clock: Clock;
  cipher: TokenCipher;
}

function totpOf(secret: string, email: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: 'adops',
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

const associatedData = (personId: string) => `person_totp:${personId}`;

/** A recovery code as it is typed: `xxxxx-xxxxx`, case and spaces aside. */
function normalRecoveryCode(code: string): string {
  return code.trim().toLowerCase().replace(/\s+/g, '');
}

/** Begins setting up an authenticator: the secret to type or scan, kept encrypted until a code confirms it. */
export async function startTotpSetup(services: SecondFactorServices, person: Person) {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const stored = services.cipher.encrypt(secret, associatedData(person.id));
  await putUnconfirmedTotp(services.storage.db, person.id, stored, services.clock.now());
  return { secret, uri: totpOf(secret, person.email).toString() };
}

/** The set-up begun and not yet confirmed, to show again; undefined when there is none. */
export async function pendingTotpSetup(services: SecondFactorServices, person: Person) {
  const row = await findTotp(services.storage.db, person.id);
  if (!row || row.confirmed_at) return undefined;
  const secret = services.cipher.decrypt(row.secret, associatedData(person.id));
  return { secret, uri: totpOf(secret, person.email).toString() };
}

/** Whether the code is one of the person's authenticator's now (once per step). */
async function acceptTotpCode(
  services: SecondFactorServices,
  person: Person,
  code: string,
): Promise<boolean> {
  const row = await findTotp(services.storage.db, person.id);
  if (!row || !/^\d{6}$/.test(code.trim())) return false;
  const secret = services.cipher.decrypt(row.secret, associatedData(person.id));
  const timestamp = services.clock.now().getTime();
  const delta = totpOf(secret, person.email).validate({ token: code.trim(), timestamp, window: WINDOW });
  if (delta === null) return false;
  const step = Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
  return claimTotpStep(services.storage.db, person.id, step);
}

/** Confirms the set-up with a first code; answers the recovery codes, shown once. */
export async function confirmTotpSetup(
  services: SecondFactorServices,
  person: Person,
  code: string,
): Promise<string[]> {
  const row = await findTotp(services.storage.db, person.id);
  if (!row) throw new OwnerError('Begin setting up an authenticator first.');
  if (row.confirmed_at) throw new OwnerError('Your authenticator is set up already.');
  if (!(await acceptTotpCode(services, person, code)))
    throw new OwnerError(
      'That code is not the one your authenticator shows now. Type the 6 digits it shows.',
    );
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const text = randomBytes(8).toString('hex').slice(0, 10);
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
  await confirmTotp(
    services.storage.db,
    person.id,
    codes.map((c) => sha256(normalRecoveryCode(c))),
    services.clock.now(),
  );
  return codes;
}

export async function hasSecondFactor(services: SecondFactorServices, personId: string): Promise<boolean> {
  return Boolean((await findTotp(services.storage.db, personId))?.confirmed_at);
}

/** Whether the code is the person's second factor now: an authenticator code, or a recovery code (once). */
export async function checkSecondFactor(
  services: SecondFactorServices,
  person: Person,
  code: string,
): Promise<boolean> {
  if (!(await hasSecondFactor(services, person.id))) return false;
  if (await acceptTotpCode(services, person, code)) return true;
  const hash = sha256(normalRecoveryCode(code));
  return claimRecoveryCode(services.storage.db, person.id, hash, services.clock.now());
}

/** Removes the second factor, given a code of it: one cannot be dropped by whoever found a session open. */
export async function removeSecondFactor(services: SecondFactorServices, person: Person, code: string) {
  if (!(await checkSecondFactor(services, person, code)))
    throw new OwnerError('That code is not your authenticator’s nor an unused recovery code.');
  await deleteTotp(services.storage.db, person.id);
}
