/**
 * `npm run bench:rtp`: every in-house game played RTP_ROUNDS times (default 10,000,000) through the
 * same engine code the server uses, comparing the measured return with the exact theoretical one.
 *
 * Floats come from sfc32 (a fast simulation generator) through the engines' FloatSource, because
 * HMAC per block would take hours at this volume; the HMAC stream itself is what the byte dump
 * below checks (set RTP_RNG=hmac to run the games on it too, at a much lower rate).
 * For each game and bet: theoretical RTP, measured RTP, the 99 % confidence interval of the
 * measurement (mean ± 2.576 × sd / √n of the per-round return) and rounds per second. The process
 * exits 1 when a theoretical value lies outside its interval.
 *
 * RTP_GAMES (comma-separated names as printed, e.g. `blackjack,video slot`) runs a subset.
 * It also writes RTP_DUMP_MB (default 16) MiB of the fairness construction's raw bytes
 * (consecutive nonces of one seed pair, 32-byte blocks in order) to bench/results/rng.bin:
 *   dieharder -g 201 -f bench/results/rng.bin -a
 * (-g 201 is "file_input_raw"; use RTP_DUMP_MB=1024 or more so dieharder does not rewind the file).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  actBlackjack,
  actMines,
  basicStrategy,
  type BlackjackState,
  cardValue,
  crashPayout,
  crashPointFromFloat,
  fairBytes,
  fairFloats,
  type FloatSource,
  GAMES_BY_ID,
  kenoRtp,
  legalBlackjackActions,
  minesPayout,
  moveToAction,
  playBaccarat,
  playClassicSlot,
  playDice,
  playDragonTiger,
  playKeno,
  playPlinko,
  playRoulette,
  playSicBo,
  playVideoSlot,
  plinkoRtp,
  sfc32,
  StreamRounds,
  startBlackjack,
  startMines,
} from '../packages/games/src/index.ts';

const ROUNDS = Number(process.env.RTP_ROUNDS ?? 10_000_000);
const DUMP_MB = Number(process.env.RTP_DUMP_MB ?? 16);
const Z99 = 2.5758293035489;
const here = path.dirname(new URL(import.meta.url).pathname);

// One source per run; each round starts a fresh float sequence (like a new nonce).
function makeSource(seed: number): { next(): FloatSource } {
  if (process.env.RTP_RNG === 'hmac') {
    const server = 'ab'.repeat(32);
    let nonce = 0;
    return { next: () => fairFloats(server, `bench-${seed}`, nonce++) };
  }
  const s = new StreamRounds(sfc32(seed));
  return { next: () => s.newRound() };
}

interface Acc {
  label: string;
  theory: number;
  sum: number;
  sumSq: number;
  n: number;
}
const acc = (label: string, theory: number): Acc => ({ label, theory, sum: 0, sumSq: 0, n: 0 });
const add = (a: Acc, x: number) => {
  a.sum += x;
  a.sumSq += x * x;
  a.n++;
};

let failed = false;
const rows: string[] = [];
// RTP_GAMES=blackjack,video slot runs only those games (names as printed).
const only = process.env.RTP_GAMES?.split(',').map((g) => g.trim());
function run(game: string, accs: Acc[], round: (src: FloatSource) => void, seed: number) {
  if (only && !only.includes(game)) return;
  const src = makeSource(seed);
  const t0 = performance.now();
  for (let i = 0; i < ROUNDS; i++) round(src.next());
  const secs = (performance.now() - t0) / 1000;
  for (const a of accs) {
    const mean = a.sum / a.n;
    const sd = Math.sqrt(Math.max(0, a.sumSq / a.n - mean * mean));
    const half = (Z99 * sd) / Math.sqrt(a.n);
    const ok = Math.abs(mean - a.theory) <= half;
    if (!ok) failed = true;
    const line = [
      `${game} ${a.label}`.padEnd(30),
      `theory ${(a.theory * 100).toFixed(4)}%`,
      `measured ${(mean * 100).toFixed(4)}%`,
      `99% CI [${((mean - half) * 100).toFixed(4)}%, ${((mean + half) * 100).toFixed(4)}%]`,
      `${Math.round(ROUNDS / secs).toLocaleString('en')} rounds/s`,
      ok ? 'ok' : 'OUTSIDE',
    ].join('  ');
    rows.push(line);
    console.log(line);
  }
}

const U = 100; // stake in paisa: every engine's rounding is exact at this stake

{
  const straight = acc('straight (1 pocket)', 36 / 37);
  const red = acc('red (even money)', 36 / 37);
  run(
    'roulette',
    [straight, red],
    (src) => {
      const r = playRoulette(src, [
        { type: 'straight', numbers: [17], amount: U },
        { type: 'red', amount: U },
      ]);
      add(straight, r.perBet[0]! / U);
      add(red, r.perBet[1]! / U);
    },
    1,
  );
}
{
  const m = GAMES_BY_ID.baccarat.rtpByBet!;
  const a = [
    acc('banker', m.banker!),
    acc('player', m.player!),
    acc('tie', m.tie!),
    acc('player pair', m.pair!),
  ];
  run(
    'baccarat',
    a,
    (src) => {
      const r = playBaccarat(src, [
        { type: 'banker', amount: U },
        { type: 'player', amount: U },
        { type: 'tie', amount: U },
        { type: 'playerPair', amount: U },
      ]);
      for (const [i, p] of r.perBet.entries()) add(a[i]!, p / U);
    },
    2,
  );
}
{
  const m = GAMES_BY_ID['dragon-tiger'].rtpByBet!;
  const a = [acc('dragon', m.dragon!), acc('tie', m.tie!), acc('suited tie', m.suitedTie!)];
  run(
    'dragon tiger',
    a,
    (src) => {
      const r = playDragonTiger(src, [
        { type: 'dragon', amount: U },
        { type: 'tie', amount: U },
        { type: 'suitedTie', amount: U },
      ]);
      for (const [i, p] of r.perBet.entries()) add(a[i]!, p / U);
    },
    3,
  );
}
{
  const m = GAMES_BY_ID.sicbo.rtpByBet!;
  const a = [
    acc('small (best)', m.smallBig!),
    acc('total 9 (worst)', m.total9or12!),
    acc('specific triple', m.triple!),
  ];
  run(
    'sic bo',
    a,
    (src) => {
      const r = playSicBo(src, [
        { type: 'small', amount: U },
        { type: 'total', total: 9, amount: U },
        { type: 'triple', number: 6, amount: U },
      ]);
      for (const [i, p] of r.perBet.entries()) add(a[i]!, p / U);
    },
    4,
  );
}
{
  // Return per initial bet: (gross paid − extra stakes for doubles and splits) / initial stake.
  const a = acc('basic strategy', GAMES_BY_ID.blackjack.rtp);
  run(
    'blackjack',
    [a],
    (src) => {
      let s: BlackjackState = startBlackjack(src, { amount: U });
      if (s.phase === 'insurance') s = actBlackjack(s, 'noInsurance', src);
      while (s.phase === 'playing') {
        const h = s.hands[s.active]!;
        const legal = legalBlackjackActions(s);
        const move = basicStrategy(
          h.cards.map(cardValue),
          cardValue(s.dealer[0]!),
          legal.includes('double'),
          legal.includes('split'),
        );
        s = actBlackjack(s, moveToAction(move), src);
      }
      add(a, (s.payout - (s.totalStake - U)) / U);
    },
    5,
  );
}
{
  const a = acc('over 50.50 (2.0000x)', GAMES_BY_ID.dice.rtp);
  run(
    'dice',
    [a],
    (src) => add(a, playDice(src, { amount: U, target: 50.5, direction: 'over' }).payout / U),
    6,
  );
}
{
  // 3 mines, reveal cells 0–4 in order, cash out: win probability C(22,5)/C(25,5).
  const stake = 1_000_000;
  const a = acc('3 mines, 5 reveals', (26334 / 53130) * (minesPayout(stake, 3, 5) / stake));
  run(
    'mines',
    [a],
    (src) => {
      let s = startMines(src, { amount: stake, mines: 3 });
      for (let c = 0; c < 5 && s.status === 'playing'; c++) s = actMines(s, { type: 'reveal', cell: c });
      if (s.status === 'playing') s = actMines(s, { type: 'cashOut' });
      add(a, s.payout / stake);
    },
    7,
  );
}
{
  const a = acc('16 rows high', plinkoRtp(16, 'high'));
  run('plinko', [a], (src) => add(a, playPlinko(src, { amount: U, rows: 16, risk: 'high' }).payout / U), 8);
}
{
  const a = acc('pick 5', kenoRtp(5));
  run('keno', [a], (src) => add(a, playKeno(src, { amount: U, picks: [3, 9, 17, 28, 40] }).payout / U), 9);
}
{
  const a = acc('20 lines', GAMES_BY_ID['video-slot'].rtp);
  run('video slot', [a], (src) => add(a, playVideoSlot(src, { amount: 2000 }).payout / 2000), 10);
}
{
  const a = acc('1 line', GAMES_BY_ID['classic-slot'].rtp);
  run('classic slot', [a], (src) => add(a, playClassicSlot(src, { amount: U }).payout / U), 11);
}
{
  const a = acc('auto cash-out 2.00x', 0.99);
  run('crash', [a], (src) => add(a, crashPayout(U, 200, crashPointFromFloat(src.float(0))) / U), 12);
}

// Raw bytes of the fairness construction for dieharder.
{
  const dir = path.join(here, 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'rng.bin');
  const blocksPerNonce = 64;
  const total = DUMP_MB * 1024 * 1024;
  const out = new Uint8Array(total);
  const t0 = performance.now();
  for (let off = 0, nonce = 0; off < total; nonce++) {
    const b = fairBytes(
      '735249f062ac025044a8523aa92e034803f02d6b75129abc97e8b1be19aab9b4',
      'ec75fca98de6f2d9',
      nonce,
      blocksPerNonce,
    );
    out.set(b.subarray(0, Math.min(b.length, total - off)), off);
    off += b.length;
  }
  writeFileSync(file, out);
  const secs = (performance.now() - t0) / 1000;
  console.log(
    `rng dump ${DUMP_MB} MiB → ${path.relative(path.resolve(here, '..'), file)} (${(DUMP_MB / secs).toFixed(1)} MiB/s); dieharder -g 201 -f ${path.relative(path.resolve(here, '..'), file)} -a`,
  );
}

console.log(
  failed
    ? 'bench:rtp FAILED: a measured RTP lies outside its 99 % interval'
    : `bench:rtp ok (${ROUNDS.toLocaleString('en')} rounds per game)`,
);
process.exit(failed ? 1 : 0);
