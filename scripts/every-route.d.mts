export declare const EVERY_ROUTE: Record<'customer' | 'admin' | 'superadmin', string[]>;
