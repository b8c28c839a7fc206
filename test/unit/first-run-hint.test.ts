import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { firstAdminCommand } from '../../src/first-run-hint.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');
const defaults = { dataDir: './data', port: 8080, host: '0.0.0.0' };

describe('the first admin command the start prints', () => {
  it('is plain npx bis init in the clone with the defaults', () => {
    assert.equal(firstAdminCommand(defaults, { cwd: ROOT, env: {}, user: 'amina' }), 'npx bis init');
  });

  it('goes to the clone first when the service was started elsewhere, and names a data directory and port not the defaults', () => {
    assert.equal(
      firstAdminCommand({ dataDir: '/srv/bis data', port: 9090, host: '::' }, { cwd: '/tmp', env: {}, user: 'amina' }),
      `cd ${ROOT} && BIS_DATA_DIR='/srv/bis data' BIS_URL=http://127.0.0.1:9090 npx bis init`,
    );
  });

  it('under systemd, runs the installed bis as the service user', () => {
    assert.equal(
      firstAdminCommand(
        { dataDir: '/var/lib/bis', port: 8080, host: '127.0.0.1' },
        { cwd: '/opt/bank-integration-service', env: { INVOCATION_ID: 'abc' }, user: 'bis' },
      ),
      'sudo -u bis BIS_DATA_DIR=/var/lib/bis bis init',
    );
  });
});
