import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { succeeded, useCliService } from '../support/cli.js';
import { addOperator, apiToken, signIn, turnOnTwoFactor } from '../support/operators.js';

// bis against a running service: an admin's hold on another operator's tokens and two-factor sign-in.
// The database makes no difference here.
describe('bis operators tokens, revoke-token and reset-2fa', () => {
  const { t, cli, cliJson } = useCliService('pglite');

  it("lists an operator's tokens without the tokens, revokes one, and turns their two-factor sign-in off", async () => {
    const operator = await addOperator(t.app, 'finance');
    const session = await signIn(t.app, operator.email, operator.password);
    const { token, tokenId } = await apiToken(t.app, session, 'script on the ERP box');
    const listed = await cli('operators', 'tokens', operator.operatorId);
    succeeded(listed);
    assert.match(listed.stdout, /script on the ERP box/);
    assert.ok(!listed.stdout.includes(token));
    succeeded(await cli('operators', 'revoke-token', operator.operatorId, tokenId));
    const after = await cliJson('operators', 'tokens', operator.operatorId);
    assert.notEqual(after.items[0].revokedAt, null);

    await turnOnTwoFactor(t.app, session, operator.password, () => t.clock.now());
    const reset = await cli('operators', 'reset-2fa', operator.operatorId);
    succeeded(reset);
    assert.match(reset.stdout, /Two-factor sign-in is off/);
    const shown = await cliJson('operators', 'list');
    const row = shown.items.find((item: { operatorId: string }) => item.operatorId === operator.operatorId);
    assert.equal(row.twoFactor, false);
  });
});
