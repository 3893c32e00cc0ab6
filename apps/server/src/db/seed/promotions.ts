import { type PromotionInput, promotionInputSchema, prizeTableInputSchema } from '@wps/contract';
import type { Services } from '../../services.ts';

const SLOTS_FIRST = { RNG: 100, INHOUSE: 100, FISH: 100, LOTT: 50, LIVE: 10, SPORTS: 20, PVP: 10 };
const day = 86_400_000;

/** Demo promotions of each kind (DESIGN §4 demo seed), added once. */
export async function seedPromotions({ promotions }: Services): Promise<boolean> {
  const now = Date.now();
  const demo: Array<Partial<PromotionInput> & Pick<PromotionInput, 'title' | 'category' | 'kind'>> = [
    {
      title: 'First deposit bonus 100%',
      summary: 'Double your first deposit, up to NPR 1,000.',
      body: 'Join, then make your first deposit of at least NPR 100. When it is approved, 100% of it (up to NPR 1,000) is added to your bonus balance. Wager 10 times the bonus within 7 days and it becomes cash.',
      titleNe: 'पहिलो जम्मामा 100% बोनस',
      summaryNe: 'पहिलो जम्मा दोब्बर, बढीमा रु 1,000 सम्म।',
      bodyNe:
        'सहभागी हुनुहोस्, अनि कम्तीमा रु 100 को पहिलो जम्मा गर्नुहोस्। जम्मा स्वीकृत भएपछि त्यसको 100% (बढीमा रु 1,000) तपाईंको बोनस ब्यालेन्समा थपिन्छ। 7 दिनभित्र बोनसको 10 गुणा बाजी लगाएपछि त्यो नगद बन्छ।',
      category: 'newbie',
      labels: ['NEWBIE'],
      kind: 'deposit_bonus',
      depositNth: 1,
      percent: 100,
      cap: '1000.00',
      minDeposit: '100.00',
      wageringMultiplier: 10,
      contributions: SLOTS_FIRST,
      sort: 10,
    },
    {
      title: 'Second deposit reload 50%',
      summary: 'Half of your second deposit on top, up to NPR 2,000.',
      body: 'Join before your second deposit. 50% of it (up to NPR 2,000) is added as a bonus; wager it 8 times within 7 days.',
      titleNe: 'दोस्रो जम्मामा 50% रिलोड',
      summaryNe: 'दोस्रो जम्माको आधा थप, बढीमा रु 2,000 सम्म।',
      bodyNe:
        'दोस्रो जम्माअघि सहभागी हुनुहोस्। त्यसको 50% (बढीमा रु 2,000) बोनसका रूपमा थपिन्छ; 7 दिनभित्र यसको 8 गुणा बाजी लगाउनुहोस्।',
      category: 'deposit',
      labels: ['LIMITED'],
      kind: 'deposit_bonus',
      depositNth: 2,
      percent: 50,
      cap: '2000.00',
      minDeposit: '500.00',
      wageringMultiplier: 8,
      contributions: SLOTS_FIRST,
      sort: 9,
    },
    {
      title: 'Welcome gift NPR 20',
      summary: 'A free bonus for new players.',
      body: 'Claim NPR 20 of bonus money in your first 30 days. Wager it 5 times within 3 days and it is yours to withdraw.',
      titleNe: 'स्वागत उपहार रु 20',
      summaryNe: 'नयाँ खेलाडीका लागि निःशुल्क बोनस।',
      bodyNe:
        'पहिलो 30 दिनभित्र रु 20 बोनस दाबी गर्नुहोस्। 3 दिनभित्र यसको 5 गुणा बाजी लगाएपछि यो रकम तपाईं निकाल्न सक्नुहुन्छ।',
      category: 'newbie',
      labels: ['NEWBIE', 'SPECIAL_OFFER'],
      kind: 'free_bonus',
      audience: 'new_players',
      bonusAmount: '20.00',
      wageringMultiplier: 5,
      expiryDays: 3,
      contributions: SLOTS_FIRST,
      sort: 8,
    },
    {
      title: 'Share your big win',
      summary: 'Post a screenshot of a big win and get NPR 100.',
      body: 'Share a win of at least 50 times your bet on social media, then apply here with the link in the remark and up to 3 screenshots. Approved applications can claim NPR 100 (wager 3 times).',
      titleNe: 'आफ्नो ठूलो जित सेयर गर्नुहोस्',
      summaryNe: 'ठूलो जितको स्क्रिनसट पोस्ट गर्नुहोस् र रु 100 पाउनुहोस्।',
      bodyNe:
        'बाजीको कम्तीमा 50 गुणा जित सामाजिक सञ्जालमा सेयर गर्नुहोस्, अनि टिप्पणीमा लिङ्क र बढीमा 3 स्क्रिनसटसहित यहाँ आवेदन दिनुहोस्। स्वीकृत आवेदनले रु 100 दाबी गर्न सक्छ (3 गुणा बाजी)।',
      category: 'slots',
      labels: ['SPECIAL_OFFER'],
      kind: 'apply',
      bonusAmount: '100.00',
      wageringMultiplier: 3,
      contributions: SLOTS_FIRST,
      sort: 5,
    },
    {
      title: 'Weekend live casino cashback',
      summary: 'Apply for cashback on your live casino weekend.',
      body: 'Starts next week. Apply with your account and we review your weekend play.',
      titleNe: 'सप्ताहान्त लाइभ क्यासिनो क्यासब्याक',
      summaryNe: 'लाइभ क्यासिनोको सप्ताहान्त खेलमा क्यासब्याकका लागि आवेदन दिनुहोस्।',
      bodyNe: 'अर्को हप्ता सुरु हुन्छ। आफ्नो खाताबाट आवेदन दिनुहोस्, हामी तपाईंको सप्ताहान्तको खेल हेर्छौं।',
      category: 'live',
      labels: ['DAILY', 'HIGH_REBATE'],
      kind: 'apply',
      startsAt: new Date(now + 7 * day).toISOString(),
      sort: 1,
    },
  ];
  return promotions.ensureDemo(
    demo.map((d) => promotionInputSchema.parse({ startsAt: new Date(now - day).toISOString(), ...d })),
  );
}

