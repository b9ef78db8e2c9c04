import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { deferredDialog } from '../../../components/ui/deferred';
import { useT } from '../../../lib/i18n/use-t';
import type { AddUserMode } from './add-user-modal';

// The dialog's form and the schemas it checks with are downloaded once the page has settled or the button is
// first pressed, not with the dashboard (decision 031).
const AddUserDialog = deferredDialog(() => import('./add-user-modal').then((module) => module.AddUserDialog));

/** Spec §2 dashboards: the 'Add User' button and its form (spec §5 Add user forms). */
export function AddUserButton({ mode }: { mode: AddUserMode }) {
  const t = useT();
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={modal.open}>
        {t('addUser.button')}
      </Button>
      <AddUserDialog mode={mode} opened={opened} onClose={modal.close} />
    </>
  );
}
