import type { ExportFormat } from '@app/common';
import { Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { serverMessage } from '../../lib/api-client';
import { downloadExport } from '../../lib/download-file';
import type { MessageId } from '../../lib/i18n/catalogs';
import { useT } from '../../lib/i18n/use-t';
import { RowButton, RowChevron } from './row-controls';

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

/** The button over its error, as a Mantine Stack with gap 4 would place them (a plain element: one per table row). */
const STACKED = { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 4 } as const;

const FORMATS: { format: ExportFormat; label: MessageId }[] = [
  { format: 'csv', label: 'exportMenu.csv' },
  { format: 'xlsx', label: 'exportMenu.excel' },
];

/**
 * Contract "Exports": the screens offer their list as a file. One button opens a menu of the two formats;
 * while the file downloads the button is busy, and a failure is said under it in the server's words.
 *
 * The menu itself (a popover placed by floating-ui, its transition, its ids) is built at the button's first
 * press: the users lists have one on each of their twenty rows, and twenty menus built with the dashboard made
 * React draw it twice in the task that puts it on screen (floating-ui keeps each button in state, set while the
 * first drawing is committed; decision 032). Until then the button is the same button, announcing its menu.
 */
export function ExportMenu({ path, params, what, label, compact = false }: ExportMenuProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [built, setBuilt] = useState(false);
  const [opened, setOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // The first press builds the menu around a new button at once; that button takes the focus the pressed one
  // had, then the menu opens, so it knows where to give the focus back when it closes.
  const buildAndOpen = () => {
    flushSync(() => setBuilt(true));
    buttonRef.current?.focus();
    setOpened(true);
  };

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

  const menuButtonProps = {
    'aria-label': t('exportMenu.exportWhat', { what }),
    ...(built ? {} : { 'aria-haspopup': 'menu' as const, 'aria-expanded': false, onClick: buildAndOpen }),
  };
  const button = compact ? (
    // A table row's button: the browser's own, as the row's other controls (row-controls.tsx, issue 29).
    <RowButton ref={buttonRef} busy={busy} {...menuButtonProps}>
      {label ?? t('exportMenu.export')}
      <RowChevron />
    </RowButton>
  ) : (
    <Button
      ref={buttonRef}
      variant="default"
      size="sm"
      loading={busy}
      leftSection={<IconDownload size={16} aria-hidden />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      {...menuButtonProps}
    >
      {label ?? t('exportMenu.export')}
    </Button>
  );

  return (
    <div style={STACKED}>
      {built ? (
        <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
          <Menu.Target>{button}</Menu.Target>
          <Menu.Dropdown>
            {FORMATS.map(({ format, label }) => (
              <Menu.Item key={format} onClick={() => void download(format)}>
                {t(label)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : (
        button
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
