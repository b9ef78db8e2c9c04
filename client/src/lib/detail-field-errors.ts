// Kept apart from form-errors.ts, which the login form imports: only signed-in screens need this one, so the
// login route's bundle does not carry it.
/**
 * First message per field from an error answer's `details` (contract: 400 VALIDATION_FAILED carries
 * per-field problems as [{ field, message }]). Anything else in `details` is ignored.
 */
export function detailFieldErrors<Field extends string>(details: unknown): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!Array.isArray(details)) return errors;
  for (const detail of details as unknown[]) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { field, message } = detail as Record<string, unknown>;
    if (typeof field !== 'string' || typeof message !== 'string') continue;
    // A nested path ("body.username") names the same input as its last segment.
    const name = field.split('.').pop() as Field;
    if (errors[name] === undefined) errors[name] = message;
  }
  return errors;
}
