import { formatPoints, TIER_COLOURS, type User } from '@app/common';
import { DataList, RowActions, SubLine } from '../../../components/ui/data-list';
import { ExportMenu } from '../../../components/ui/export-menu';
import { RowButton, rowControlClasses } from '../../../components/ui/row-controls';
import { useT } from '../../../lib/i18n/use-t';
import { TierSelect } from './tier-select';
import classes from './users-table.module.css';

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
    <span className={classes.inline}>
      <span aria-hidden className={classes.dot} style={{ backgroundColor: TIER_COLOURS[user.tier] }} />
      {t(`tier.${user.tier}`)}
    </span>
  );
}

type RowButtonsProps = Pick<UsersTableProps, 'actions' | 'onAddBill' | 'onEditEmail'> & { user: User };

/** A row's actions: Add Bill and the points export on customers, then what the list allows. */
function UserRowButtons({ user, actions, onAddBill, onEditEmail }: RowButtonsProps) {
  const t = useT();
  const self = actions?.currentUserId === user._id;
  const disabledReason = self ? t('usersTable.ownRow') : undefined;
  return (
    <RowActions>
      {onAddBill && user.userType === 'customer' && (
        <RowButton
          variant="light"
          aria-label={t('usersTable.addBillFor', { username: user.username })}
          onClick={() => onAddBill(user)}
        >
          {t('usersTable.addBill')}
        </RowButton>
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
        <RowButton aria-label={t('usersTable.editEmailFor', { username: user.username })} onClick={() => onEditEmail(user)}>
          {t('usersTable.editEmail')}
        </RowButton>
      )}
      {actions && (
        <>
          <RowButton
            aria-label={t('usersTable.resetPasswordFor', { username: user.username })}
            title={disabledReason}
            disabled={self}
            onClick={() => actions.onResetPassword(user)}
          >
            {t('usersTable.resetPassword')}
          </RowButton>
          <RowButton
            danger={!self}
            aria-label={t('usersTable.deleteUser', { username: user.username })}
            title={disabledReason}
            disabled={self}
            onClick={() => actions.onDelete(user)}
          >
            {t('usersTable.delete')}
          </RowButton>
        </>
      )}
    </RowActions>
  );
}

/**
 * Spec §2 Admin dashboard table: username, party name, phone number, current points, total points, tier,
 * blocked, and the row's actions. On a phone each user is a card: the username and current points on top, the
 * rest in lines, Add Bill and the other actions at its foot (components/ui/data-list.tsx).
 *
 * The browser's own controls (components/ui/row-controls.tsx), not Mantine's: twenty rows of Mantine's
 * checkboxes and buttons were the dashboards' largest render on a slow phone (issue 29).
 */
export function UsersTable({ users, caption, actions, onAddBill, onEditEmail }: UsersTableProps) {
  const t = useT();
  const withActions = actions !== undefined || onAddBill !== undefined || onEditEmail !== undefined;
  const isSelf = (user: User) => actions?.currentUserId === user._id;
  const disabledReason = (user: User) => (isSelf(user) ? t('usersTable.ownRow') : undefined);
  return (
    <DataList
      label={caption}
      rows={users}
      rowKey={(user) => user._id}
      columns={[
        {
          label: t('usersTable.username'),
          cell: (user) => (
            <span className={classes.inline}>
              <span>{user.username}</span>
              {isSelf(user) && <span className={rowControlClasses.badge}>{t('usersTable.you')}</span>}
            </span>
          ),
        },
        {
          label: t('usersTable.partyName'),
          cell: (user) => (
            <>
              {user.partyName}
              {/* The email fits under the party name (no extra column); empty when none. */}
              {user.email && <SubLine>{user.email}</SubLine>}
            </>
          ),
        },
        { label: t('usersTable.phoneNumber'), nowrap: true, cell: (user) => user.phoneNumber },
        {
          label: t('usersTable.currentPoints'),
          number: true,
          phone: 'aside',
          cell: (user) => formatPoints(user.availablePoints),
        },
        { label: t('usersTable.totalPoints'), number: true, cell: (user) => formatPoints(user.totalPoints) },
        {
          label: t('usersTable.tier'),
          // Spec §2: only customers have tiers worth changing; other types show it as text.
          cell: (user) =>
            actions && user.userType === 'customer' ? (
              <TierSelect user={user} disabledReason={disabledReason(user)} />
            ) : (
              <TierText user={user} />
            ),
        },
        {
          label: t('usersTable.blocked'),
          cell: (user) =>
            actions ? (
              // Spec §2/§4: the checkbox does not toggle by itself; it asks for confirmation first.
              <input
                type="checkbox"
                className={rowControlClasses.checkbox}
                aria-label={t('usersTable.blockedFor', { username: user.username })}
                title={disabledReason(user)}
                checked={user.blocked}
                disabled={isSelf(user)}
                onChange={() => actions.onToggleBlocked(user)}
              />
            ) : (
              <input
                type="checkbox"
                className={rowControlClasses.checkbox}
                aria-label={user.blocked ? t('usersTable.blockedYes') : t('usersTable.blockedNo')}
                checked={user.blocked}
                disabled
                readOnly
              />
            ),
        },
        {
          label: t('usersTable.actions'),
          phone: 'actions',
          hidden: !withActions,
          cell: (user) => <UserRowButtons user={user} actions={actions} onAddBill={onAddBill} onEditEmail={onEditEmail} />,
        },
      ]}
    />
  );
}
