import { formatMessage } from '@wps/contract';
import type { MessageInput } from './service.ts';

/**
 * System messages to members in English and Nepali (issue 27). A module sends a message by key and
 * arguments; both languages are written into the row when it is sent, and the inbox answers in
 * the reader's language. Stored finished (not as key + args) so a message keeps reading as it was
 * sent after a template is reworded, and so arguments that are themselves operator texts (a
 * promotion's title) carry their own Nepali version. Nepali uses Latin digits like the web
 * catalogues (amounts are `fromMinor` strings).
 */
export const SYSTEM_MESSAGES = {
  bonusIssuedTitle: { en: 'Bonus issued: {0}', ne: 'बोनस दिइयो: {0}' },
  bonusIssuedWagering: {
    en: '{0} was added to your bonus balance. Wager {1} to turn it into cash before {2}.',
    ne: '{0} तपाईंको बोनस ब्यालेन्समा थपियो। {2} अघि यसलाई नगद बनाउन {1} बाजी लगाउनुहोस्।',
  },
  addedToBalance: { en: '{0} was added to your balance.', ne: '{0} तपाईंको ब्यालेन्समा थपियो।' },
  bonusConvertedTitle: { en: 'Bonus converted to cash', ne: 'बोनस नगदमा परिणत भयो' },
  bonusConverted: {
    en: 'Wagering complete: {0} moved from your bonus balance to your cash balance.',
    ne: 'बाजी सर्त पूरा भयो: {0} बोनस ब्यालेन्सबाट नगद ब्यालेन्समा सारियो।',
  },
  bonusExpiredTitle: { en: 'Bonus expired', ne: 'बोनसको म्याद सकियो' },
  bonusExpired: {
    en: 'The wagering time ran out: {0} was removed from your bonus balance.',
    ne: 'बाजी लगाउने समय सकियो: {0} तपाईंको बोनस ब्यालेन्सबाट हटाइयो।',
  },
  bonusForfeitedTitle: { en: 'Bonus forfeited', ne: 'बोनस जफत भयो' },
  bonusForfeited: {
    en: 'You requested a withdrawal before finishing the wagering: {0} was removed from your bonus balance.',
    ne: 'बाजी सर्त पूरा हुनुअघि तपाईंले निकासी अनुरोध गर्नुभयो: {0} तपाईंको बोनस ब्यालेन्सबाट हटाइयो।',
  },
  cashbackReadyTitle: { en: 'Cashback ready: {0}', ne: 'क्यासब्याक तयार छ: {0}' },
  cashbackReady: {
    en: '{0} cashback on a net loss of {1} is waiting for you. Claim it on the promotions page.',
    ne: '{1} को खुद हानिमा {0} क्यासब्याक तपाईंलाई पर्खिरहेको छ। प्रमोसन पृष्ठमा दाबी गर्नुहोस्।',
  },
  ticketsIssuedTitle: { en: '{0} × {1}', ne: '{0} × {1} वटा' },
  ticketsIssued: {
    en: '{0}: {1} {2} ticket(s) are waiting in your reward centre.',
    ne: '{0}: {1} वटा {2} टिकट तपाईंको पुरस्कार केन्द्रमा पर्खिरहेका छन्।',
  },
  ticketWHEEL: { en: 'Prize wheel', ne: 'पुरस्कार चक्र' },
  ticketENVELOPE: { en: 'Red envelope', ne: 'रातो खाम' },
  ticketEGG: { en: 'Golden egg', ne: 'सुनौलो अण्डा' },
  rebatePaidTitle: { en: 'Rebate paid', ne: 'रिबेट भुक्तानी भयो' },
  rebatePaid: {
    en: '{0} rebate on {1} of valid bets was added to your balance.',
    ne: '{1} को मान्य बाजीमा {0} रिबेट तपाईंको ब्यालेन्समा थपियो।',
  },
  applicationApprovedTitle: { en: 'Application approved: {0}', ne: 'आवेदन स्वीकृत: {0}' },
  applicationRejectedTitle: { en: 'Application rejected: {0}', ne: 'आवेदन अस्वीकृत: {0}' },
  applicationApprovedClaim: {
    en: 'Your application was approved. Claim your reward in the reward centre.',
    ne: 'तपाईंको आवेदन स्वीकृत भयो। पुरस्कार केन्द्रमा आफ्नो पुरस्कार दाबी गर्नुहोस्।',
  },
  applicationApproved: { en: 'Your application was approved.', ne: 'तपाईंको आवेदन स्वीकृत भयो।' },
  applicationRejected: {
    en: 'Your application was not approved.{0}',
    ne: 'तपाईंको आवेदन स्वीकृत भएन।{0}',
  },
  vipLevelTitle: { en: 'VIP level {0}: {1}', ne: 'VIP तह {0}: {1}' },
  vipLevelBonus: {
    en: 'Congratulations! You reached VIP {0}. Your level-up bonus of {1} was added to your balance.',
    ne: 'बधाई छ! तपाईं VIP {0} मा पुग्नुभयो। तपाईंको तह-वृद्धि बोनस {1} ब्यालेन्समा थपियो।',
  },
  vipLevel: {
    en: 'Congratulations! You reached VIP {0}.',
    ne: 'बधाई छ! तपाईं VIP {0} मा पुग्नुभयो।',
  },
  vipMonthlyTitle: { en: 'VIP monthly bonus: {0}', ne: 'VIP मासिक बोनस: {0}' },
  vipMonthly: {
    en: 'Your VIP {0} monthly bonus of {1} for {2} was added to your balance.',
    ne: '{2} को तपाईंको VIP {0} मासिक बोनस {1} ब्यालेन्समा थपियो।',
  },
  missionCompleteTitle: { en: 'Mission complete: {0}', ne: 'मिसन पूरा भयो: {0}' },
  missionComplete: {
    en: 'Your reward of {0} was added to your balance.',
    ne: 'तपाईंको पुरस्कार {0} ब्यालेन्समा थपियो।',
  },
  pointsRedeemedTitle: { en: 'Redeemed: {0}', ne: 'साटियो: {0}' },
  pointsRejectedTitle: { en: 'Redemption rejected: {0}', ne: 'साटफेर अस्वीकृत: {0}' },
  pointsTickets: {
    en: 'Your tickets are waiting in the reward centre.',
    ne: 'तपाईंका टिकटहरू पुरस्कार केन्द्रमा पर्खिरहेका छन्।',
  },
  pointsItem: { en: 'Your item is on its way.', ne: 'तपाईंको सामान पठाइँदै छ।' },
  pointsConvertedTitle: { en: 'Points converted', ne: 'अंक नगदमा परिवर्तन गरियो' },
  pointsConvertedBody: {
    en: '{0} points were converted: {1} was added to your balance.',
    ne: '{0} अंक परिवर्तन गरियो: {1} तपाईंको ब्यालेन्समा थपियो।',
  },
  pointsReturned: { en: 'Your {0} points were returned.{1}', ne: 'तपाईंका {0} अंक फिर्ता गरिए।{1}' },
  referralRewardTitle: { en: 'Referral reward', ne: 'रेफरल पुरस्कार' },
  referralReward: {
    en: '{0}, whom you invited, qualified: {1} was added to your balance.',
    ne: 'तपाईंले निम्तो दिनुभएका {0} योग्य हुनुभयो: {1} तपाईंको ब्यालेन्समा थपियो।',
  },
  /** The bonus a referral pays, as its grant is titled: "Referral rewards (de***01)". */
  referralBonusTitle: { en: 'Referral rewards ({0})', ne: 'रेफरल पुरस्कार ({0})' },
  affiliateApprovedTitle: { en: 'Affiliate application approved', ne: 'एफिलिएट आवेदन स्वीकृत भयो' },
  affiliateApproved: {
    en: 'Welcome aboard: your account is now an agent account. Open the agent centre to find your affiliate link and invite players.',
    ne: 'स्वागत छ: तपाईंको खाता अब एजेन्ट खाता भएको छ। आफ्नो एफिलिएट लिङ्क पाउन र खेलाडीहरूलाई निम्तो दिन एजेन्ट केन्द्र खोल्नुहोस्।',
  },
  affiliateRejectedTitle: { en: 'Affiliate application not approved', ne: 'एफिलिएट आवेदन स्वीकृत भएन' },
  affiliateRejected: {
    en: 'Your application to become an agent was not approved. Reason: {0}',
    ne: 'एजेन्ट बन्ने तपाईंको आवेदन स्वीकृत भएन। कारण: {0}',
  },
  feedbackReplyTitle: { en: 'Reply to your feedback #{0}', ne: 'तपाईंको प्रतिक्रिया #{0} को जवाफ' },
  jackpotWonTitle: { en: 'You won the {0}!', ne: 'तपाईंले {0} जित्नुभयो!' },
  jackpotWon: {
    en: '{0} from the {1} was added to your cash balance. Round {2}.',
    ne: '{1} बाट {0} तपाईंको नगद ब्यालेन्समा थपियो। राउन्ड {2}।',
  },
} as const satisfies Record<string, { en: string; ne: string }>;

