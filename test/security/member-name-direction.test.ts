import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { admin } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from '../support/test-app.js';

// Finding: a member's name could hold characters that reorder the text around them (U+202E
// RIGHT-TO-LEFT OVERRIDE and the like). Banks show the name to the payer to confirm who is paid:
// "Amina Otieno\u202eXYZ" is shown as something other than what is stored. Such characters are
// refused in a name, by PUT /admin/v1/members/{customerRef} and by the register import.

const DIRECTION_CHARACTERS = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
];
const hex = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

for (const kind of databaseKinds()) {
  describe(`a member name with characters that change the direction of text is refused (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    const importRegister = (contentType: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/admin/v1/members/import',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': contentType },
        payload,
      });

    it('PUT /admin/v1/members/{customerRef} answers 400 naming the character, for each one, and stores nothing', async () => {
      for (const [i, char] of DIRECTION_CHARACTERS.entries()) {
        const customerRef = String(7_700_000 + i);
        const response = await admin(t.app, 'PUT', `/members/${customerRef}`, {
          fullName: `Amina ${char}Otieno`,
          status: 'active',
        });
        assert.equal(response.statusCode, 400, `${hex(char)}: ${response.body}`);
        assert.equal(
          json(response).message,
          `fullName: must not contain a character that changes the direction of text (${hex(char)})`,
        );
        assert.equal((await admin(t.app, 'GET', `/members/${customerRef}`)).statusCode, 404);
      }
    });

    it('refuses a line or paragraph separator in a name as a line break', async () => {
      for (const char of ['\u2028', '\u2029']) {
        const response = await admin(t.app, 'PUT', '/members/7700100', {
          fullName: `Amina${char}Otieno`,
          status: 'active',
        });
        assert.equal(response.statusCode, 400, response.body);
        assert.match(json(response).message, /must not contain control characters such as line breaks/);
      }
    });

    it('the register import (CSV and JSON) lists the row with the character and changes nothing', async () => {
      const csv = await importRegister(
        'text/csv',
        'customerRef,fullName,status\r\n7700201,Jane Wanjiru,active\r\n7700202,Otieno \u202eKCAJ,active\r\n',
      );
      assert.equal(csv.statusCode, 400, csv.body);
      assert.deepEqual(json(csv).errors, [
        {
          line: 3,
          reason: 'fullName for 7700202 must not contain a character that changes the direction of text (U+202E)',
        },
      ]);
      const fromJson = await importRegister(
        'application/json',
        JSON.stringify([{ customerRef: '7700203', fullName: '\u2067Njeri\u2069 Kamau', status: 'active' }]),
      );
      assert.equal(fromJson.statusCode, 400, fromJson.body);
      assert.match(json(fromJson).errors[0].reason, /direction of text \(U\+2067\)/);
      assert.equal((await admin(t.app, 'GET', '/members/7700201')).statusCode, 404, 'all or nothing');
    });

    it('still takes names in any script, with accents and apostrophes', async () => {
      for (const [i, fullName] of ["Zoë N'Gang'a", 'Ñjoroge Müller', 'محمد علي', 'Αθηνά'].entries()) {
        const response = await admin(t.app, 'PUT', `/members/${7_700_300 + i}`, { fullName, status: 'active' });
        assert.equal(response.statusCode, 201, response.body);
        assert.equal(json(response).fullName, fullName);
      }
    });
  });
}
