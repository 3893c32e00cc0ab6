import { type MissionInput, missionInputSchema, vipLevelsInputSchema } from '@wps/contract';
import type { Services } from '../../services.ts';

/** Demo daily and weekly missions (issue 14), added once. */
export async function seedMissions({ missions }: Services): Promise<boolean> {
  const demo: Array<
    Partial<MissionInput> & Pick<MissionInput, 'title' | 'period' | 'metric' | 'target' | 'reward'>
  > = [
    {
      title: 'Play 5 rounds today',
      description: 'Play any 5 real-money rounds today.',
      titleNe: 'आज 5 राउन्ड खेल्नुहोस्',
      descriptionNe: 'आज वास्तविक रकमका कुनै पनि 5 राउन्ड खेल्नुहोस्।',
      period: 'day',
      metric: 'rounds',
      target: '5',
      reward: '5.00',
      sort: 10,
    },
    {
      title: 'Bet NPR 500 on slots today',
      description: 'Valid bets on slot (RNG) games count.',
      titleNe: 'आज स्लटमा रु 500 बाजी लगाउनुहोस्',
      descriptionNe: 'स्लट (RNG) खेलका मान्य बाजी गनिन्छन्।',
      period: 'day',
      metric: 'valid_bet',
      gameType: 'RNG',
      target: '500.00',
      reward: '10.00',
      sort: 9,
    },
    {
      title: 'Deposit NPR 1,000 this week',
      description: 'Approved deposits from Monday to Sunday count.',
      titleNe: 'यो हप्ता रु 1,000 जम्मा गर्नुहोस्',
      descriptionNe: 'सोमबारदेखि आइतबारसम्मका स्वीकृत जम्मा गनिन्छन्।',
      period: 'week',
      metric: 'deposit',
      target: '1000.00',
      reward: '20.00',
      sort: 8,
    },
    {
      title: 'Bet NPR 10,000 this week',
      description: 'Valid bets on every game count.',
      titleNe: 'यो हप्ता रु 10,000 बाजी लगाउनुहोस्',
      descriptionNe: 'सबै खेलका मान्य बाजी गनिन्छन्।',
      period: 'week',
      metric: 'valid_bet',
      target: '10000.00',
      reward: '100.00',
      wageringMultiplier: 5,
      sort: 7,
    },
  ];
  return missions.admin.ensureDemo(demo.map((d) => missionInputSchema.parse(d)));
}

const DEMO_VIP_LEVELS = [
  { name: 'Bronze', nameNe: 'कांस्य', minTurnover: '1000.00', minDeposits: '0.00', bonus: '10.00' },
  { name: 'Silver', nameNe: 'चाँदी', minTurnover: '20000.00', minDeposits: '5000.00', bonus: '100.00' },
  { name: 'Gold', nameNe: 'सुन', minTurnover: '100000.00', minDeposits: '20000.00', bonus: '500.00' },
  {
    name: 'Platinum',
    nameNe: 'प्लाटिनम',
    minTurnover: '500000.00',
    minDeposits: '100000.00',
    bonus: '2000.00',
  },
  { name: 'Diamond', nameNe: 'हीरा', minTurnover: '2000000.00', minDeposits: '500000.00', bonus: '10000.00' },
];

/** A demo VIP table, set once (a table seeded before Nepali names gets theirs). */
export async function seedVip({ vip }: Services): Promise<boolean> {
  if ((await vip.levels()).length > 0) return vip.fillDemoNepali(DEMO_VIP_LEVELS);
  await vip.setLevels({ id: 0, account: 'seed' }, vipLevelsInputSchema.parse({ levels: DEMO_VIP_LEVELS }));
  return true;
}
