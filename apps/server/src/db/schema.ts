/**
 * Every module's tables, for drizzle's relational queries and for drizzle-kit.
 * Each module owns its schema.ts; other modules call its service, never its tables.
 */
export * from '../modules/system/schema.ts';
export * from '../modules/members/schema.ts';
export * from '../modules/auth/schema.ts';
export * from '../modules/verification/schema.ts';
export * from '../modules/wallet/schema.ts';
export * from '../modules/seamless/schema.ts';
export * from '../modules/cashier/schema.ts';
export * from '../modules/payments/schema.ts';
export * from '../modules/admin/schema.ts';
export * from '../modules/games/schema.ts';
export * from '../modules/bets/schema.ts';
export * from '../modules/inhouse/schema.ts';
export * from '../modules/inhouse/crash-schema.ts';
export * from '../modules/jackpot/schema.ts';
export * from '../modules/lottery/schema.ts';
export * from '../modules/agents/schema.ts';
export * from '../modules/content/schema.ts';
export * from '../modules/messages/schema.ts';
export * from '../modules/promotions/schema.ts';
export * from '../modules/points/schema.ts';
export * from '../modules/players/schema.ts';
export * from '../modules/protection/schema.ts';
export * from '../modules/missions/schema.ts';
export * from '../modules/referral/schema.ts';
export * from '../modules/links/schema.ts';
export * from '../modules/support/schema.ts';
export * from '../modules/push/schema.ts';
export * from '../modules/rooms/schema.ts';
