/** PostgreSQL's unique_violation (23505), whether raised by pg or PGlite directly or wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: string; cause?: { code?: string } } | null | undefined;
  return candidate?.code === '23505' || candidate?.cause?.code === '23505';
}
