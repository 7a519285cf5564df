/** Where the authorization server (src/oauth) shows an app's consent page: `/oauth/consent/<uid>`. */
export const CONSENT_PATH_PREFIX = '/oauth/consent/';

const CONSENT_PATH = /^\/oauth\/consent\/[A-Za-z0-9_-]{1,64}$/;

/** Whether `path` is an OAuth consent page: the console's sign-in sends the owner back there. */
export function isOAuthConsentPath(path: string): boolean {
  return CONSENT_PATH.test(path);
}
