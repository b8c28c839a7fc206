import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { exitedWith, succeeded, useCliService } from '../support/cli.js';
import { databaseKinds } from '../support/databases.js';

// bis against a running service: the members commands, and members import of CSV and JSON files.

for (const kind of databaseKinds()) {
  describe(`bis against a running service (${kind})`, () => {
    const { dir, cli, cliJson } = useCliService(kind);

    describe('members', () => {
      it('members add creates an active member by default, then updates it', async () => {
        const added = await cli('members', 'add', '2100001', 'Jane Achieng');
        succeeded(added);
        assert.match(
          added.stdout,
          /^Added member 2100001\.\ncustomerRef\s+2100001\nfullName\s+Jane Achieng\nstatus\s+active\n/,
        );
        const updated = await cli('members', 'add', '2100001', 'Jane A. Achieng', '--status', 'suspended');
        succeeded(updated);
        assert.match(updated.stdout, /^Updated member 2100001\.\n/);
        assert.match(updated.stdout, /\nfullName\s+Jane A\. Achieng\nstatus\s+suspended\n/);
        const asJson = await cliJson('members', 'add', '2100002', 'Peter Kamau', '--status', 'closed');
        assert.equal(asJson.status, 'closed');
      });

      it('members show prints the member; an unknown or malformed one exits 1 with a hint', async () => {
        await cliJson('members', 'add', '2100003', 'Mary Wambui');
        const shown = await cli('members', 'show', '2100003');
        succeeded(shown);
        assert.match(
          shown.stdout,
          /^customerRef\s+2100003\nfullName\s+Mary Wambui\nstatus\s+active\nactiveSince\s+2026-11-21T08:00:00\.000Z\ncreatedAt\s+\S+\nupdatedAt\s+\S+\n$/,
        );
        assert.equal((await cliJson('members', 'show', '2100003')).fullName, 'Mary Wambui');
        const unknown = await cli('members', 'show', '2199999');
        exitedWith(unknown, 1);
        assert.match(
          unknown.stderr,
          /No member 2199999 \(404 not_found\)\n {2}add the member with: bis members add 2199999 "FULL NAME"/,
        );
        const malformed = await cli('members', 'add', '12ab', 'Someone');
        exitedWith(malformed, 1);
        assert.match(
          malformed.stderr,
          /customerRef: must be seven digits \(400 invalid_input\)\n {2}a member number is seven digits/,
        );
      });

      it('members set-status keeps the name and changes only the status', async () => {
        await cliJson('members', 'add', '2100004', 'Grace Njeri');
        const suspended = await cli('members', 'set-status', '2100004', 'suspended');
        succeeded(suspended);
        assert.match(suspended.stdout, /^Member 2100004 is suspended \(was active\)\.\n/);
        const same = await cli('members', 'set-status', '2100004', 'suspended');
        assert.match(same.stdout, /^Member 2100004 is suspended \(unchanged\)\.\n/);
        const reinstated = await cliJson('members', 'set-status', '2100004', 'active');
        assert.equal(reinstated.fullName, 'Grace Njeri');
        assert.equal(reinstated.status, 'active');
        const unknown = await cli('members', 'set-status', '2199998', 'closed');
        exitedWith(unknown, 1);
        assert.match(unknown.stderr, /add the member first/);
      });
    });

    describe('members import', () => {
      const file = (name: string) => join(dir(), name);

      it('imports a CSV file (quoted fields, CRLF, BOM) and reports what it created', async () => {
        await writeFile(
          file('register.csv'),
          '\uFEFFcustomerRef,fullName,status\r\n3000001,"Achieng, Mary",active\r\n3000002,"Brian ""BK"" Kiptoo",suspended\r\n',
        );
        const result = await cli('members', 'import', file('register.csv'));
        succeeded(result);
        assert.equal(result.stdout, `Imported ${file('register.csv')}: 2 created, 0 updated, 0 unchanged.\n`);
        assert.equal(result.stderr, '', 'no progress bar when stderr is not a terminal');
        assert.equal((await cliJson('members', 'show', '3000001')).fullName, 'Achieng, Mary');
        assert.equal((await cliJson('members', 'show', '3000002')).fullName, 'Brian "BK" Kiptoo');
      });

      it('--dry-run reports the same counts and writes nothing; a JSON file imports too', async () => {
        // Members of its own, so it does not lean on what the test before it imported.
        succeeded(await cli('members', 'add', '3200001', 'Achieng, Mary'));
        succeeded(await cli('members', 'add', '3200002', 'Brian "BK" Kiptoo', '--status', 'suspended'));
        const rows = [
          { customerRef: '3200001', fullName: 'Achieng, Mary', status: 'active' },
          { customerRef: '3200002', fullName: 'Brian Kiptoo', status: 'active' },
          { customerRef: '3200003', fullName: 'Wanjiku Kamau', status: 'active' },
        ];
        await writeFile(file('register.json'), JSON.stringify(rows));
        const dry = await cli('members', 'import', file('register.json'), '--dry-run');
        succeeded(dry);
        assert.equal(
          dry.stdout,
          `Dry run of ${file('register.json')}, nothing was changed: 1 created, 1 updated, 1 unchanged.\n`,
        );
        exitedWith(await cli('members', 'show', '3200003'), 1);
        const applied = await cliJson('members', 'import', file('register.json'));
        assert.deepEqual(applied, { created: 1, updated: 1, unchanged: 1, dryRun: false });
        assert.equal((await cliJson('members', 'show', '3200003')).fullName, 'Wanjiku Kamau');
      });

      it('streams a larger file whole', async () => {
        const lines = ['customerRef,fullName,status'];
        for (let i = 0; i < 20_000; i += 1) lines.push(`${4_000_000 + i},Member ${i},active`);
        await writeFile(file('large.csv'), `${lines.join('\n')}\n`);
        const result = await cliJson('members', 'import', file('large.csv'));
        assert.deepEqual(result, { created: 20_000, updated: 0, unchanged: 0, dryRun: false });
        assert.equal((await cliJson('members', 'show', '4019999')).fullName, 'Member 19999');
      });

      it('a file with bad rows changes nothing: every bad row is printed by line, and bis exits 1', async () => {
        await writeFile(
          file('bad.csv'),
          [
            'customerRef,fullName,status',
            '3100001,Good Row,active',
            '31x0002,Bad Reference,active',
            '3100003,Another Good Row,active',
            '3100004,Bad Status,asleep',
            '3100005,,active',
            '',
          ].join('\n'),
        );
        const result = await cli('members', 'import', file('bad.csv'));
        exitedWith(result, 1);
        assert.equal(result.stdout, '');
        assert.match(
          result.stderr,
          new RegExp(
            `^bis: the service refused ${file('bad.csv').replace(/[.\\/]/g, '\\$&')}, so nothing was changed: `,
          ),
        );
        const reported = result.stderr.split('\n').filter((line) => /^ {2}line \d+: /.test(line));
        assert.deepEqual(
          reported.map((line) => line.match(/line (\d+)/)![1]),
          ['3', '5', '6'],
        );
        assert.match(reported[0]!, /^ {2}line 3: bad customerRef/);
        exitedWith(await cli('members', 'show', '3100001'), 1);

        const asJson = await cli('--json', 'members', 'import', file('bad.csv'));
        exitedWith(asJson, 1);
        const body = JSON.parse(asJson.stdout);
        assert.equal(body.error, 'invalid_import');
        assert.deepEqual(
          body.errors.map((error: { line: number }) => error.line),
          [3, 5, 6],
        );
      });

      it('exits 2 for a file it cannot read or whose kind it cannot tell', async () => {
        const missing = await cli('members', 'import', file('nope.csv'));
        exitedWith(missing, 2);
        assert.match(missing.stderr, /cannot read .*nope\.csv \(ENOENT\): check the path/);
        await writeFile(file('register.txt'), 'customerRef,fullName,status\n');
        const unknownKind = await cli('members', 'import', file('register.txt'));
        exitedWith(unknownKind, 2);
        assert.match(unknownKind.stderr, /must end in \.csv or \.json/);
      });
    });
  });
}
