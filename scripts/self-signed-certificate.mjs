// A throwaway certificate for https://127.0.0.1 (one day, EC P-256), made with openssl, for the
// deploy test and the two-server bench: nginx serves it, and the client trusts it through
// NODE_EXTRA_CA_CERTS.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Writes key.pem and cert.pem into `folder`; throws when openssl fails. */
export function makeSelfSignedCertificate(folder) {
  const key = path.join(folder, 'key.pem');
  const cert = path.join(folder, 'cert.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (made.status !== 0) throw new Error('openssl could not make the certificate');
  return { key, cert };
}
