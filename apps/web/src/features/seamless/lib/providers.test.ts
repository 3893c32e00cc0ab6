import type { GameMenus } from '@wps/contract';
import { describe, expect, it } from 'vitest';
import { walletProviders } from './providers.ts';

const card = (vassalage: string, maintenance = false) => ({
  vassalage,
  gameType: 'RNG',
  displayName: vassalage,
  markText: '',
  markColor: '',
  maintenance,
  isGame: 'GAME' as const,
  gameCount: 3,
  logoUrl: '',
});

describe('walletProviders', () => {
  it('lists each provider once, with every category it plays in, in menu order', () => {
    const menus: GameMenus = {
      lanes: [
        { title: 'RNG', gameClassify: [card('PG'), card('JDB')] },
        { title: 'FISH', gameClassify: [card('JDB')] },
        { title: 'LIVE', gameClassify: [card('PT')] },
      ],
    };
    expect(walletProviders(menus)).toEqual([
      { vassalage: 'PG', displayName: 'PG', categories: ['RNG'], maintenance: false },
      { vassalage: 'JDB', displayName: 'JDB', categories: ['RNG', 'FISH'], maintenance: false },
      { vassalage: 'PT', displayName: 'PT', categories: ['LIVE'], maintenance: false },
    ]);
  });

  it('calls a provider under maintenance only when every one of its cards is', () => {
    const menus: GameMenus = {
      lanes: [
        { title: 'RNG', gameClassify: [card('JDB', true), card('PG', true)] },
        { title: 'FISH', gameClassify: [card('JDB', false)] },
      ],
    };
    expect(walletProviders(menus).map((p) => [p.vassalage, p.maintenance])).toEqual([
      ['JDB', false],
      ['PG', true],
    ]);
  });

  it('is empty before the menus arrive', () => {
    expect(walletProviders(undefined)).toEqual([]);
  });
});
