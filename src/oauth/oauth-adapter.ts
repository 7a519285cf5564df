import type { Kysely } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { errors } from 'oidc-provider';
import { endOAuthGrants } from '../storage/oauth-grants.ts';
import {
  consumeOAuthRecord,
  deleteOAuthRecord,
  findOAuthRecord,
  keepOAuthRecord,
  upsertOAuthRecord,
} from '../storage/oauth-records.ts';
import type { Database } from '../storage/schema.ts';
import { sha256 } from '../web/tokens.ts';
import type { OAuthServices } from './oauth-services.ts';

/** What a grant issues, and revoking it removes (an interaction names a grant too, but is not its). */
const GRANT_MEMBERS = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

/** Client metadata may hold a client secret: stored encrypted, bound to its row. */
const ENCRYPTED_MODELS = new Set(['Client']);

/**
 * How long a client that registered itself (RFC 7591) is kept without an owner approving it: registration
 * is open to anyone, and a client nobody approved within a day is a leftover or a flood. An approval (its
 * grant) keeps it for good; a client the owner made in the console is never forgotten.
 */
export const UNCLAIMED_CLIENT_SECONDS = 24 * 60 * 60;

/**
 * oidc-provider's storage on the service's database, so every instance shares sessions, codes and
 * tokens. Records are found by the SHA-256 of their id: an opaque access token's id is the token itself,
 * and a copy of the database must not hold working tokens.
 */
export class OAuthAdapter implements Adapter {
  readonly #model: string;
  readonly #services: OAuthServices;

  constructor(model: string, services: OAuthServices) {
    this.#model = model;
    this.#services = services;
  }

  #associatedData(idHash: string): string {
    return `oauth_records:${this.#model}:${idHash}`;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void> {
    const { db } = this.#services.storage;
    if (this.#model === 'Client') {
      // The provider stores a client only when it registers itself; the console's come through
      // storeOwnedClient.
      await this.#write(db, id, payload, UNCLAIMED_CLIENT_SECONDS);
      return;
    }
    const { clientId } = payload;
    if (this.#model !== 'Grant' || typeof clientId !== 'string') {
      await this.#write(db, id, payload, expiresIn);
      return;
    }
    // An owner approved the client: it is no longer a stranger to forget after a day.
    await db.transaction().execute(async (trx) => {
      await this.#write(trx, id, payload, expiresIn);
      await keepOAuthRecord(trx, 'Client', sha256(clientId));
    });
  }

  /** A client the owner made in the console (a ChatGPT Action's): kept until the owner deletes it. */
  async storeOwnedClient(id: string, metadata: AdapterPayload): Promise<void> {
    if (this.#model !== 'Client') throw new Error(`storeOwnedClient on the ${this.#model} adapter`);
    await this.#write(this.#services.storage.db, id, metadata, undefined);
  }

  async #write(
    db: Kysely<Database>,
    id: string,
    payload: AdapterPayload,
    expiresIn: number | undefined,
  ): Promise<void> {
    const idHash = sha256(id);
    const json = JSON.stringify(payload);
    const now = this.#services.clock.now();
    await upsertOAuthRecord(db, {
      model: this.#model,
      idHash,
      payload: ENCRYPTED_MODELS.has(this.#model)
        ? this.#services.cipher.encrypt(json, this.#associatedData(idHash))
        : json,
      // A grant is a member of itself: revoking it removes its own record with its tokens.
      grantId:
        this.#model === 'Grant' ? id : GRANT_MEMBERS.has(this.#model) ? (payload.grantId ?? null) : null,
      uid: payload.uid ?? null,
      expiresAt: expiresIn ? new Date(now.getTime() + expiresIn * 1000).toISOString() : null,
    });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const idHash = sha256(id);
    const record = await findOAuthRecord(
      this.#services.storage.db,
      { model: this.#model, idHash },
      this.#services.clock.now(),
    );
    if (!record) return undefined;
    const json = ENCRYPTED_MODELS.has(this.#model)
      ? this.#services.cipher.decrypt(record.payload, this.#associatedData(idHash))
      : record.payload;
    const payload = JSON.parse(json) as AdapterPayload;
    if (record.consumedAt) payload.consumed = Math.floor(Date.parse(record.consumedAt) / 1000);
    return payload;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const record = await findOAuthRecord(
      this.#services.storage.db,
      { model: this.#model, uid },
      this.#services.clock.now(),
    );
    return record && (JSON.parse(record.payload) as AdapterPayload);
  }

  async findByUserCode(): Promise<AdapterPayload | undefined> {
    // The device flow is not enabled: no record has a user code.
    return undefined;
  }

  async consume(id: string): Promise<void> {
    const idHash = sha256(id);
    const { db } = this.#services.storage;
    if (await consumeOAuthRecord(db, this.#model, idHash, this.#services.clock.now())) return;
    // Two requests presented the same code or refresh token at once, and the other one won: this one is
    // a replay, and a replay revokes everything the grant issued (RFC 9700, 4.14 and 4.15).
    const record = await findOAuthRecord(db, { model: this.#model, idHash }, new Date(0));
    if (record?.grantId) await this.revokeByGrantId(record.grantId);
    throw new errors.InvalidGrant(
      `the ${this.#model === 'RefreshToken' ? 'refresh token' : 'code'} was already used`,
    );
  }

  async destroy(id: string): Promise<void> {
    await deleteOAuthRecord(this.#services.storage.db, this.#model, sha256(id));
  }

  /**
   * A grant the provider ends (a code or refresh token replayed, a refresh token revoked by its app): its
   * records go, and it leaves the owner's Connected apps, before the answer that says so is sent.
   */
  async revokeByGrantId(grantId: string): Promise<void> {
    await endOAuthGrants(this.#services.storage.db, [grantId], this.#services.clock.now());
  }
}
