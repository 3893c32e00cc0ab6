// @wps/games: pure engines (floats, bet) → outcome → payout, the provably fair construction and
// each game's published metadata. No I/O and no Node-only imports: the web verifier loads it too.
export * from './baccarat.ts';
export * from './blackjack.ts';
export * from './blackjack-strategy.ts';
export * from './cards.ts';
export * from './classic-slot.ts';
export * from './crash.ts';
export * from './dice.ts';
export * from './dragon-tiger.ts';
export * from './fairness.ts';
export * from './fairness-text.ts';
export * from './jackpot.ts';
export * from './keno.ts';
export * from './lottery.ts';
export * from './meta.ts';
export * from './mines.ts';
export * from './money.ts';
export * from './plinko.ts';
export * from './rng.ts';
export * from './roulette.ts';
export * from './sicbo.ts';
export * from './video-slot.ts';
export { VIDEO_SLOT } from './video-slot-data.ts';
export * from './verify.ts';
export * from './lottery-commission.ts';
export * from './lottery-rtp.ts';
