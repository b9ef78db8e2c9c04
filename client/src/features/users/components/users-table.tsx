import { formatPoints, TIER_COLOURS, type User } from '@app/common';
import { Badge, Box, Button, Checkbox, Group, Table, Text } from '@mantine/core';
import { ExportMenu } from '../../../components/ui/export-menu';
import { useT } from '../../../lib/i18n/use-t';
import { TierSelect } from './tier-select';

/** What a superadmin can do to a row (spec §2 Superadmin dashboard); absent on the admin list. */
export type UserRowActions = {
  /** The signed-in user's _id: their own row cannot be blocked, deleted, reset or re-tiered (contract "Users"). */
  currentUserId: string;
  onToggleBlocked: (user: User) => void;
  onResetPassword: (user: User) => void;
  onDelete: (user: User) => void;
};

type UsersTableProps = {
  users: User[];
  /** Names the table for screen readers ("Customers", "Admins", "Superadmins"). */
  caption: string;
  actions?: UserRowActions;
  /** Spec §2: Add Bill on every customer row of the admin list and the superadmin dashboard. */
  onAddBill?: (user: User) => void;
  /** Staff set a user's optional email: admins on customers, superadmins on anyone (the list decides). */
  onEditEmail?: (user: User) => void;
};

function TierText({ user }: { user: User }) {
  const t = useT();
  return (
    <Group gap={6} wrap="nowrap">
      <Box aria-hidden w={10} h={10} style={{ borderRadius: '50%', backgroundColor: TIER_COLOURS[user.tier], flexShrink: 0 }} />
      <Text size="sm">{t(`tier.${user.tier}`)}</Text>
    </Group>
  );
}

/**
 * Spec §2 Admin dashboard table: username, party name, phone number, current points, total points, tier,
 * blocked. On a narrow phone it scrolls sideways inside its own box; the page itself never does.
 */
export function UsersTable({ users, caption, actions, onAddBill, onEditEmail }: UsersTableProps) {
  const t = useT();
  const withActions = actions !== undefined || onAddBill !== undefined || onEditEmail !== undefined;
  // Each row action widens the table inside its own scrolling box; the page stays 360 px wide.
  const minWidth = (actions ? 1140 : withActions ? 920 : 820) + (onEditEmail ? 110 : 0);
  return (
    // Focusable and named so keyboard users can scroll the table sideways on a phone (WCAG scrollable region).
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={caption}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={caption}>
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <Table.Th scope="col">{t('usersTable.username')}</Table.Th>
            <Table.Th scope="col">{t('usersTable.partyName')}</Table.Th>
            <Table.Th scope="col">{t('usersTable.phoneNumber')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('usersTable.currentPoints')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('usersTable.totalPoints')}
            </Table.Th>
            <Table.Th scope="col">{t('usersTable.tier')}</Table.Th>
            <Table.Th scope="col">{t('usersTable.blocked')}</Table.Th>
            {withActions && <Table.Th scope="col">{t('usersTable.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const isSelf = actions?.currentUserId === user._id;
            const disabledReason = isSelf ? t('usersTable.ownRow') : undefined;
            return (
              <Table.Tr key={user._id}>
                <Table.Th scope="row" fw={500}>
                  <Group gap={6} wrap="nowrap">
                    <span>{user.username}</span>
                    {isSelf && (
                      <Badge size="xs" variant="light">
                        {t('usersTable.you')}
                      </Badge>
                    )}
                  </Group>
                </Table.Th>
                <Table.Td>
                  {user.partyName}
                  {/* The email fits under the party name (no extra column on a phone); empty when none. */}
                  {user.email && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {user.email}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{user.phoneNumber}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatPoints(user.availablePoints)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatPoints(user.totalPoints)}
                </Table.Td>
                <Table.Td>
                  {/* Spec §2: only customers have tiers worth changing; other types show it as text. */}
                  {actions && user.userType === 'customer' ? (
                    <TierSelect user={user} disabledReason={disabledReason} />
                  ) : (
                    <TierText user={user} />
                  )}
                </Table.Td>
                <Table.Td>
                  {actions ? (
                    // Spec §2/§4: the checkbox does not toggle by itself; it asks for confirmation first.
                    <Checkbox
                      aria-label={t('usersTable.blockedFor', { username: user.username })}
                      title={disabledReason}
                      checked={user.blocked}
                      disabled={isSelf}
                      onChange={() => actions.onToggleBlocked(user)}
                    />
                  ) : (
                    <Checkbox
                      aria-label={user.blocked ? t('usersTable.blockedYes') : t('usersTable.blockedNo')}
                      checked={user.blocked}
                      disabled
                      readOnly
                    />
                  )}
                </Table.Td>
                {withActions && (
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {onAddBill && user.userType === 'customer' && (
                        <Button
                          size="compact-sm"
                          variant="light"
                          aria-label={t('usersTable.addBillFor', { username: user.username })}
                          onClick={() => onAddBill(user)}
                        >
                          {t('usersTable.addBill')}
                        </Button>
                      )}
                      {user.userType === 'customer' && (
                        <ExportMenu
                          path={`/admin/users/${user._id}/ledger/export`}
                          what={t('usersTable.pointsHistoryOf', { username: user.username })}
                          label={t('usersTable.pointsExport')}
                          compact
                        />
                      )}
                      {onEditEmail && (
                        <Button
                          size="compact-sm"
                          variant="default"
                          aria-label={t('usersTable.editEmailFor', { username: user.username })}
                          onClick={() => onEditEmail(user)}
                        >
                          {t('usersTable.editEmail')}
                        </Button>
                      )}
                      {actions && (
                        <>
                          <Button
                            size="compact-sm"
                            variant="default"
                            aria-label={t('usersTable.resetPasswordFor', { username: user.username })}
                            title={disabledReason}
                            disabled={isSelf}
                            onClick={() => actions.onResetPassword(user)}
                          >
                            {t('usersTable.resetPassword')}
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="default"
                            c={isSelf ? undefined : 'red.9'}
                            aria-label={t('usersTable.deleteUser', { username: user.username })}
                            title={disabledReason}
                            disabled={isSelf}
                            onClick={() => actions.onDelete(user)}
                          >
                            {t('usersTable.delete')}
                          </Button>
                        </>
                      )}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
