import jwt from 'jsonwebtoken';
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';

// docs/decisions/005: one signed session token, accepted as bearer whether the client kept `token` or
// `refreshToken`. `sid` names the session row (logout revokes it); `ver` is the user's token version:
// bumping it revokes every older token at once.
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

const claimsSchema = z.object({ sub: z.string().uuid(), sid: z.string().uuid(), ver: z.number().int() });
export type SessionClaims = z.infer<typeof claimsSchema>;
// Checked on the way in only: every session token this product signs expires (a token without one is refused).
const verifiedClaimsSchema = claimsSchema.extend({ exp: z.number().int() });

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
    const result = verifiedClaimsSchema.safeParse(decoded);
    return result.success ? { sub: result.data.sub, sid: result.data.sid, ver: result.data.ver } : null;
  } catch {
    return null;
  }
}

// Contract "Known devices", decision 014: a device token names the user and a random device id, so any server
// holding JWT_SECRET can check it without a shared store. It survives password changes, resets and blocks
// (issue 30: it only lifts the sign-in limits and never opens a session, and a reset that revoked it locked the
// owner out of their own phone while strangers flooded the name); it ends with the user's deletion (a deleted
// user never signs in). `ver` is still written for older servers and no longer read. Its key is derived from
// JWT_SECRET for this use alone: a device token never verifies as a session token, nor the reverse.
export const DEVICE_TOKEN_LIFETIME_SECONDS = 180 * 24 * 60 * 60;

type DeviceClaimsIssued = { sub: string; did: string; ver: number };
// A token without an expiry is refused (issue 30): every token this product signs has one.
const deviceClaimsSchema = z.object({
  sub: z.string().uuid(),
  did: z.string().uuid(),
  exp: z.number().int(),
});
export type DeviceClaims = z.infer<typeof deviceClaimsSchema>;

const deviceKeys = new Map<string, KeyObject>();
function deviceKey(secret: string): KeyObject {
  let key = deviceKeys.get(secret);
  if (!key) {
    key = createSecretKey(createHmac('sha256', secret).update('known-device-token').digest());
    deviceKeys.set(secret, key);
  }
  return key;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Issued and expiring by the app's clock (not the machine's), like the sign-in window it lifts. */
export function signDeviceToken(secret: string, claims: DeviceClaimsIssued, now: Date): string {
  const issuedAt = seconds(now);
  return jwt.sign({ ...claims, iat: issuedAt, exp: issuedAt + DEVICE_TOKEN_LIFETIME_SECONDS }, deviceKey(secret), {
    algorithm: 'HS256',
  });
}

/** Returns the claims, or null for any device token that is malformed, forged, without an expiry or expired at `now`. */
export function verifyDeviceToken(secret: string, token: string, now: Date): DeviceClaims | null {
  try {
    const decoded = jwt.verify(token, deviceKey(secret), { algorithms: ['HS256'], clockTimestamp: seconds(now) });
    const result = deviceClaimsSchema.safeParse(decoded);
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
