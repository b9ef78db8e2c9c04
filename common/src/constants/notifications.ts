// Contract "Beyond the spec: language and notifications": the languages a user may choose and the kinds of
// event that reach an inbox, in one list that the API, the database checks, the catalogues and the screens share.
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** BCP 47 locale for numbers and dates in each language (contract: en-IN or hi-IN). */
export const LOCALE_OF: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

export const NOTIFICATION_TYPES = [
  // To the customer whose points or order changed.
  'bill_entered',
  'bill_edited',
  'bill_deleted',
  'points_adjusted',
  'order_placed',
  'order_completed',
  'order_cancelled',
  'tier_changed',
  'tier_reviewed',
  // Contract "points expiry": 30 days before a date with points left, and when points expire.
  'points_expiring',
  'points_expired',
  // To every admin and superadmin.
  'new_order',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Where a notification goes beyond the inbox (contract: SMTP_URL, NOTIFY_WEBHOOK_URL). */
export const DELIVERY_CHANNELS = ['email', 'webhook'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
