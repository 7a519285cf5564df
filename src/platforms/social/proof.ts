import { createHmac } from 'node:crypto';

/**
 * `appsecret_proof` (Meta, "Securing Graph API requests"): the access token's HMAC-SHA256 keyed with the
 * app secret, in hex. Apps that turn on "Require App Secret" refuse every call without it.
 */
export function appSecretProof(accessToken: string, appSecret: string): string {
  return createHmac('sha256', appSecret).update(accessToken).digest('hex');
}

/**
 * The URL as sent to Meta: with the proof of the token the call goes with, and without any
 * `access_token` (the paging links Meta answers carry it; the token travels as a header instead, so it
 * is never part of a URL adops sends).
 */
export function withProof(url: string, accessToken: string, appSecret: string): string {
  const signed = new URL(url);
  signed.searchParams.delete('access_token');
  signed.searchParams.set('appsecret_proof', appSecretProof(accessToken, appSecret));
  return signed.toString();
}
