/**
 * Every module's tables, for drizzle's relational queries and for drizzle-kit.
 * Each module owns its schema.ts; other modules call its service, never its tables.
 */
export * from '../modules/system/schema.ts';
