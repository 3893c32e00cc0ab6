import type { CrashBetView, CrashRoundState, CrashServerFrame } from '@wps/contract';
import type { Db } from '../../db/client.ts';
import type { MemberPrincipal } from '../../http/auth.ts';
import { CrashBets, CrashSettings } from './crash-bets.ts';
import { CrashChain, type CrashFairness } from './crash-chain.ts';
import { CrashGateway, type CrashListener } from './crash-gateway.ts';
import { CrashRounds } from './crash-rounds.ts';
import { type CrashClock, type CrashTiming, CrashTime, DEFAULT_TIMING, systemClock } from './crash-rules.ts';
import { CrashSettlement } from './crash-settlement.ts';
import type { InhouseService } from './service.ts';

export { type CrashFairness, DEFAULT_SALT_DELAY_MS } from './crash-chain.ts';
export type { CrashListener } from './crash-gateway.ts';
export {
  buildChain,
  type CrashClock,
  type CrashTiming,
  crashAfterMs,
  DEFAULT_TIMING,
  FencedOut,
  multiplierAt,
  systemClock,
  TICK_FRAME_MS,
} from './crash-rules.ts';

/**
 * Crash (issue 11; the rules and money in crash-rules.ts): one object for the routes, the socket
 * and the leader driver, composed of its parts, each given what it needs in its constructor:
 * - the round engine (crash-rounds.ts): the leader's loop and a follower's view of the round;
 * - the chain (crash-chain.ts): the hash chain, the recent points, history and proofs;
 * - bets (crash-bets.ts) and settlements (crash-settlement.ts), through group commits;
 * - the gateway (crash-gateway.ts): frames to this instance's sockets and the relay to others.
 * Leader election lives in crash-leader.ts (CrashDriver), which drives this service.
 */
export class CrashService {
  private readonly time: CrashTime;
  private readonly gateway = new CrashGateway();
  private readonly settings: CrashSettings;
  private readonly chain: CrashChain;
  private readonly settlement: CrashSettlement;
  private readonly engine: CrashRounds;
  private readonly bets: CrashBets;

  constructor(
    db: Db,
    inhouse: InhouseService,
    /** The chain key and the salt's beacon (crash-chain.ts): instances of one game share them. */
    readonly fairness: CrashFairness,
    /** Swappable: tests drive the loop with their own clock. */
    clock: CrashClock = systemClock,
    timing: CrashTiming = DEFAULT_TIMING,
  ) {
    this.time = new CrashTime(clock, timing);
    this.settings = new CrashSettings(inhouse);
    this.chain = new CrashChain(db, this.time, fairness);
    this.settlement = new CrashSettlement(inhouse, this.time, this.settings, this.gateway);
    this.engine = new CrashRounds(db, this.time, this.chain, this.gateway, (job) =>
      this.settlement.settleBet(job),
    );
    this.bets = new CrashBets(db, inhouse, this.time, this.settings, this.engine);
  }

  // ---------- what tests and the driver set (shared with the parts through `time`) ----------

  get clock(): CrashClock {
    return this.time.clock;
  }
  set clock(c: CrashClock) {
    this.time.clock = c;
  }
  get timing(): CrashTiming {
    return this.time.timing;
  }
  set timing(t: CrashTiming) {
    this.time.timing = t;
  }
  /** See CrashTime.offsetMs: measured by the driver. */
  get clockOffsetMs(): number {
    return this.time.offsetMs;
  }
  set clockOffsetMs(ms: number) {
    this.time.offsetMs = ms;
  }
  get clockSynced(): boolean {
    return this.time.synced;
  }
  set clockSynced(synced: boolean) {
    this.time.synced = synced;
  }
  /** Whether this instance drives rounds (see CrashDriver). */
  get leader(): boolean {
    return this.engine.leader;
  }
  set leader(leading: boolean) {
    this.engine.leader = leading;
  }
  get epoch(): number | null {
    return this.engine.epoch;
  }
  /** Relays frames to other instances; attached by the driver while it runs (see CrashGateway). */
  get publish(): CrashGateway['publish'] {
    return this.gateway.publish;
  }
  set publish(p: CrashGateway['publish']) {
    this.gateway.publish = p;
  }
  /** Told when a round write is refused by the epoch fence; attached by the driver while it runs. */
  get onFenced(): CrashRounds['onFenced'] {
    return this.engine.onFenced;
  }
  set onFenced(f: CrashRounds['onFenced']) {
    this.engine.onFenced = f;
  }

  // ---------- delegation ----------

  /** The one clock of every decision: the database's (see `clockOffsetMs`). */
  now(): number {
    return this.time.now();
  }
  on(l: CrashListener): () => void {
    return this.gateway.on(l);
  }
  chainInfo() {
    return this.chain.info();
  }
  recentPoints(): number[] {
    return this.chain.recentPoints();
  }
  rounds(limit: number) {
    return this.chain.rounds(limit);
  }
  proof(roundId: number) {
    return this.chain.proof(roundId);
  }
  state(): CrashRoundState | null {
    return this.engine.state();
  }
  apply(frame: CrashServerFrame, memberId?: number): Promise<void> {
    return this.engine.apply(frame, memberId);
  }
  resync(): Promise<void> {
    return this.engine.resync();
  }
  lead(): Promise<number> {
    return this.engine.lead();
  }
  stepDown(): void {
    this.engine.stepDown();
  }
  tick(): Promise<void> {
    return this.engine.tick();
  }
  myBets(memberId: number): Promise<CrashBetView[]> {
    return this.bets.myBets(memberId);
  }
  placeBet(...a: Parameters<CrashBets['placeBet']>): Promise<CrashBetView> {
    return this.bets.placeBet(...a);
  }
  cashOut(
    principal: MemberPrincipal,
    target: { slot: number; betId?: number | undefined },
    origin?: unknown,
  ) {
    return this.settlement.cashOut(principal, target, origin);
  }
}
