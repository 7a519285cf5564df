import { Redis } from 'ioredis';
import { decide, type RateLimitDecision, type RateLimiter } from './rate-limiter.ts';

// The token-bucket formula of rate-limiter.ts, run atomically in Redis with Redis's own clock so
// every instance shares one bucket per key.
const TAKE_TOKEN = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = burst
if state[1] then
  local elapsed = math.max(0, now - tonumber(state[2])) / 1000
  tokens = math.min(burst, tonumber(state[1]) + elapsed * rate)
end
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return {allowed, tostring(tokens)}
`;

export class RedisRateLimiter implements RateLimiter {
  readonly perSecond: number;
  readonly burst: number;
  readonly #redis: Redis;

  constructor(url: string, perSecond: number, burst: number) {
    this.perSecond = perSecond;
    this.burst = burst;
    this.#redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
    this.#redis.defineCommand('adopsTakeToken', { numberOfKeys: 1, lua: TAKE_TOKEN });
  }

  async take(bucket: string): Promise<RateLimitDecision> {
    const command = (
      this.#redis as unknown as Record<string, (...args: unknown[]) => Promise<[number, string]>>
    ).adopsTakeToken;
    if (!command) throw new Error('the Redis rate-limit script is not loaded');
    const [allowed, tokens] = await command.call(
      this.#redis,
      `adops:ratelimit:${bucket}`,
      this.perSecond,
      this.burst,
    );
    return decide(allowed === 1, Number(tokens), this.perSecond, this.burst);
  }

  async ping(): Promise<void> {
    await this.#redis.ping();
  }

  async close(): Promise<void> {
    await this.#redis.quit();
  }
}
