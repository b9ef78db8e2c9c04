import type { User, UserType } from '@app/common';
import { Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { deferredDialog } from '../../../components/ui/deferred';
import { ExportMenu } from '../../../components/ui/export-menu';
import { ListSearch } from '../../../components/ui/list-controls';
import { PagedList } from '../../../components/ui/paged-list';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { useT } from '../../../lib/i18n/use-t';
import { usePagedSearch } from '../../../lib/use-paged-search';
import { allUsersQueryOptions } from '../api/get-all-users';
import { customersQueryOptions } from '../api/get-customers';
import { UsersTable } from './users-table';

// The rows' dialogs (their forms, checks and the schemas behind them) are downloaded once the page has settled
// or a row's action is first pressed, not with the list: they were most of the dashboards' first code and its
// evaluation (decision 031).
const EditEmailModal = deferredDialog(() => import('./edit-email-modal').then((module) => module.EditEmailModal));
const BlockUserModal = deferredDialog(() => import('./block-user-modal').then((module) => module.BlockUserModal));
const ResetUserPasswordModal = deferredDialog(() =>
  import('./reset-user-password-modal').then((module) => module.ResetUserPasswordModal),
);
const DeleteUserModal = deferredDialog(() => import('./delete-user-modal').then((module) => module.DeleteUserModal));

/** Customers through admin/users (admin list), or one user type through superadmin/allusers. */
export type UsersListSource = { scope: 'customers' } | { scope: 'all'; userType: UserType };

type UsersListProps = {
  source: UsersListSource;
  /** What the rows are: names the table, its empty and failed states, and the export. */
  noun: UsersNoun;
  /** Superadmin: the signed-in user's _id, which turns on the row actions (spec §2 Superadmin dashboard). */
  currentUserId?: string;
  /** Spec §2 Add Bill on customer rows; the screen composes the bill form (app/routes). */
  onAddBill?: (user: User) => void;
};

export type UsersNoun = 'customers' | 'admins' | 'superadmins';

type Dialog = 'block' | 'reset' | 'delete' | 'email';

// Whole messages per kind of row: Hindi does not build "the {noun} could not be loaded" from a word.
const WORDS = {
  customers: {
    caption: 'usersList.caption.customers',
    loadError: 'usersList.loadError.customers',
    empty: 'usersList.empty.customers',
    what: 'usersList.exportWhat.customers',
  },
  admins: {
    caption: 'usersList.caption.admins',
    loadError: 'usersList.loadError.admins',
    empty: 'usersList.empty.admins',
    what: 'usersList.exportWhat.admins',
  },
  superadmins: {
    caption: 'usersList.caption.superadmins',
    loadError: 'usersList.loadError.superadmins',
    empty: 'usersList.empty.superadmins',
    what: 'usersList.exportWhat.superadmins',
  },
} as const satisfies Record<UsersNoun, Record<string, MessageId>>;

/** Spec §2 User List: search by username or party name, the table, and paging; all on the server. */
export function UsersList({ source, noun, currentUserId, onAddBill }: UsersListProps) {
  const t = useT();
  const words = WORDS[noun];
  const paged = usePagedSearch((params) =>
    source.scope === 'customers' ? customersQueryOptions(params) : allUsersQueryOptions({ ...params, userType: source.userType }),
  );
  const { debouncedSearch } = paged;

  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [dialogUser, setDialogUser] = useState<User | null>(null);
  const openDialog = (kind: Dialog) => (user: User) => {
    setDialogUser(user);
    setDialog(kind);
  };
  const closeDialog = () => setDialog(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <ListSearch
          label={t('usersList.searchLabel')}
          placeholder={t('usersList.searchPlaceholder')}
          value={paged.search}
          onChange={paged.setSearch}
          searching={paged.searching}
        />
        <ExportMenu
          path="/admin/export/users"
          params={{ q: debouncedSearch, userType: source.scope === 'all' ? source.userType : undefined }}
          what={t(words.what)}
        />
      </Group>
      <PagedList
        paged={paged}
        loadErrorTitle={t(words.loadError)}
        emptyMessage={debouncedSearch ? t('usersList.noMatch', { search: debouncedSearch }) : t(words.empty)}
      >
        {(users) => (
          <UsersTable
            users={users}
            caption={t(words.caption)}
            onAddBill={onAddBill}
            // Admins list customers only, and may set theirs; superadmins may set anyone's (contract "Users").
            onEditEmail={openDialog('email')}
            actions={
              currentUserId === undefined
                ? undefined
                : {
                    currentUserId,
                    onToggleBlocked: openDialog('block'),
                    onResetPassword: openDialog('reset'),
                    onDelete: openDialog('delete'),
                  }
            }
          />
        )}
      </PagedList>
      <EditEmailModal opened={dialog === 'email'} user={dialogUser} onClose={closeDialog} />
      {currentUserId !== undefined && (
        <>
          <BlockUserModal opened={dialog === 'block'} user={dialogUser} onClose={closeDialog} />
          <ResetUserPasswordModal opened={dialog === 'reset'} user={dialogUser} onClose={closeDialog} />
          <DeleteUserModal opened={dialog === 'delete'} user={dialogUser} onClose={closeDialog} />
        </>
      )}
    </Stack>
  );
}
