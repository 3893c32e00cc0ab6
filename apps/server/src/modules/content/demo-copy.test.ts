import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContent } from '../../db/seed/content.ts';
import { seedDemo } from '../../db/seed/index.ts';
import { seedSystem } from '../../db/seed/system.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { type CopyText, claimProblems, type InstallationFacts } from './claims.ts';

type Services = TestApp['app']['services'];

/**
 * What this installation does, read from itself. A channel is automatic when a deposit on it is
 * credited at once, with no operator step: asked of the cashier by making one.
 */
async function installationFacts(t: TestApp): Promise<InstallationFacts> {
  const s = t.app.services;
  const channels = [];
  for (const c of await s.cashier.channels()) {
    const member = await createMember(t.app, { payeeName: 'Test Player' });
    const deposit = await s.cashier
      .requestDeposit(member.id, { channelId: c.id, amount: c.min, reference: `probe-${c.code}` })
      .catch(() => null);
    channels.push({ code: c.code, name: c.name, automatic: deposit?.status === 'approved' });
  }
  const live = await s.games.list({ gameType: 'LIVE', filter: 'ALL', pageNo: 1, pageSize: 1 }, null, 'en');
  const contacts = (await s.systemContacts.contacts())
    .filter((c) => c.enabled)
    .map((c) => ({ csPosition: c.csPosition, external: /^https?:\/\//i.test(c.url) }));
  const promotions = (await s.promotions.adminList()).filter((p) => p.enabled);
  return {
    channels,
    liveGames: live.total,
    supportHours: await s.system.supportHours(),
    contacts,
    promotionPercents: promotions.flatMap((p) => (p.percent === null ? [] : [p.percent])),
  };
}

/** Every text the demo seed shows a player: banners, notices, help, contacts, promotions. */
async function seededCopy(s: Services): Promise<CopyText[]> {
  const out: CopyText[] = [];
  for (const b of await s.content.adminBanners()) out.push({ where: `banner "${b.title}"`, text: b.title });
  for (const n of await s.content.adminNotices()) {
    if (!n.enabled) continue;
    const where = `notice ${n.id} (${n.languages.join(',') || 'all'})`;
    out.push({ where: `${where} title`, text: n.title }, { where: `${where} content`, text: n.content });
  }
  for (const h of await s.content.adminHelp()) {
    const where = `help #${h.anchor} (${h.language})`;
    out.push({ where: `${where} title`, text: h.title }, { where: `${where} content`, text: h.content });
  }
  for (const c of await s.systemContacts.contacts())
    out.push({ where: `contact ${c.csPosition}`, text: c.title });
  for (const p of await s.promotions.adminList()) {
    out.push({ where: `promotion "${p.title}"`, text: `${p.title}. ${p.summary} ${p.body}` });
    out.push({ where: `promotion "${p.title}" (NE)`, text: `${p.titleNe}. ${p.summaryNe} ${p.bodyNe}` });
  }
  return out;
}

describe('demo content says only what the installation does (issue 27)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app.services);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('no seeded text promises a channel, a game, an hour or a contact the installation lacks', async () => {
    const copy = await seededCopy(t.app.services);
    // Both languages are there, and the check has something to read.
    expect(copy.some((c) => /[\u0900-\u097f]/.test(c.text))).toBe(true);
    expect(copy.length).toBeGreaterThan(20);
    const facts = await installationFacts(t);
    // The demo's own facts: every channel waits for an operator, support is not round the clock.
    expect(facts.channels.length).toBeGreaterThan(0);
    expect(facts.channels.every((c) => !c.automatic)).toBe(true);
    expect(claimProblems(copy, facts)).toEqual([]);
  });

  it('the demo has no live-chat entry and states support hours short of 24', async () => {
    const { info } = await t.app.services.system.permission('127.0.0.1');
    expect(info.customerService.map((c) => c.csPosition)).not.toContain('LIVECHAT');
    expect(info.supportHours).toEqual({ from: '10:00', to: '22:00' });
  });
});

