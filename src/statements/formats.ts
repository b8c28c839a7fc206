/**
 * The statement files the service reads: the one list that the upload's schema, the run's answer,
 * the reader and the CLI take, and that the console takes from the OpenAPI document.
 */
export const STATEMENT_FORMATS = ['mt940', 'camt053', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];
