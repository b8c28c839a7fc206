import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pgDumpCommand } from '../../src/db/pg-dump-command.js';

describe('the pg_dump command a backup on PostgreSQL answers with', () => {
  it('never holds the password, in the address or in its query', () => {
    const command = pgDumpCommand(
      'postgres://bis:s3cr%40t-word@db.example.org:5432/bis?sslmode=require&password=other-s3cret',
      'bis-2026-11-26T0300.dump',
    );
    assert.doesNotMatch(command, /s3cr/);
    assert.equal(
      command,
      "(umask 077 && pg_dump --format=custom --file=bis-2026-11-26T0300.dump 'postgres://bis@db.example.org:5432/bis?sslmode=require')",
    );
  });

  it('quotes what a shell would read otherwise', () => {
    const command = pgDumpCommand("postgres://o'brien@db/bis?host=/run/postgresql", 'bis.dump');
    assert.ok(command.endsWith("'postgres://o'\\''brien@db/bis?host=/run/postgresql')"), command);
  });
});
