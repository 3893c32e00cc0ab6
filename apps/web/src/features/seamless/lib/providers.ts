import type { GameMenus } from '@wps/contract';

/** One game provider on the wallet, with the categories it plays in. */
export interface WalletProvider {
  vassalage: string;
  displayName: string;
  categories: string[];
  /** Every one of its cards is under maintenance: no game of it can be opened now. */
  maintenance: boolean;
}

/**
 * The providers behind the game menus, once each, in menu order: a provider with slots and
 * fishing has a card in each lane, and it is one wallet counterpart, not two.
 */
export function walletProviders(menus: GameMenus | undefined): WalletProvider[] {
  const byVendor = new Map<string, WalletProvider>();
  for (const lane of menus?.lanes ?? []) {
    for (const card of lane.gameClassify) {
      const known = byVendor.get(card.vassalage);
      if (!known) {
        byVendor.set(card.vassalage, {
          vassalage: card.vassalage,
          displayName: card.displayName,
          categories: [lane.title],
          maintenance: card.maintenance,
        });
        continue;
      }
      if (!known.categories.includes(lane.title)) known.categories.push(lane.title);
      known.maintenance = known.maintenance && card.maintenance;
    }
  }
  return [...byVendor.values()];
}
