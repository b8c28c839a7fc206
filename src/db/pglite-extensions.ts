import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The extensions every embedded engine loads, whoever starts it (the service, the build's template,
 * the tests): a cluster whose schema uses one cannot be opened without it. pg_trgm indexes the
 * payments search by any text (migration 023).
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
