import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeServicePath, serviceContacts } from './customer-service.ts';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

describe('customer-service paths', () => {
  it('decodes base64 links, including non-ASCII ones', () => {
    expect(decodeServicePath(b64('https://t.me/wps_support'))).toBe('https://t.me/wps_support');
    expect(decodeServicePath(b64('/help#livechat'))).toBe('/help#livechat');
    expect(decodeServicePath(b64('https://example.com/सहायता'))).toBe(
      'https://example.com/%E0%A4%B8%E0%A4%B9%E0%A4%BE%E0%A4%AF%E0%A4%A4%E0%A4%BE',
    );
  });

  it('drops anything that is not a web link or a same-site path', () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example/x',
      'not a url',
      'ftp://x.y/z',
    ]) {
      expect(decodeServicePath(b64(bad)), bad).toBeNull();
    }
    expect(decodeServicePath('%%%not-base64')).toBeNull();
    expect(decodeServicePath(Buffer.from([0xff, 0xfe, 0xfd]).toString('base64'))).toBeNull();
  });

  it('round-trips any https URL', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['https'] }), (url) => {
        expect(decodeServicePath(b64(url))).toBe(new URL(url).toString());
      }),
    );
  });

  it('never yields a script link, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const out = decodeServicePath(Buffer.from(bytes).toString('base64'));
        expect(out === null || out.startsWith('/') || /^https?:\/\//.test(out)).toBe(true);
      }),
    );
  });

  it('lists valid contacts with a real live chat first', () => {
    const list = serviceContacts([
      { csPosition: 'TELEGRAM1', title: 'Telegram', path: b64('https://t.me/a') },
      { csPosition: 'BROKEN', title: 'Broken', path: b64('javascript:x') },
      { csPosition: 'LIVECHAT', title: 'Chat', path: b64('https://chat.example.com/wps') },
    ]);
    expect(list.map((c) => [c.position, c.external])).toEqual([
      ['LIVECHAT', true],
      ['TELEGRAM1', true],
    ]);
  });

  it('never offers the help text as a live chat: an on-site link is no contact (issue 27)', () => {
    const list = serviceContacts([
      { csPosition: 'LIVECHAT', title: 'Live chat', path: b64('/help#livechat') },
      { csPosition: 'WHATSAPP', title: 'WhatsApp', path: b64('https://wa.me/1') },
    ]);
    expect(list.map((c) => c.title)).toEqual(['WhatsApp']);
  });
});