describe('a demo database seeded before keeps nothing of the retired copy', () => {
  let t: TestApp;
  const seeder = { id: 0, account: 'seed', ip: null };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('rewrites the rows still as the old seed wrote them, and leaves an operator edit alone', async () => {
    const s = t.app.services;
    // What the old seed wrote (abridged): the live-chat entry, a banner, a notice, the help text.
    await s.system.addCustomerService({ csPosition: 'LIVECHAT', title: 'Live chat', url: '/help#livechat' });
    await s.system.addCustomerService({ csPosition: 'TELEGRAM1', title: 'Telegram', url: 'https://t.me/x' });
    await s.system.addCustomerService({ csPosition: 'WHATSAPP', title: 'WhatsApp', url: 'https://wa.me/1' });
    const png = await sharp({ create: { width: 1440, height: 480, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    const image = await s.content.uploadImage(png, seeder);
    const banner = (title: string) =>
      s.content.saveBanner(
        null,
        {
          groupName: 'w_home',
          title,
          imageId: image.id,
          linkageType: 'route',
          link: '/live',
          sort: 1,
          enabled: true,
        },
        seeder,
      );
    await banner('Live casino 24/7');
    await banner('Live casino: our own tables'); // an operator's, stays
    await s.content.saveNotice(
      null,
      {
        type: 'B',
        execution: 'B',
        title: 'Welcome to WPS: deposits with eSewa and Khalti are now instant.',
        content:
          '<p>Deposits with <strong>eSewa</strong> and <strong>Khalti</strong> are now confirmed within minutes.</p>',
        languages: [],
        sort: 0,
        enabled: true,
      },
      seeder,
    );
    for (const [language, title, content] of [
      [
        'EN',
        'Live support',
        '<p>Our support team answers 24 hours a day through live chat, Telegram and WhatsApp.</p>',
      ],
      ['NE', 'प्रत्यक्ष सहायता', '<p>हाम्रो सहायता टोली लाइभ च्याट, टेलिग्राम र ह्वाट्सएपमार्फत 24 घण्टा उपलब्ध छ।</p>'],
    ] as const) {
      await s.content.saveHelp(
        null,
        { language, device: 'ALL', anchor: 'livechat', title, content, sort: 3, enabled: true },
        seeder,
      );
    }

    expect(await seedSystem(s)).toBe(true);
    expect(await seedContent(s)).toBe(true);
    // Idempotent: nothing left to rewrite.
    expect(await seedSystem(s)).toBe(false);
    expect(await seedContent(s)).toBe(false);

    expect((await s.systemContacts.contacts()).map((c) => c.csPosition)).toEqual(['TELEGRAM1', 'WHATSAPP']);
    const titles = (await s.content.adminBanners()).map((b) => b.title);
    expect(titles).toContain('Deposit with eSewa or Khalti');
    expect(titles).toContain('Live casino: our own tables');
    expect(titles).not.toContain('Live casino 24/7');
    const notices = await s.content.adminNotices();
    expect(notices.map((n) => [n.title, n.languages])).toEqual(
      expect.arrayContaining([
        ['How deposits work: eSewa, Khalti, IME Pay or bank transfer.', ['EN']],
        ['रकम जम्मा कसरी हुन्छ: इसेवा, खल्ती, आइएमई पे वा बैंक ट्रान्सफर।', ['NE']],
      ]),
    );
    const help = await s.content.adminHelp();
    expect(help.map((h) => [h.language, h.anchor, h.title])).toEqual(
      expect.arrayContaining([
        ['EN', 'contact', 'How do I reach support?'],
        ['NE', 'contact', 'सहायता टोलीसम्म कसरी पुग्ने?'],
      ]),
    );
    expect(help.some((h) => h.anchor === 'livechat')).toBe(false);
  });
});
