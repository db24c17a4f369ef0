/**
 * @module server/db/schema: every table, one Drizzle (pg-core) schema for PGlite and PostgreSQL, a file per area.
 * A new area (catalogue, carts, orders, payments, subscriptions, feedback) adds its file here and to this index;
 * `npm run db:generate` then writes its migration (drizzle.config.ts reads this folder).
 */
export * from './identity';
export * from './stylists';
export * from './account';
export * from './profile';
export * from './mail';
export * from './system';
export * from './payments';
export * from './catalogue';
export * from './carts';
export * from './orders';
export * from './shipment';
export * from './jobs';
export * from './fulfilment';
export * from './feedback';
export * from './subscriptions';
export * from './subscription-upsells';
export * from './subscription-life';
export * from './gifts';
export * from './promotions';
export * from './referrals';
export * from './tracking';
export * from './livechat';
export * from './help';
