import { formatPoints, TIER_COLOURS, type User } from '@app/common';
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

/**
 * Spec §2 Admin dashboard table: username, party name, phone number, current points, total points, tier,
 * blocked. On a narrow phone it scrolls sideways inside its own box; the page itself never does.
 *
 * Plain table elements and the browser's own controls (components/ui/row-controls.tsx), not Mantine's: twenty
 * rows of Mantine's table cells, groups, checkboxes and buttons were the dashboards' largest render on a slow
 * phone (issue 29). The look is Mantine's striped table with extra-small spacing (users-table.module.css).
 */
export function UsersTable({ users, caption, actions, onAddBill, onEditEmail }: UsersTableProps) {
  const t = useT();
  const withActions = actions !== undefined || onAddBill !== undefined || onEditEmail !== undefined;
  // Each row action widens the table inside its own scrolling box; the page stays 360 px wide.
  const minWidth = (actions ? 1140 : withActions ? 920 : 820) + (onEditEmail ? 110 : 0);
  return (
    // Focusable and named so keyboard users can scroll the table sideways on a phone (WCAG scrollable region).
    <div className={classes.scroll} tabIndex={0} role="region" aria-label={caption}>
      <table className={classes.table} style={{ minWidth }} aria-label={caption}>
        <thead>
          <tr>
            <th scope="col">{t('usersTable.username')}</th>
            <th scope="col">{t('usersTable.partyName')}</th>
            <th scope="col">{t('usersTable.phoneNumber')}</th>
            <th scope="col" className={classes.number}>
              {t('usersTable.currentPoints')}
            </th>
            <th scope="col" className={classes.number}>
              {t('usersTable.totalPoints')}
            </th>
            <th scope="col">{t('usersTable.tier')}</th>
            <th scope="col">{t('usersTable.blocked')}</th>
            {withActions && <th scope="col">{t('usersTable.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const isSelf = actions?.currentUserId === user._id;
            const disabledReason = isSelf ? t('usersTable.ownRow') : undefined;
            return (
              <tr key={user._id}>
                <th scope="row">
                  <span className={classes.inline}>
                    <span>{user.username}</span>
                    {isSelf && <span className={rowControlClasses.badge}>{t('usersTable.you')}</span>}
                  </span>
                </th>
                <td>
                  {user.partyName}
                  {/* The email fits under the party name (no extra column on a phone); empty when none. */}
                  {user.email && <span className={classes.email}>{user.email}</span>}
                </td>
                <td className={classes.nowrap}>{user.phoneNumber}</td>
                <td className={classes.number}>{formatPoints(user.availablePoints)}</td>
                <td className={classes.number}>{formatPoints(user.totalPoints)}</td>
                <td>
                  {/* Spec §2: only customers have tiers worth changing; other types show it as text. */}
                  {actions && user.userType === 'customer' ? (
                    <TierSelect user={user} disabledReason={disabledReason} />
                  ) : (
                    <TierText user={user} />
                  )}
                </td>
                <td>
                  {actions ? (
                    // Spec §2/§4: the checkbox does not toggle by itself; it asks for confirmation first.
                    <input
                      type="checkbox"
                      className={rowControlClasses.checkbox}
                      aria-label={t('usersTable.blockedFor', { username: user.username })}
                      title={disabledReason}
                      checked={user.blocked}
                      disabled={isSelf}
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
                  )}
                </td>
                {withActions && (
                  <td>
                    <div className={classes.actions}>
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
                        <RowButton
                          aria-label={t('usersTable.editEmailFor', { username: user.username })}
                          onClick={() => onEditEmail(user)}
                        >
                          {t('usersTable.editEmail')}
                        </RowButton>
                      )}
                      {actions && (
                        <>
                          <RowButton
                            aria-label={t('usersTable.resetPasswordFor', { username: user.username })}
                            title={disabledReason}
                            disabled={isSelf}
                            onClick={() => actions.onResetPassword(user)}
                          >
                            {t('usersTable.resetPassword')}
                          </RowButton>
                          <RowButton
                            danger={!isSelf}
                            aria-label={t('usersTable.deleteUser', { username: user.username })}
                            title={disabledReason}
                            disabled={isSelf}
                            onClick={() => actions.onDelete(user)}
                          >
                            {t('usersTable.delete')}
                          </RowButton>
                        </>
                      )}
                    </div>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
