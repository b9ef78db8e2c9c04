import type {
  ChangePasswordResponse,
  CustomerImport,
  DeleteUserResponse,
  Item,
  LoginResponse,
  Page,
  PointsResponse,
  Profile,
  PublicSettings,
  ResetUserPasswordResponse,
  SignedInUser,
  SupportContact,
  TierReview,
  User,
} from '@app/common';
import type { Session } from '../lib/session';

// Builders for the API's shapes (contract "API conventions"); each test overrides only what it is about.

let sequence = 0;
function nextId(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

export function buildSessionUser(overrides: Partial<SignedInUser> = {}): SignedInUser {
  const _id = overrides._id ?? nextId();
  return {
    _id,
    username: `user-${_id.slice(-4)}`,
    userType: 'customer',
    partyName: 'Sharma Traders',
    isPasswordReset: true,
    tier: 'Silver',
    language: 'en',
    email: null,
    ...overrides,
  };
}

export function buildLoginResponse(user: Partial<SignedInUser> = {}): LoginResponse {
  return {
    token: `access-${nextId()}`,
    refreshToken: `refresh-${nextId()}`,
    deviceToken: `device-${nextId()}`,
    user: buildSessionUser(user),
  };
}

export function buildChangePasswordResponse(user: Partial<SignedInUser> = {}): ChangePasswordResponse {
  return {
    message: 'Password changed',
    token: `access-${nextId()}`,
    refreshToken: `refresh-${nextId()}`,
    user: buildSessionUser({ isPasswordReset: true, ...user }),
  };
}

/** What the browser stores after a login (spec §3). */
export function buildSession(overrides: Partial<Session> = {}): Session {
  const user = buildSessionUser();
  return {
    token: `refresh-${nextId()}`,
    _id: user._id,
    username: user.username,
    userType: user.userType,
    partyName: user.partyName,
    isPasswordReset: true,
    ...overrides,
  };
}

export function buildSupportContact(overrides: Partial<SupportContact> = {}): SupportContact {
  return { name: 'Asha Verma', role: 'Customer support', phone: '+91 98765 43210', ...overrides };
}

export function buildPublicSettings(overrides: Partial<PublicSettings> = {}): PublicSettings {
  return {
    productName: 'Rewards',
    supportContacts: [
      buildSupportContact(),
      buildSupportContact({ name: 'Ravi Kumar', role: 'Orders and cancellations', phone: '+91 91234 56789' }),
      buildSupportContact({ name: 'Meena Joshi', role: 'Accounts', phone: '+91 99887 76655' }),
    ],
    ...overrides,
  };
}

export function buildPoints(overrides: Partial<PointsResponse> = {}): PointsResponse {
  return { availablePoints: 1234567.5, totalPoints: 2000000, expiring: [], ...overrides };
}

/** GET /api/user/profile answers the customer's own user record. */
export function buildProfile(overrides: Partial<Profile> = {}): Profile {
  return buildUser({ userType: 'customer', ...overrides });
}

export function buildUser(overrides: Partial<User> = {}): User {
  const _id = overrides._id ?? nextId();
  return {
    _id,
    username: `dealer-${_id.slice(-4)}`,
    partyName: 'Sharma Traders',
    phoneNumber: '9876543210',
    userType: 'customer',
    availablePoints: 1234567.5,
    totalPoints: 2000000,
    tier: 'Silver',
    blocked: false,
    isPasswordReset: true,
    createdAt: '2025-04-01T10:00:00.000Z',
    email: null,
    language: 'en',
    ...overrides,
  };
}

/** A paged list answer (contract: with `page`, lists answer { items, total, page, limit }). */
export function buildPage<T>(items: T[], overrides: Partial<Page<T>> = {}): Page<T> {
  return { items, total: items.length, page: 1, limit: 20, ...overrides };
}

export function buildCustomerImport(overrides: Partial<CustomerImport> = {}): CustomerImport {
  return {
    _id: nextId(),
    status: 'hashing',
    total: 1,
    processed: 0,
    createdAt: '2025-04-01T10:00:00.000Z',
    ...overrides,
  };
}

export function buildResetUserPasswordResponse(user: Partial<User> = {}): ResetUserPasswordResponse {
  // The user must choose their own password at the next sign-in (contract "Run and configure").
  return { message: 'Password reset', user: { ...buildUser(user), isPasswordReset: false } };
}

export function buildDeleteUserResponse(_id: string): DeleteUserResponse {
  return { message: 'User deleted', _id };
}

/** A catalogue item (GET /api/item); its description is HTML as the server stores it (sanitised). */
export function buildItem(overrides: Partial<Item> = {}): Item {
  const _id = overrides._id ?? nextId();
  return {
    _id,
    name: `Item ${_id.slice(-4)}`,
    description: '<p>A <strong>sturdy</strong> item.</p>',
    pointsRequired: 1500,
    discount: 0,
    stock: 10,
    images: [],
    image: null,
    createdAt: '2025-04-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The quarter's tier review (GET /api/superadmin/tier-review): 2026-Q3, not applied, with no rows unless given. */
export function buildTierReview(overrides: Partial<TierReview> = {}): TierReview {
  return { quarter: '2026-Q3', from: '2026-07-01', to: '2026-09-30', applied: false, appliedAt: null, rows: [], ...overrides };
}
