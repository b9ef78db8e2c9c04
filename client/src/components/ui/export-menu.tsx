import type { ExportFormat } from '@app/common';
import { Button, Text } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useState, type Ref } from 'react';
import { serverMessage } from '../../lib/api-client';
import { downloadExport } from '../../lib/download-file';
import type { MessageId } from '../../lib/i18n/catalogs';
import { useT } from '../../lib/i18n/use-t';
import { deferredUntilPressed } from './deferred';
import type { ExportFormatsMenuProps } from './export-formats-menu';
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

/** The formats' menu, imported at the button's first press; the button alone until then. */
const FormatsMenu = deferredUntilPressed(
  () => import('./export-formats-menu').then((module) => module.ExportFormatsMenu),
  ({ renderButton, onPressedBeforeLoad }: ExportFormatsMenuProps) => renderButton(undefined, onPressedBeforeLoad),
);

/**
 * Contract "Exports": the screens offer their list as a file. One button opens a menu of the two formats;
 * while the file downloads the button is busy, and a failure is said under it in the server's words.
 *
 * The menu itself (a popover placed by floating-ui, its transition, its ids) is imported and built at the button's
 * first press (export-formats-menu.tsx): the users lists have one on each of their twenty rows, and twenty menus built
 * with the dashboard made React draw it twice in the task that puts it on screen (floating-ui keeps each button in
 * state, set while the first drawing is committed; decision 032), and its code was two waves of downloads before
 * the bills list (decision 047). Until then the button is the same button, announcing its menu.
 */
export function ExportMenu({ path, params, what, label, compact = false }: ExportMenuProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pressed, setPressed] = useState(false);

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

  // Before the menu's code has come, the button announces its menu and its press asks for it (onPressedBeforeLoad).
  const renderButton = (ref: Ref<HTMLButtonElement> | undefined, onPressedBeforeLoad?: () => void) => {
    const menuButtonProps = {
      'aria-label': t('exportMenu.exportWhat', { what }),
      ...(onPressedBeforeLoad ? { 'aria-haspopup': 'menu' as const, 'aria-expanded': false, onClick: onPressedBeforeLoad } : {}),
    };
    return compact ? (
      // A table row's button: the browser's own, as the row's other controls (row-controls.tsx, issue 29).
      <RowButton ref={ref} busy={busy} {...menuButtonProps}>
        {label ?? t('exportMenu.export')}
        <RowChevron />
      </RowButton>
    ) : (
      <Button
        ref={ref}
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
  };

  return (
    <div style={STACKED}>
      <FormatsMenu
        renderButton={renderButton}
        formats={FORMATS.map(({ format, label }) => ({ format, label: t(label) }))}
        onPick={(format) => void download(format)}
        openedBeforeLoad={pressed}
        onPressedBeforeLoad={() => setPressed(true)}
      />
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
