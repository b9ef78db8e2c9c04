import { formatNumber, type User, type UserType } from '@app/common';
import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ListPagination, ListSearch } from '../../../components/ui/list-controls';
import { PageLoader } from '../../../components/ui/page-loader';
import { serverMessage } from '../../../lib/api-client';
import { allUsersQueryOptions } from '../api/get-all-users';
import { customersQueryOptions } from '../api/get-customers';
import { BlockUserModal } from './block-user-modal';
import { DeleteUserModal } from './delete-user-modal';
import { ResetUserPasswordModal } from './reset-user-password-modal';
import { UsersTable } from './users-table';

/** Rows per page; listUsersQuerySchema's default, well under its limit of 100. */
const PAGE_SIZE = 20;
/** Typing pauses this long before the server is asked, so each keystroke does not send a search. */
const SEARCH_DELAY_MS = 300;

/** Customers through admin/users (admin list), or one user type through superadmin/allusers. */
export type UsersListSource = { scope: 'customers' } | { scope: 'all'; userType: UserType };

type UsersListProps = {
  source: UsersListSource;
  /** Plural name of the rows: "customers", "admins", "superadmins". */
  noun: string;
  /** Superadmin: the signed-in user's _id, which turns on the row actions (spec §2 Superadmin dashboard). */
  currentUserId?: string;
  /** Spec §2 Add Bill on customer rows; the screen composes the bill form (app/routes). */
  onAddBill?: (user: User) => void;
};

type Dialog = 'block' | 'reset' | 'delete';

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Spec §2 User List: search by username or party name, the table, and paging; all on the server. */
export function UsersList({ source, noun, currentUserId, onAddBill }: UsersListProps) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  // The page belongs to the search it was chosen for: a new search starts on page 1 without a second request.
  const [paging, setPaging] = useState({ q: '', page: 1 });
  const page = paging.q === debouncedSearch ? paging.page : 1;
  const setPage = (next: number) => setPaging({ q: debouncedSearch, page: next });

  const params = { q: debouncedSearch, page, limit: PAGE_SIZE };
  const users = useQuery(
    source.scope === 'customers' ? customersQueryOptions(params) : allUsersQueryOptions({ ...params, userType: source.userType }),
  );

  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [dialogUser, setDialogUser] = useState<User | null>(null);
  const openDialog = (kind: Dialog) => (user: User) => {
    setDialogUser(user);
    setDialog(kind);
  };
  const closeDialog = () => setDialog(null);

  const total = users.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // After a delete the last page can empty out; step back to the new last page.
  useEffect(() => {
    if (users.data && !users.isPlaceholderData && page > lastPage) {
      // The total comes from the server after the page was asked for, so the page can only be corrected after.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setPaging({ q: debouncedSearch, page: lastPage });
    }
  }, [users.data, users.isPlaceholderData, page, lastPage, debouncedSearch]);

  const caption = capitalised(noun);
  const searching = search.trim() !== debouncedSearch || (users.isFetching && users.isPlaceholderData);

  let body;
  if (users.isPending) {
    body = <PageLoader />;
  } else if (users.isError) {
    body = (
      <Alert color="red" variant="light" role="alert" title={`The ${noun} could not be loaded`}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{serverMessage(users.error) ?? 'Please check your connection and try again.'}</Text>
          <Button size="xs" variant="default" onClick={() => users.refetch()} loading={users.isFetching}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (users.data.items.length === 0 && users.isPlaceholderData) {
    // An empty page kept on screen while a new search loads says nothing yet about the new search.
    body = <PageLoader />;
  } else if (users.data.items.length === 0) {
    body = (
      <Text py="lg" ta="center" c="dimmed">
        {debouncedSearch ? `No users match "${debouncedSearch}"` : `No ${noun} yet`}
      </Text>
    );
  } else {
    const first = (users.data.page - 1) * users.data.limit + 1;
    const last = first + users.data.items.length - 1;
    body = (
      <Stack gap="sm">
        <Box
          aria-busy={users.isPlaceholderData}
          style={{ opacity: users.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          <UsersTable
            users={users.data.items}
            caption={caption}
            onAddBill={onAddBill}
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
        </Box>
        <Group justify="space-between" gap="sm">
          <Text size="sm" role="status">
            Showing {formatNumber(first)}–{formatNumber(last)} of {formatNumber(users.data.total)}
          </Text>
          <ListPagination total={lastPage} value={page} onChange={setPage} />
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <ListSearch
        label="Search by username or party name"
        placeholder="Username or party name"
        value={search}
        onChange={setSearch}
        searching={searching}
      />
      {body}
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
