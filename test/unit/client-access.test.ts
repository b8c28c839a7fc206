import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ACCESS_REFRESH_MS, createClientAccess } from '../../src/clients/client-access.js';
import type { ClientAccessRow } from '../../src/clients/clients-store.js';
import { ManualClock } from '../support/clock.js';

describe('client access rules kept in memory', () => {
  it('picks up a change made on another instance once the rules are older than the refresh time', async () => {
    const clock = new ManualClock();
    let rows: ClientAccessRow[] = [];
    let reads = 0;
    const access = await createClientAccess({
      clientsStore: {
        listAccess: async () => {
          reads++;
          return rows;
        },
      },
      clock,
    });
    assert.equal(access.check('BANK', '10.0.0.1'), 'allowed');
    rows = [{ id: 'BANK', allowed_ips: ['192.0.2.0/24'], disabled: false }];
    clock.advance(ACCESS_REFRESH_MS - 1);
    assert.equal(access.check('BANK', '10.0.0.1'), 'allowed', 'not yet read again');
    assert.equal(reads, 1);
    clock.advance(2);
    access.check('BANK', '10.0.0.1');
    await access.refresh();
    assert.equal(access.check('BANK', '10.0.0.1'), 'address_not_allowed');
    assert.equal(access.check('BANK', '192.0.2.9'), 'allowed');
    assert.equal(access.check('OTHER', '10.0.0.1'), 'allowed', 'a client without rules is let through');
    rows = [{ id: 'BANK', allowed_ips: [], disabled: true }];
    await access.refresh();
    assert.equal(access.check('BANK', '192.0.2.9'), 'disabled');
  });

  it('reads an IPv4 client of a dual-stack socket as its IPv4 address', async () => {
    const rows = [{ id: 'BANK', allowed_ips: ['192.0.2.0/24'], disabled: false }];
    const access = await createClientAccess({
      clientsStore: { listAccess: async () => rows },
      clock: new ManualClock(),
    });
    assert.equal(access.check('BANK', '::ffff:192.0.2.77'), 'allowed');
    assert.equal(access.check('BANK', '::ffff:198.51.100.1'), 'address_not_allowed');
  });
});
