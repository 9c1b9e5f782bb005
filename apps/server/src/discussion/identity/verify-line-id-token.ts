import { errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { AppError } from '../../platform/http/app-error';
import { discussionErrors } from '../discussion-errors';

/** LINE's ID-token issuer (LINE Login v2.1). */
export const lineIssuer = 'https://access.line.me';

/** What a verified ID token says about its person. */
export interface VerifiedLineProfile {
  userId: string;
  displayName: string;
  pictureUrl: string;
}

/**
 * Verifies a LIFF ID token: its ES256 signature against the keys LINE publishes
 * (`/oauth2/v2.1/certs`, or the demo provider's key), issuer https://access.line.me, audience =
 * the channel id, not expired (a minute of clock skew). The person comes only from the verified
 * claims: `sub`, `name`, `picture`. Anything else is a 401 in Chinese, never a 500.
 */
export async function verifyLineIdToken(
  idToken: string,
  options: { keys: JWTVerifyGetKey; audience: string },
): Promise<VerifiedLineProfile> {
  try {
    const { payload } = await jwtVerify(idToken, options.keys, {
      issuer: lineIssuer,
      audience: options.audience,
      algorithms: ['ES256'],
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 60,
    });
    const sub = payload.sub ?? '';
    if (!/^U[0-9a-f]{32}$/.test(sub)) throw discussionErrors.tokenInvalid();
    const name =
      typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim().slice(0, 100) : 'LINE 用戶';
    const picture = typeof payload.picture === 'string' && /^https:\/\//.test(payload.picture) ? payload.picture : '';
    return { userId: sub, displayName: name, pictureUrl: picture.slice(0, 1000) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof errors.JWTExpired) throw discussionErrors.tokenExpired();
    if (error instanceof errors.JWKSTimeout) throw discussionErrors.lineUnavailable();
    if (error instanceof errors.JOSEError) throw discussionErrors.tokenInvalid();
    // LINE's key endpoint unreachable: a 503 the page can retry, not a verified person.
    throw discussionErrors.lineUnavailable();
  }
}
