import { formatNumber, type CustomerImport } from '@app/common';
import type { Translate } from '../../../../lib/i18n/use-t';

/** "Added 3 customers": the outcome of a completed import, on the page and in its summary. */
export function addedMessage(t: Translate, job: CustomerImport): string {
  const count = job.added?.length ?? 0;
  return t('import.added', { n: count, count: formatNumber(count) });
}
