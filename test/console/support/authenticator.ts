import * as OTPAuth from 'otpauth';

/** The key an account page shows while setting up an authenticator, as the person would type it. */
export function authenticatorKeyOf(html: string): string {
  const key = /Key: <code>([A-Z2-7 ]+)<\/code>/.exec(html)?.[1];
  if (!key) throw new Error('the page shows no authenticator key');
  return key.replaceAll(' ', '');
}

/** The code an authenticator app holding `key` shows at `time`, computed by the otpauth package. */
export function authenticatorCode(key: string, time: Date): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), digits: 6, period: 30 }).generate({
    timestamp: time.getTime(),
  });
}

/** The recovery codes an account page shows once. */
export function recoveryCodesOf(html: string): string[] {
  const block = /id="recovery-title"[\s\S]*?<pre><code>([^<]+)<\/code><\/pre>/.exec(html)?.[1];
  if (!block) throw new Error('the page shows no recovery codes');
  return block.split('\n');
}
