import type { PlatformProtocol } from '../protocol.ts';
import type { Classifier } from '../upstream.ts';

/** TikTok's codes for a bad or expired token. */
const AUTH_CODES = new Set([40104, 40105, 40106]);

interface TikTokEnvelope {
  code?: number;
  message?: string;
  request_id?: string;
}

/** TikTok answers HTTP 200 with `{code, message, request_id, data}`; only `code` 0 is success. */
export function videoClassifier(throttleCodes: readonly number[]): Classifier {
  return (response) => {
    if (response.status >= 500) return { ok: false, kind: 'server', message: `HTTP ${response.status}` };
    let envelope: TikTokEnvelope;
    try {
      envelope = JSON.parse(response.body) as TikTokEnvelope;
    } catch {
      return { ok: false, kind: 'server', message: `an answer that is not JSON (HTTP ${response.status})` };
    }
    const code = envelope.code ?? -1;
    if (code === 0 && response.status < 400) return { ok: true };
    const failure = { message: envelope.message ?? `error code ${code}`, requestId: envelope.request_id };
    if (throttleCodes.includes(code)) return { ok: false, kind: 'throttled', ...failure };
    if (AUTH_CODES.has(code)) return { ok: false, kind: 'auth', ...failure };
    if (code >= 50000) return { ok: false, kind: 'server', ...failure };
    return { ok: false, kind: 'rejected', ...failure };
  };
}

export function videoProtocol(throttleCodes: readonly number[]): PlatformProtocol {
  return {
    classify: videoClassifier(throttleCodes),
    // TikTok takes the token in its own header, not as a Bearer token.
    headers: (accessToken) => ({ 'Access-Token': accessToken }),
  };
}
