/**
 * A fresh key for the Idempotency-Key header (contract: a repeated request with the same key returns the
 * first result). crypto.randomUUID exists only on secure origins (https, localhost); a portal opened over
 * plain http on a local network still has getRandomValues, so build the version-4 UUID from that.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  // RFC 4122 §4.4: version 4 in byte 6, variant 10xx in byte 8. Both exist: the array has 16 bytes.
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
