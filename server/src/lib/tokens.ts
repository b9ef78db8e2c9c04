import jwt from 'jsonwebtoken';
import { createSecretKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';

// docs/decisions/005: one signed session token, accepted as bearer whether the client kept `token` or
// `refreshToken`. `sid` names the session row (logout revokes it); `ver` is the user's token version:
// bumping it revokes every older token at once.
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

const claimsSchema = z.object({ sub: z.string().uuid(), sid: z.string().uuid(), ver: z.number().int() });
export type SessionClaims = z.infer<typeof claimsSchema>;

// Given the secret as a string, jsonwebtoken first tries to read it as a public key on every call, and that
// failed attempt was a third of a signed-in request's CPU (issue 8). As a KeyObject it is used as it is.
const secretKeys = new Map<string, KeyObject>();
function secretKey(secret: string): KeyObject {
  let key = secretKeys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    secretKeys.set(secret, key);
  }
  return key;
}

export function signSessionToken(secret: string, claims: SessionClaims): string {
  return jwt.sign(claims, secretKey(secret), { algorithm: 'HS256', expiresIn: SESSION_LIFETIME_SECONDS });
}

/** Returns the claims, or null for any token that is malformed, forged or expired. */
export function verifySessionToken(secret: string, token: string): SessionClaims | null {
  try {
    const decoded = jwt.verify(token, secretKey(secret), { algorithms: ['HS256'] });
    const result = claimsSchema.safeParse(decoded);
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
