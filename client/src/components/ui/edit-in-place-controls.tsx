import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

type EditInPlaceControlsProps = {
  editing: boolean;
  /** True while the save request runs: Save waits, Cancel is off. */
  saving: boolean;
  /** Why the last save failed when no input can hold it. */
  failure: string | null;
  onEdit: () => void;
  onCancel: () => void;
  editLabel: string;
  saveLabel: string;
  cancelLabel: string;
  /** More buttons beside Edit while not editing (Run expiry now). */
  children?: ReactNode;
};

/**
 * The foot of a settings panel edited in place (spec §2 Superadmin system's Edit, Save and Cancel; points expiry):
 * the last failure, then Save (the form's submit) and Cancel while editing, else Edit. One look for every such
 * panel of /superadmin-system.
 */
export function EditInPlaceControls({
  editing,
  saving,
  failure,
  onEdit,
  onCancel,
  editLabel,
  saveLabel,
  cancelLabel,
  children,
}: EditInPlaceControlsProps) {
  return (
    <>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      {/* Keys: Save must be a new button, not Edit's given type="submit". A browser re-renders before the click's
          default action, and a reused button would submit the form the moment Edit was pressed (jsdom does not). */}
      <Group gap="sm">
        {editing ? (
          <>
            <Button key="save" type="submit" loading={saving}>
              {saveLabel}
            </Button>
            <Button key="cancel" variant="default" onClick={onCancel} disabled={saving}>
              {cancelLabel}
            </Button>
          </>
        ) : (
          <>
            <Button key="edit" onClick={onEdit}>
              {editLabel}
            </Button>
            {children}
          </>
        )}
      </Group>
    </>
  );
}
