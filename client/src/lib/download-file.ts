import type { ExportFormat } from '@app/common';
import { apiClient } from './api-client';

/**
 * The file name a Content-Disposition header gives: the RFC 5987 `filename*` (UTF-8) when present, else the
 * plain `filename`; `fallback` when there is neither.
 */
export function attachmentName(header: unknown, fallback: string): string {
  if (typeof header !== 'string') return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: the plain name below still serves.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  return (plain?.[1] ?? plain?.[2])?.trim() || fallback;
}

/** Hands a blob to the browser as a download named `fileName` (a temporary link to an object URL). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start reading the URL only after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type ExportFileRequest = {
  /** Under /api, e.g. '/admin/export/bills'. */
  path: string;
  format: ExportFormat;
  /** The filters the screen shows; empty values are left out. */
  params?: Record<string, string | undefined>;
};

/**
 * Contract "Exports": downloads an export through the API client (so the bearer token and the error shape are
 * the usual ones), then saves it under the dated name the server gave. Answers the file name.
 */
export async function downloadExport({ path, format, params = {} }: ExportFileRequest): Promise<string> {
  const filters = Object.entries(params).filter(([, value]) => value !== undefined && value !== '');
  const query = { ...Object.fromEntries(filters), format };
  // An ArrayBuffer rather than a Blob: the same bytes, and readable in every environment the tests run in.
  const response = await apiClient.get<ArrayBuffer>(path, {
    params: query,
    responseType: 'arraybuffer',
    headers: { Accept: '*/*' },
    // A big export takes longer than a list: two minutes before giving up.
    timeout: 120_000,
  });
  const fileName = attachmentName(response.headers['content-disposition'], `export.${format}`);
  const type = response.headers['content-type'];
  saveBlob(new Blob([response.data], typeof type === 'string' ? { type } : {}), fileName);
  return fileName;
}
