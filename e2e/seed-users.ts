import { openDatabase } from '../server/src/db/client';
import { migrateDatabase } from '../server/src/db/migrate';
import { insertUser } from '../server/src/features/users/users.repository';
import { hashPassword } from '../server/src/lib/passwords';

export type JourneyUser = { username: string; password: string; partyName: string };

/**
 * Users the journeys sign in as, written into the data folder before the server opens it (the screens
 * that create users arrive with the users issue). `newcomer` was given a password by someone else.
 */
export async function seedJourneyUsers(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    await migrateDatabase(database);
    const make = async (userType: 'customer' | 'admin', username: string, partyName: string, isPasswordReset: boolean) => {
      const password = `${username}-password`;
      await insertUser(database.db, {
        username,
        partyName,
        phoneNumber: '9829012345',
        passwordHash: await hashPassword(password),
        userType,
        tier: userType === 'customer' ? 'Silver' : 'NoTier',
        availablePoints: userType === 'customer' ? 12345650 : 0,
        totalPoints: userType === 'customer' ? 12345650 : 0,
        isPasswordReset,
      });
      return { username, password, partyName } satisfies JourneyUser;
    };
    return {
      customer: await make('customer', 'dealer-jaipur', 'Jaipur Electricals', true),
      admin: await make('admin', 'staff-admin', 'Head Office Staff', true),
      newcomer: await make('customer', 'new-dealer', 'Ajmer Traders', false),
    };
  } finally {
    await database.close();
  }
}
