import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('configuration', () => {
  it('has working defaults for a first start', () => {
    const config = loadConfig({});
    assert.equal(config.port, 8080);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.dataDir, './data');
    assert.equal(config.adminToken, undefined);
    assert.equal(config.publicUrl, 'http://localhost:8080');
    assert.equal(config.tokenRateLimit, 30);
    assert.equal(config.handoverTtl, 72 * 3_600_000);
    assert.equal(config.validationWindow, 24 * 3_600_000);
    assert.equal(config.requireValidation, true);
    assert.equal(config.logLevel, 'info');
    assert.ok(Object.isFrozen(config));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@db/bis',
      BIS_DATA_DIR: '/var/lib/bis',
      BIS_ADMIN_TOKEN: 'a-long-admin-token-value',
      BIS_PUBLIC_URL: 'https://pay.example.org/',
      BIS_TOKEN_RATE_LIMIT: '100',
      BIS_HANDOVER_TTL: '30m',
      BIS_VALIDATION_WINDOW: '2d',
      BIS_REQUIRE_VALIDATION: 'false',
      LOG_LEVEL: 'warn',
    });
    assert.equal(config.port, 9000);
    assert.equal(config.publicUrl, 'https://pay.example.org');
    assert.equal(config.handoverTtl, 30 * 60_000);
    assert.equal(config.validationWindow, 2 * 86_400_000);
    assert.equal(config.requireValidation, false);
    assert.equal(config.tokenRateLimit, 100);
  });

  it('takes the public URL from the port when not given', () => {
    assert.equal(loadConfig({ PORT: '3000' }).publicUrl, 'http://localhost:3000');
  });

  it('refuses bad values, naming every one of them', () => {
    assert.throws(
      () =>
        loadConfig({
          PORT: 'eighty',
          BIS_HANDOVER_TTL: '3 days',
          BIS_REQUIRE_VALIDATION: 'maybe',
          LOG_LEVEL: 'loud',
          DATABASE_URL: 'mysql://x',
        }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        for (const name of ['PORT', 'BIS_HANDOVER_TTL', 'BIS_REQUIRE_VALIDATION', 'LOG_LEVEL', 'DATABASE_URL']) {
          assert.match(error.message, new RegExp(name));
        }
        return true;
      },
    );
  });

  it('refuses a short admin token or signing key rather than run with a weak one', () => {
    assert.throws(() => loadConfig({ BIS_ADMIN_TOKEN: 'short' }), ConfigError);
    assert.throws(() => loadConfig({ BIS_TOKEN_SIGNING_KEY: 'short' }), ConfigError);
    assert.throws(() => loadConfig({ BIS_TOKEN_RATE_LIMIT: '0' }), ConfigError);
  });

  it('has email off, resets of 30 minutes and the public host as the organisation, until told otherwise', () => {
    const config = loadConfig({ BIS_PUBLIC_URL: 'https://pay.sacco.example:8443/' });
    assert.equal(config.smtp, undefined);
    assert.equal(config.mailFrom, undefined);
    assert.equal(config.resetTtl, 30 * 60_000);
    assert.equal(config.organisationName, 'pay.sacco.example');
  });

  it('reads the mail server: STARTTLS required on smtp:// unless ?starttls=never, TLS from the start on smtps://', () => {
    const from = { BIS_MAIL_FROM: 'Umoja Payments <payments@umoja.example>', BIS_ORGANISATION_NAME: 'Umoja Sacco' };
    const plain = loadConfig({ ...from, BIS_SMTP_URL: 'smtp://mailer:p%40ss@mail.umoja.example' });
    assert.deepEqual(plain.smtp, {
      host: 'mail.umoja.example',
      port: 587,
      implicitTls: false,
      starttls: 'required',
      user: 'mailer',
      password: 'p@ss',
      ca: undefined,
    });
    assert.equal(plain.organisationName, 'Umoja Sacco');
    assert.equal(loadConfig({ ...from, BIS_SMTP_URL: 'smtp://127.0.0.1:25?starttls=never' }).smtp?.starttls, 'never');
    const tls = loadConfig({ ...from, BIS_SMTP_URL: 'smtps://mail.umoja.example' }).smtp;
    assert.deepEqual([tls?.implicitTls, tls?.port], [true, 465]);
  });

  it('refuses a mail setting that cannot work, naming it', () => {
    const refused = (env: Record<string, string>, name: RegExp) =>
      assert.throws(
        () => loadConfig(env),
        (error: unknown) => error instanceof ConfigError && name.test(error.message),
      );
    refused({ BIS_SMTP_URL: 'smtp://mail.example' }, /BIS_MAIL_FROM: required/);
    refused({ BIS_SMTP_URL: 'http://mail.example', BIS_MAIL_FROM: 'a@b.example' }, /BIS_SMTP_URL/);
    refused({ BIS_SMTP_URL: 'smtp://mail.example?starttls=maybe', BIS_MAIL_FROM: 'a@b.example' }, /starttls=/);
    refused({ BIS_SMTP_URL: 'smtps://mail.example?starttls=never', BIS_MAIL_FROM: 'a@b.example' }, /smtp:\/\/ only/);
    refused({ BIS_SMTP_URL: 'smtp://mail.example', BIS_MAIL_FROM: 'payments' }, /BIS_MAIL_FROM/);
    refused({ BIS_MAIL_FROM: 'a@b.example' }, /set BIS_SMTP_URL too/);
    refused(
      { BIS_SMTP_URL: 'smtp://mail.example', BIS_MAIL_FROM: 'a@b.example', BIS_SMTP_CA_FILE: '/nonexistent/ca.pem' },
      /BIS_SMTP_CA_FILE: cannot read/,
    );
    refused({ BIS_RESET_TTL: 'soon' }, /BIS_RESET_TTL/);
  });
});
