import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { TEST_MEMBERS } from '../../src/sandbox/test-members.js';

// The guide's table of test members is what a bank codes its tests against: it must say what the
// sandbox answers, member by member.

const guide = readFileSync(new URL('../../docs/BANK-INTEGRATION.md', import.meta.url), 'utf8');
const rows = new Map<string, { name: string; validate: string }>(
  [...guide.matchAll(/^\| `(\d{7})` \| (.+?) \| (.+?) \| (.+?) \|$/gm)].map((m) => [
    m[1] ?? '',
    { name: m[2] ?? '', validate: m[3] ?? '' },
  ]),
);

test("the guide's table lists every test member, with its name and what validating it answers", () => {
  assert.deepEqual(
    [...rows.keys()],
    TEST_MEMBERS.map((member) => member.customerRef),
  );
  for (const member of TEST_MEMBERS) {
    const row = rows.get(member.customerRef);
    assert.ok(row, member.customerRef);
    const found = member.status === 'active' && member.fullName !== null;
    assert.match(row.validate, found ? /^200, found/ : /^404, not found/, member.customerRef);
    if (member.fullName === null) assert.equal(row.name, '(none)');
    else if (member.fullName.length > 60)
      assert.match(row.name, new RegExp(`\\(${member.fullName.length} characters\\)`));
    else assert.ok(row.name.startsWith(member.fullName), `${member.customerRef}: ${row.name}`);
    if (member.status === 'suspended' || member.status === 'closed') assert.match(row.name, new RegExp(member.status));
  }
});
