import type { ExportFormat } from '@app/common';
import { Button, Menu, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { serverMessage } from '../../lib/api-client';
import { downloadExport } from '../../lib/download-file';
import type { MessageId } from '../../lib/i18n/catalogs';
import { useT } from '../../lib/i18n/use-t';

type ExportMenuProps = {
  /** The export route under /api, e.g. '/admin/export/bills'. */
  path: string;
  /** The filters on screen (the search, a user type, a status); empty ones are left out. */
  params?: Record<string, string | undefined>;
  /**
   * What is exported, for the button's accessible name ("Export bills"), already in the reader's language:
   * it is placed in the sentence `exportMenu.exportWhat`.
   */
  what: string;
  /** The button's text, already translated (default "Export"); a compact button for a table row. */
  label?: string;
  compact?: boolean;
};

const FORMATS: { format: ExportFormat; label: MessageId }[] = [
  { format: 'csv', label: 'exportMenu.csv' },
  { format: 'xlsx', label: 'exportMenu.excel' },
];

/**
 * Contract "Exports": the screens offer their list as a file. One button opens a menu of the two formats;
 * while the file downloads the button is busy, and a failure is said under it in the server's words.
 */
export function ExportMenu({ path, params, what, label, compact = false }: ExportMenuProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async (format: ExportFormat) => {
    setBusy(true);
    setError(null);
    try {
      await downloadExport({ path, format, params });
    } catch (failure) {
      setError(serverMessage(failure) ?? t('exportMenu.failure'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4} align="flex-start">
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            size={compact ? 'compact-sm' : 'sm'}
            loading={busy}
            leftSection={compact ? undefined : <IconDownload size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            aria-label={t('exportMenu.exportWhat', { what })}
          >
            {label ?? t('exportMenu.export')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {FORMATS.map(({ format, label }) => (
            <Menu.Item key={format} onClick={() => void download(format)}>
              {t(label)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