export type SystemMessageKey = keyof typeof SYSTEM_MESSAGES;
/** An argument: the same in both languages, or an operator text with its Nepali version (empty: English). */
export type MessageArg = string | number | { en: string; ne?: string | null | undefined };
/** A template and its arguments, or an operator's own text (a reply, a note) kept as written. */
export type MessagePart = readonly [SystemMessageKey, ...MessageArg[]] | { raw: string };

function render(part: MessagePart, locale: 'en' | 'ne'): string {
  if ('raw' in part) return part.raw;
  const [key, ...args] = part;
  const values = args.map((a) =>
    typeof a === 'object' ? (locale === 'ne' && a.ne?.trim() ? a.ne : a.en) : a,
  );
  return formatMessage(SYSTEM_MESSAGES[key][locale], ...values);
}

/** A message in both languages, ready for `MessagesService.send`. */
export function systemMessage(kind: string, title: MessagePart, body: MessagePart): MessageInput {
  return {
    kind,
    title: render(title, 'en'),
    body: render(body, 'en'),
    titleNe: render(title, 'ne'),
    bodyNe: render(body, 'ne'),
  };
}

/** One template in both languages (a text that is not a message of its own, such as a grant's title). */
export function systemText(
  key: SystemMessageKey,
  ...args: Array<string | number>
): { en: string; ne: string } {
  return { en: render([key, ...args], 'en'), ne: render([key, ...args], 'ne') };
}

/** A reward ticket kind's name as an argument (WHEEL → Prize wheel / पुरस्कार चक्र). */
export function ticketName(kind: 'WHEEL' | 'ENVELOPE' | 'EGG'): { en: string; ne: string } {
  return SYSTEM_MESSAGES[`ticket${kind}`];
}
