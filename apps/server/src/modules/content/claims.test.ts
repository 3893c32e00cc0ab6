import { describe, expect, it } from 'vitest';
import { type CopyText, claimProblems, type InstallationFacts } from './claims.ts';

/** A demo-like installation: four manual channels, live tables, 10:00–22:00 support, no chat. */
const facts: InstallationFacts = {
  channels: [
    { code: 'BANK', name: 'Bank transfer', automatic: false },
    { code: 'ESEWA', name: 'eSewa', automatic: false },
    { code: 'KHALTI', name: 'Khalti', automatic: false },
  ],
  liveGames: 16,
  supportHours: { from: '10:00', to: '22:00' },
  contacts: [
    { csPosition: 'TELEGRAM1', external: true },
    { csPosition: 'WHATSAPP', external: true },
  ],
  promotionPercents: [100, 50],
};
const t = (text: string): CopyText[] => [{ where: 'x', text }];
const problems = (text: string, f: InstallationFacts = facts) => claimProblems(t(text), f);

describe('copy checked against what the installation does', () => {
  it('flags the copy the old demo seeded, each claim for its own reason', () => {
    expect(problems('Welcome to WPS: deposits with eSewa and Khalti are now instant.')).toEqual([
      expect.stringContaining('every channel waits for an operator'),
    ]);
    expect(problems('Live casino 24/7')).toEqual([expect.stringContaining('support hours are 10:00–22:00')]);
    const support = problems(
      '<p>Our support team answers 24 hours a day through live chat, Telegram and WhatsApp.</p>',
    );
    expect(support).toEqual([
      expect.stringContaining('round-the-clock'),
      expect.stringContaining('no live-chat contact'),
    ]);
    expect(problems('हाम्रो सहायता टोली लाइभ च्याट, टेलिग्राम र ह्वाट्सएपमार्फत 24 घण्टा उपलब्ध छ।')).toHaveLength(2);
    expect(problems('<p>इसेवा र खल्तीबाट रकम जम्मा तुरुन्तै हुन्छ।</p>')).toHaveLength(1);
  });

  it('lets the same words through where the installation makes them true', () => {
    const automatic = {
      ...facts,
      channels: facts.channels.map((c) => ({ ...c, automatic: c.code === 'ESEWA' })),
    };
    expect(problems('Deposits with eSewa are instant.', automatic)).toEqual([]);
    // Khalti still waits for an operator.
    expect(problems('Deposits with eSewa and Khalti are instant.', automatic)).toHaveLength(1);
    expect(problems('Support 24/7', { ...facts, supportHours: { from: '00:00', to: '24:00' } })).toEqual([]);
    expect(
      problems('Ask in live chat', { ...facts, contacts: [{ csPosition: 'LIVECHAT', external: true }] }),
    ).toEqual([]);
    // An on-site "live chat" link is the help text, not a chat.
    expect(
      problems('Ask in live chat', { ...facts, contacts: [{ csPosition: 'LIVECHAT', external: false }] }),
    ).toHaveLength(1);
  });

  it('knows the catalogue, the channels, the contacts and the promotions', () => {
    expect(problems('Live casino tables', { ...facts, liveGames: 0 })).toEqual([
      expect.stringContaining('no LIVE game'),
    ]);
    expect(problems('Live casino tables')).toEqual([]);
    expect(problems('Now with IME Pay')).toEqual([expect.stringContaining('not an enabled deposit channel')]);
    expect(problems('Message us on Facebook')).toEqual([expect.stringContaining('not configured')]);
    expect(problems('First deposit bonus 100%')).toEqual([]);
    expect(problems('Reload bonus 200%')).toEqual([expect.stringContaining('200% bonus')]);
    // Time-of-day and maintenance copy is not a claim of speed.
    expect(problems('Scheduled maintenance on Sunday 02:00–03:00 (NPT).')).toEqual([]);
  });
});
