import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseBasicAuth } from '../../src/oauth/basic-auth.js';

const basic = (text: string, scheme = 'Basic') => `${scheme} ${Buffer.from(text, 'utf8').toString('base64')}`;

describe('HTTP Basic client credentials', () => {
  it('splits at the first colon, so a secret may contain colons', () => {
    assert.deepEqual(parseBasicAuth(basic('client:se:cr:et')), { clientId: 'client', clientSecret: 'se:cr:et' });
  });

  it('accepts the scheme in any case', () => {
    assert.deepEqual(parseBasicAuth(basic('a:b', 'bAsIc')), { clientId: 'a', clientSecret: 'b' });
  });

  it('form-decodes each half (RFC 6749 Appendix B)', () => {
    assert.deepEqual(parseBasicAuth(basic('my%20client:a%2Bb+c%3A')), {
      clientId: 'my client',
      clientSecret: 'a+b c:',
    });
  });

  it('reads a secret of the unreserved alphabet the same whether or not it was encoded', () => {
    const secret = 'Ab9-._~xyz';
    assert.equal(parseBasicAuth(basic(`id:${secret}`))?.clientSecret, secret);
    assert.equal(parseBasicAuth(basic(`id:${encodeURIComponent(secret)}`))?.clientSecret, secret);
  });

  it('gives nothing for other schemes, missing colon, broken encoding or no value', () => {
    for (const header of [
      basic('a:b', 'Bearer'),
      basic('nocolon'),
      basic('a:%E0%A4%A'),
      'Basic',
      'Basic ',
      'Basic !!!',
    ]) {
      assert.equal(parseBasicAuth(header), undefined, header);
    }
  });
});
