import sharp from 'sharp';
import type { Services } from '../../services.ts';

const SEEDER = { id: 0, account: 'seed', ip: null };

/** A demo banner drawn from SVG (no binary assets in the repo): a gradient with a headline. */
async function bannerImage(
  title: string,
  from: string,
  to: string,
  width = 1440,
  height = 480,
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${width * 0.82}" cy="${height * 0.5}" r="${height * 0.38}" fill="#ffffff" fill-opacity="0.12"/>
  <text x="${width * 0.06}" y="${height * 0.55}" font-family="sans-serif" font-size="${height * 0.16}" font-weight="700" fill="#ffffff">${title}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const BANNERS = [
  {
    title: 'Welcome bonus 100%',
    from: '#7b2ff7',
    to: '#f107a3',
    link: '/promotions',
    linkageType: 'route' as const,
  },
  { title: 'Live casino 24/7', from: '#0f9b8e', to: '#1d4ed8', link: '/live', linkageType: 'route' as const },
  {
    title: 'In-house games: provably fair',
    from: '#f59e0b',
    to: '#dc2626',
    link: '/rng?vassalage=INHOUSE',
    linkageType: 'route' as const,
  },
];

const NOTICES = [
  {
    type: 'B' as const,
    execution: 'B' as const,
    title: 'Welcome to WPS: deposits with eSewa and Khalti are now instant.',
    content:
      '<p>Deposits with <strong>eSewa</strong> and <strong>Khalti</strong> are now confirmed within minutes.</p>',
  },
  {
    type: 'PL' as const,
    execution: 'A' as const,
    title: 'Scheduled maintenance on Sunday 02:00–03:00 (NPT).',
    content: '<p>Games from some vendors may be unavailable for up to one hour. Your balance is safe.</p>',
  },
  {
    type: 'PU' as const,
    execution: 'F' as const,
    title: 'New here? Read the getting-started guide.',
    content:
      '<p>Set a payment password and add a payout account before your first withdrawal. <a href="https://example.com/guide">Guide</a></p>',
  },
];

const HELP: Array<{ anchor: string; en: [string, string]; ne: [string, string] }> = [
  {
    anchor: 'deposit',
    en: [
      'How do I deposit?',
      '<p>Open <strong>Deposit</strong>, choose a channel, pay the shown account and upload your receipt. An operator confirms it.</p>',
    ],
    ne: [
      'कसरी रकम जम्मा गर्ने?',
      '<p><strong>जम्मा</strong> खोल्नुहोस्, च्यानल छान्नुहोस्, देखाइएको खातामा तिर्नुहोस् र रसिद अपलोड गर्नुहोस्।</p>',
    ],
  },
  {
    anchor: 'withdraw',
    en: [
      'How do I withdraw?',
      '<p>Add a payout account in the security centre, then request a withdrawal. Confirm receipt when the money arrives.</p>',
    ],
    ne: [
      'कसरी रकम झिक्ने?',
      '<p>सुरक्षा केन्द्रमा भुक्तानी खाता थप्नुहोस्, अनि निकासी अनुरोध गर्नुहोस्। रकम आएपछि प्राप्ति पुष्टि गर्नुहोस्।</p>',
    ],
  },
  {
    anchor: 'term',
    en: [
      'Terms and conditions',
      '<p>You must be at least 18 years old. One account per person. Bonuses carry wagering requirements.</p>',
    ],
    ne: ['नियम र सर्तहरू', '<p>तपाईं कम्तीमा 18 वर्षको हुनुपर्छ। एक व्यक्ति एक खाता। बोनसमा बाजी सर्त लागू हुन्छ।</p>'],
  },
  {
    anchor: 'livechat',
    en: [
      'Live support',
      '<p>Our support team answers 24 hours a day through live chat, Telegram and WhatsApp.</p>',
    ],
    ne: ['प्रत्यक्ष सहायता', '<p>हाम्रो सहायता टोली लाइभ च्याट, टेलिग्राम र ह्वाट्सएपमार्फत 24 घण्टा उपलब्ध छ।</p>'],
  },
];

export async function seedContent({ content }: Services): Promise<boolean> {
  if ((await content.adminBanners()).length > 0) return false;
  for (const [i, b] of BANNERS.entries()) {
    const image = await content.uploadImage(await bannerImage(b.title, b.from, b.to), SEEDER);
    await content.saveBanner(
      null,
      {
        groupName: 'w_home',
        title: b.title,
        imageId: image.id,
        linkageType: b.linkageType,
        link: b.link,
        sort: i,
        enabled: true,
      },
      SEEDER,
    );
  }
  const side = await content.uploadImage(
    await bannerImage('Invite friends', '#2563eb', '#9333ea', 640, 240),
    SEEDER,
  );
  await content.saveBanner(
    null,
    {
      groupName: 'w_leftmenu',
      title: 'Invite friends',
      imageId: side.id,
      linkageType: 'route',
      link: '/promotions',
      sort: 0,
      enabled: true,
    },
    SEEDER,
  );
  for (const [i, n] of NOTICES.entries()) {
    await content.saveNotice(null, { ...n, languages: [], sort: i, enabled: true }, SEEDER);
  }
  for (const [i, h] of HELP.entries()) {
    for (const [language, [title, body]] of [
      ['EN', h.en],
      ['NE', h.ne],
    ] as Array<[string, [string, string]]>) {
      await content.saveHelp(
        null,
        { language, device: 'ALL', anchor: h.anchor, title, content: body, sort: i, enabled: true },
        SEEDER,
      );
    }
  }
  return true;
}
