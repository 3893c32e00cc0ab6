import { isAllDay, type SupportHours } from '@wps/contract';

/**
 * What an installation actually does, read from its own configuration: the deposit channels
 * (and whether a deposit on one is credited without an operator), the game catalogue, the
 * support hours and contacts, the promotions. Copy is judged against these, not against a list
 * of banned words: the same sentence is true on one installation and false on another.
 */
export interface InstallationFacts {
  /** Enabled deposit channels; `automatic`: a deposit on it is credited with no operator step. */
  channels: ReadonlyArray<{ code: string; name: string; automatic: boolean }>;
  /** Enabled LIVE (live-casino) games in the catalogue, of enabled vendors. */
  liveGames: number;
  supportHours: SupportHours;
  /** Enabled customer-service entries; `external`: the link leaves this site (a real chat). */
  contacts: ReadonlyArray<{ csPosition: string; external: boolean }>;
  /** Bonus percentages the enabled promotions pay. */
  promotionPercents: readonly number[];
}

export interface CopyText {
  /** Where the text is, for the message ("notice 3 (NE) title"). */
  where: string;
  /** Plain text or HTML (tags are ignored). */
  text: string;
}

/** Tags out, entities that matter here decoded, spaces folded. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

// Each claim in English and Nepali (Devanagari digits too: २४ is 24).
const INSTANT =
  /\b(instant(ly)?|immediate(ly)?|in (a few )?seconds|within (a few )?minutes|in minutes)\b|तुरुन्त|तत्काल|केही मिनेटमै|मिनेटभित्र|सेकेन्डमै/i;
const MONEY_MOVE = /\b(deposit|withdraw|payout|cash ?out|top.?up|credited)|जम्मा|निकासी|झिक्|भुक्तानी|रिचार्ज/i;
const ALL_DAY =
  /24\s*\/\s*7|24x7|\b24(-| )hours?\b|round[- ]the[- ]clock|around the clock|twenty-four hours|day and night|(24|२४)\s*घण्टा|चौबिसै|चौबीसै|दिनरात/i;
const LIVE_CASINO = /\blive[- ](casino|dealers?|tables?)\b|लाइभ\s*(क्यासिनो|डिलर)|प्रत्यक्ष\s*क्यासिनो/i;
const LIVE_CHAT = /\blive[- ](chat|support|agent)\b|लाइभ\s*च्याट|प्रत्यक्ष\s*(सहायता|कुराकानी|च्याट)/i;
const PERCENT_BONUS = /(\d{1,3})\s*%/g;

/**
 * Payment methods players in Nepal know, as copy names them (EN and NE). A text that names one
 * claims the installation takes it: it must be an enabled deposit channel.
 */
const PAYMENT_NAMES: ReadonlyArray<{ match: RegExp; channel: RegExp }> = [
  { match: /\be-?sewa\b|इसेवा|ई-सेवा/i, channel: /e-?sewa/i },
  { match: /\bkhalti\b|खल्ती/i, channel: /khalti/i },
  { match: /\bime ?pay\b|आइएमई ?पे|आईएमई ?पे/i, channel: /ime ?pay/i },
  { match: /\bconnect ?ips\b|कनेक्ट ?आइपीएस/i, channel: /connect ?ips/i },
  { match: /\bfone ?pay\b|फोनपे/i, channel: /fone ?pay/i },
  { match: /\bbank transfer\b|बैंक ट्रान्सफर/i, channel: /bank/i },
];

/** Contact channels copy may send a player to (EN and NE names), by customer-service position. */
const CONTACT_NAMES: ReadonlyArray<{ match: RegExp; position: RegExp }> = [
  { match: /\btelegram\b|टेलिग्राम/i, position: /^TELEGRAM/ },
  { match: /\bwhats ?app\b|ह्वाट्सएप|व्हाट्सएप/i, position: /^WHATSAPP/ },
  { match: /\bfacebook\b|\bmessenger\b|फेसबुक/i, position: /^FACEBOOK/ },
];

/**
 * Every sentence of `texts` that promises what the installation does not do, as
 * "<where>: <why>". Empty when all copy is true of this installation.
 */
export function claimProblems(texts: readonly CopyText[], facts: InstallationFacts): string[] {
  const problems: string[] = [];
  const automatic = facts.channels.filter((c) => c.automatic);
  const hasLiveChat = facts.contacts.some((c) => c.csPosition === 'LIVECHAT' && c.external);
  for (const { where, text: raw } of texts) {
    const text = plainText(raw);
    const say = (why: string) => problems.push(`${where}: ${why} — "${text}"`);

    const named = PAYMENT_NAMES.filter((p) => p.match.test(text));
    for (const p of named) {
      const channel = facts.channels.find((c) => p.channel.test(c.name) || p.channel.test(c.code));
      if (!channel) say(`names a payment method that is not an enabled deposit channel (${p.match.source})`);
    }
    if (INSTANT.test(text) && (named.length > 0 || MONEY_MOVE.test(text))) {
      const slow = named.filter(
        (p) => !automatic.some((c) => p.channel.test(c.name) || p.channel.test(c.code)),
      );
      if (automatic.length === 0)
        say('calls money movement instant, but every channel waits for an operator');
      else if (slow.length > 0) say('calls a channel instant that waits for an operator');
    }
    if (ALL_DAY.test(text) && !isAllDay(facts.supportHours)) {
      say(
        `promises round-the-clock service; support hours are ${facts.supportHours.from}–${facts.supportHours.to}`,
      );
    }
    if (LIVE_CASINO.test(text) && facts.liveGames === 0)
      say('mentions a live casino, but no LIVE game is enabled');
    if (LIVE_CHAT.test(text) && !hasLiveChat)
      say('promises live chat, but no live-chat contact is configured');
    for (const c of CONTACT_NAMES) {
      if (c.match.test(text) && !facts.contacts.some((x) => c.position.test(x.csPosition))) {
        say(`sends players to a contact channel that is not configured (${c.match.source})`);
      }
    }
    if (/bonus|बोनस/i.test(text)) {
      for (const m of text.matchAll(PERCENT_BONUS)) {
        if (!facts.promotionPercents.includes(Number(m[1])))
          say(`advertises a ${m[1]}% bonus that no enabled promotion pays`);
      }
    }
  }
  return problems;
}
