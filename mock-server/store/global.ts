/** The company id of tables that live outside any one company (companies, API keys, users, the outbox). */
export const GLOBAL = '*';