/** Demo mall products (PTSYS3), added once. */
export async function seedPoints({ points }: Services): Promise<boolean> {
  return points.ensureDemo(
    [
      {
        name: 'NPR 10 cash',
        description: 'Added to your balance once approved.',
        nameNe: 'रु 10 नगद',
        descriptionNe: 'स्वीकृत भएपछि तपाईंको ब्यालेन्समा थपिन्छ।',
        kind: 'cash',
        points: 100,
        cashValue: '10.00',
        ticketKind: null,
        ticketCount: null,
        stock: null,
        imageUrl: null,
        enabled: true,
        sort: 3,
      },
      {
        name: 'NPR 120 cash',
        description: 'Better value for bigger savers.',
        nameNe: 'रु 120 नगद',
        descriptionNe: 'धेरै अंक जम्मा गर्नेलाई अझ राम्रो मूल्य।',
        kind: 'cash',
        points: 1000,
        cashValue: '120.00',
        ticketKind: null,
        ticketCount: null,
        stock: null,
        imageUrl: null,
        enabled: true,
        sort: 2,
      },
      {
        name: 'WPS T-shirt',
        description: 'Cotton, delivered anywhere in Nepal.',
        nameNe: 'WPS टी-सर्ट',
        descriptionNe: 'कपासको, नेपालभर जहाँ पनि पठाइन्छ।',
        kind: 'physical',
        points: 2500,
        cashValue: null,
        ticketKind: null,
        ticketCount: null,
        stock: 50,
        imageUrl: null,
        enabled: true,
        sort: 1,
      },
    ],
    'Earn 1 point for every NPR 100 of valid bets, in every game. Points never expire. Redeeming needs your payment password; cash items are added to your balance once approved, physical items are delivered to the address you give.',
  );
}

/** Demo manual rebate rates (MANPLAYREB3 is off by default; the operator turns it on). */
export async function seedRebate({ rebate }: Services): Promise<boolean> {
  if ((await rebate.rates()).length > 0) return false;
  await rebate.setRates({ id: 0, account: 'seed' }, [
    { gameType: 'RNG', rateBp: 80 },
    { gameType: 'INHOUSE', rateBp: 50 },
    { gameType: 'FISH', rateBp: 80 },
    { gameType: 'LIVE', rateBp: 60 },
    { gameType: 'SPORTS', rateBp: 50 },
    { gameType: 'LOTT', rateBp: 30 },
  ]);
  return true;
}

/** Demo prize tables of the three ticket kinds (issue 14), added once per kind. */
export async function seedTickets({ tickets }: Services): Promise<boolean> {
  const table = (prizes: unknown[]) => prizeTableInputSchema.parse({ prizes });
  return tickets.ensureDemoTables({
    WHEEL: table([
      { type: 'cash', amount: '5.00', weight: 40 },
      { type: 'cash', amount: '20.00', weight: 10 },
      { type: 'bonus', amount: '50.00', wageringMultiplier: 5, weight: 10 },
      { type: 'points', points: 100, weight: 20 },
      { type: 'cash', amount: '500.00', weight: 1 },
      { type: 'nothing', weight: 19 },
    ]),
    ENVELOPE: table([
      { type: 'cash', amount: '8.88', weight: 50 },
      { type: 'cash', amount: '18.88', weight: 30 },
      { type: 'cash', amount: '88.88', weight: 5 },
      { type: 'nothing', weight: 15 },
    ]),
    EGG: table([
      { type: 'points', points: 50, weight: 40 },
      { type: 'bonus', amount: '30.00', wageringMultiplier: 3, weight: 20 },
      { type: 'cash', amount: '100.00', weight: 5 },
      { type: 'nothing', weight: 35 },
    ]),
  });
}
