// The only module that reads import.meta.env (house style 4.5.6).

function parseApiUrl(value: string | undefined): string {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return '';
  if (!/^https?:\/\//i.test(trimmed)) {
    throw new Error(`VITE_API_URL must start with http:// or https:// (got "${trimmed}")`);
  }
  // Paths are appended as `${API_URL}/api/…`, so a trailing slash would double up.
  return trimmed.replace(/\/+$/, '');
}

export const env = {
  /** '' = the API is served from the same origin as the client (contract: one process serves both). */
  API_URL: parseApiUrl(import.meta.env.VITE_API_URL),
} as const;
