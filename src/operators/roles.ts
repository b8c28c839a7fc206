/**
 * The operators' roles, least first: each may do what the ones before it may. The one list that
 * the admin API's schema, the role check and the CLI take, and that the console takes from the
 * OpenAPI document. (Migration 008 holds the database to the list as it was then.)
 */
export const ROLES = ['viewer', 'finance', 'admin'] as const;
export type Role = (typeof ROLES)[number];
