import type { Clock } from '../../src/clock.ts';
import type { Platform } from '../../src/platform-families.ts';
import { PLATFORM_INFO } from '../../src/platform-families.ts';
import type { Dialect } from '../../src/storage/database.ts';
import { addLiveAccount, type RecordedAnswer, ReplayPlatform, recordedAnswers } from './replay-platform.ts';
import { type CallResult, type Owner, TestService } from './service.ts';

/** Where each platform's API lives under its host, as the real base URL has it. */
const API_PATH: Record<Platform, string> = { search: '', network: '/rest', social: '', video: '/open_api' };
const PREFIX: Record<Platform, string> = {
  search: 'SEARCH',
  network: 'NETWORK',
  social: 'SOCIAL',
  video: 'VIDEO',
};

/** A recorded answer served at another request than the one it was recorded for (its `edits` say why). */
export function servedAt(
  answer: RecordedAnswer,
  method: RecordedAnswer['request']['method'],
  path: string,
  when?: RecordedAnswer['when'],
): RecordedAnswer {
  return { ...answer, request: { method, path }, ...(when && { when }) };
}

/**
 * A service whose live connections of one platform reach a replay of that platform's recorded answers:
 * the live adapter, its schemas and its error mapping, against what the real platform said.
 */
export class RecordedPlatformService {
  readonly answers: Map<string, RecordedAnswer>;
  readonly replay: ReplayPlatform;
  readonly service: TestService;
  readonly owner: Owner;
  readonly #platform: Platform;
  readonly #accounts = new Set<string>();

  private constructor(platform: Platform, replay: ReplayPlatform, service: TestService, owner: Owner) {
    this.#platform = platform;
    this.answers = recordedAnswers(platform);
    this.replay = replay;
    this.service = service;
    this.owner = owner;
  }

  static async start(
    platform: Platform,
    dialect: Dialect,
    options: { env?: Record<string, string>; clock?: Clock } = {},
  ): Promise<RecordedPlatformService> {
    const replay = await ReplayPlatform.start();
    const prefix = `ADOPS_${PREFIX[platform]}_`;
    const service = await TestService.start(dialect, {
      env: {
        [`${prefix}API_URL`]: `${replay.url}${API_PATH[platform]}`,
        [`${prefix}CLIENT_ID`]: 'recorded-client',
        [`${prefix}CLIENT_SECRET`]: 'recorded-secret',
        ...(platform === 'search' && { ADOPS_SEARCH_DEVELOPER_TOKEN: 'recorded-developer-token' }),
        ADOPS_UPSTREAM_RETRIES: '0',
        ...options.env,
      },
      ...(options.clock && { clock: options.clock }),
    });
    const owner = await service.createOwner('pro');
    return new RecordedPlatformService(platform, replay, service, owner);
  }

  answer(name: string): RecordedAnswer {
    const found = this.answers.get(name);
    if (!found) throw new Error(`no recorded answer ${name} for ${this.#platform}`);
    return found;
  }

  /**
   * Calls a tool on a live account (made on first use, with the account id the answers were recorded
   * for) while the replay serves the given answers.
   */
  async call(
    tool: string,
    args: Record<string, unknown>,
    account: { id: string; currency?: string },
    ...served: RecordedAnswer[]
  ): Promise<CallResult> {
    if (!this.#accounts.has(account.id)) {
      await addLiveAccount(this.service, this.owner, {
        platform: this.#platform,
        accountId: account.id,
        ...(account.currency && { currency: account.currency }),
      });
      this.#accounts.add(account.id);
    }
    this.replay.serve(...served);
    const argument = PLATFORM_INFO[this.#platform].accountArgument;
    return this.service.call(tool, { ...args, [argument]: account.id }, { key: this.owner.key });
  }

  async stop(): Promise<void> {
    await this.service.stop();
    await this.replay.close();
  }
}
