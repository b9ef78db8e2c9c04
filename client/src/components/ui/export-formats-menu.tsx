import type { ExportFormat } from '@app/common';
import { Menu } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { useOpenedFromLookAlike } from './use-opened-from-look-alike';

export type ExportFormatsMenuProps = {
  /** The export button, drawn by ExportMenu: the same before this menu's code has come (its look-alike) and after. */
  renderButton: (ref: Ref<HTMLButtonElement> | undefined, onPressedBeforeLoad?: () => void) => ReactNode;
  /** The formats offered, each with its words already in the reader's language. */
  formats: { format: ExportFormat; label: string }[];
  onPick: (format: ExportFormat) => void;
  /** The look-alike was pressed before this code came: the menu opens as soon as it is drawn. */
  openedBeforeLoad?: boolean;
  onPressedBeforeLoad?: () => void;
};

/**
 * The export button's menu of formats (a popover placed by floating-ui, its transition and focus handling), imported
 * at the button's first press (export-menu.tsx): its code was two more waves of downloads before a slow phone could
 * draw the bills list (issue 41, decision 047).
 */
export function ExportFormatsMenu({ renderButton, formats, onPick, openedBeforeLoad }: ExportFormatsMenuProps) {
  const { buttonRef, opened, setOpened } = useOpenedFromLookAlike<HTMLButtonElement>(openedBeforeLoad === true);
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>{renderButton(buttonRef)}</Menu.Target>
      <Menu.Dropdown>
        {formats.map(({ format, label }) => (
          <Menu.Item key={format} onClick={() => onPick(format)}>
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
