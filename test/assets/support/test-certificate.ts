import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificate {
  cert: string;
  key: string;
  /** The certificate as a file, for ADOPS_FETCH_CA_FILE. */
  certPath: string;
  remove(): void;
}

/**
 * A fresh self-signed certificate for `localhost`, `images.test` and 127.0.0.1, made with the openssl command, so no
 * key lives in the repository and none expires under the tests. The fetcher trusts it as an extra CA.
 */
export function createTestCertificate(): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'adops-cert-'));
  const certPath = join(dir, 'cert.pem');
  const keyPath = join(dir, 'key.pem');
  // biome-ignore format: one option per line reads better
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', keyPath, '-out', certPath, '-days', '2', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=DNS:localhost,DNS:images.test,IP:127.0.0.1',
    '-addext', 'basicConstraints=critical,CA:TRUE',
  ], { stdio: 'ignore' });
  return {
    cert: readFileSync(certPath, 'utf8'),
    key: readFileSync(keyPath, 'utf8'),
    certPath,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
