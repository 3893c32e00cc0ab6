import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, installationVapidKeys, loadConfig, vapidKeyPair } from './config.ts';

/** Web Push's VAPID keys and subject (issue 31): configured, or generated per installation; never a default. */
describe('config: web push', () => {
  it('is off without a subject, and takes WEB_PUSH_SUBJECT or an https PUBLIC_URL as one', () => {
    expect(loadConfig({}).webPush.subject).toBeNull();
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }).webPush.subject).toBeNull();
    expect(loadConfig({ PUBLIC_URL: 'https://wps.example.com/app/' }).webPush.subject).toBe(
      'https://wps.example.com',
    );
    expect(
      loadConfig({ PUBLIC_URL: 'https://wps.example.com', WEB_PUSH_SUBJECT: 'mailto:ops@wps.example.com' })
        .webPush.subject,
    ).toBe('mailto:ops@wps.example.com');
    expect(() => loadConfig({ WEB_PUSH_SUBJECT: 'ops@wps.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ WEB_PUSH_SUBJECT: 'http://wps.example.com' })).toThrow(ConfigError);
  });

  it('takes a configured key pair, both or neither, and only a matching one', () => {
    const pair = vapidKeyPair();
    expect(
      loadConfig({ WEB_PUSH_PUBLIC_KEY: pair.publicKey, WEB_PUSH_PRIVATE_KEY: pair.privateKey }).webPush,
    ).toMatchObject({ ...pair, keysGenerated: false });
    expect(() => loadConfig({ WEB_PUSH_PUBLIC_KEY: pair.publicKey })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ WEB_PUSH_PUBLIC_KEY: vapidKeyPair().publicKey, WEB_PUSH_PRIVATE_KEY: pair.privateKey }),
    ).toThrow(/not the public key/);
  });

  it('without keys, generates a pair per process, and once per installation when started from DATA_DIR', () => {
    const one = loadConfig({}).webPush;
    expect(one.keysGenerated).toBe(true);
    expect(Buffer.from(one.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(one.privateKey, 'base64url')).toHaveLength(32);
    expect(loadConfig({}).webPush.publicKey).not.toBe(one.publicKey);

    const dir = mkdtempSync(path.join(tmpdir(), 'wps-vapid-'));
    const first = installationVapidKeys(dir);
    expect(installationVapidKeys(dir)).toEqual(first); // a restart keeps the devices' subscriptions
    expect(statSync(path.join(dir, 'web-push-vapid.json')).mode & 0o777).toBe(0o600);
    expect(
      loadConfig({ WEB_PUSH_PUBLIC_KEY: first.publicKey, WEB_PUSH_PRIVATE_KEY: first.privateKey }).webPush
        .keysGenerated,
    ).toBe(false);
    expect(installationVapidKeys(mkdtempSync(path.join(tmpdir(), 'wps-vapid-'))).publicKey).not.toBe(
      first.publicKey,
    );
  });
});
