import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { refusalOf } from '../../src/webhooks/webhook-addresses.js';

// The address check behind every webhook connection (test/security/webhook-ssrf.test.ts drives it
// through the service): each spelling of an address is judged as the address it reaches.

const NEVER = [
  '169.254.169.254',
  '169.254.170.2',
  '100.100.100.200',
  '192.0.0.192',
  'fd00:ec2::254',
  'fe80::1',
  '::ffff:169.254.169.254',
  '::ffff:a9fe:a9fe',
  '64:ff9b::a9fe:a9fe',
  '2002:a9fe:a9fe::1',
  '224.0.0.1',
  '255.255.255.255',
  'ff02::1',
];
const INTERNAL_ONLY = [
  '127.0.0.1',
  '127.255.0.9',
  '::1',
  '::ffff:7f00:1',
  '::ffff:127.0.0.1',
  '0.0.0.0',
  '::',
  '10.0.0.5',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.10',
  '100.64.0.1',
  'fc00::1',
  'fd12:3456::1',
  '64:ff9b::a00:5',
  '198.18.0.1',
  '192.0.2.1',
  '2001:db8::1',
];
const PUBLIC = ['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2002:808:808::1'];

describe('which addresses a webhook may reach', () => {
  it('never a link-local, cloud metadata or non-unicast address, internal or not', () => {
    for (const address of NEVER)
      for (const reach of ['public', 'internal'] as const)
        assert.match(refusalOf(address, reach) ?? '', /no webhook may reach$/, `${address} (${reach})`);
  });

  it('a loopback, private or special-purpose address only from an internal endpoint', () => {
    for (const address of INTERNAL_ONLY) {
      assert.match(refusalOf(address, 'public') ?? '', /mark the endpoint internal/, address);
      assert.equal(refusalOf(address, 'internal'), undefined, address);
    }
  });

  it('a public address from any endpoint', () => {
    for (const address of PUBLIC) assert.equal(refusalOf(address, 'public'), undefined, address);
  });
});
