import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { AuthService } from './modules/auth/service.ts';
import { MembersService } from './modules/members/service.ts';
import { SystemService } from './modules/system/service.ts';
import { VerificationService } from './modules/verification/service.ts';
import { AuditService } from './modules/admin/service.ts';
import { CashierTeamTotals } from './modules/cashier/team-totals.ts';
import { CashierService } from './modules/cashier/service.ts';
import { PaymentsService } from './modules/payments/service.ts';
import { SeamlessService } from './modules/seamless/service.ts';
import { WalletService } from './modules/wallet/service.ts';
import { BetsService } from './modules/bets/service.ts';
import { GamesService } from './modules/games/service.ts';
import { GamesAdminService } from './modules/games/admin-service.ts';
import { BettingRecords } from './modules/games/records.ts';
import { InhouseService } from './modules/inhouse/service.ts';
import { JackpotService } from './modules/jackpot/service.ts';
import { crashFairness } from './modules/inhouse/crash-beacon.ts';
import { CrashService } from './modules/inhouse/crash-service.ts';
import { LotteryService } from './modules/lottery/service.ts';
import { AgentsService } from './modules/agents/service.ts';
import { ContentService } from './modules/content/service.ts';
import { SystemContacts } from './modules/system/contacts.ts';
import { MessagesService } from './modules/messages/service.ts';
import { BonusEngine } from './modules/promotions/bonus-engine.ts';
import { PromotionsService } from './modules/promotions/service.ts';
import { CashbackService } from './modules/promotions/cashback.ts';
import { PointsService } from './modules/points/service.ts';
import { RebateService } from './modules/promotions/rebate.ts';
import { TicketsService } from './modules/promotions/tickets.ts';
import { PlayersService } from './modules/players/service.ts';
import { ProtectionService } from './modules/protection/service.ts';
import { ReportsService } from './modules/reports/service.ts';
import { MissionsService } from './modules/missions/service.ts';
import { VipService } from './modules/missions/vip.ts';
import { ReferralService } from './modules/referral/service.ts';
import { AffiliateService } from './modules/referral/affiliate.ts';
import { RankingService } from './modules/referral/ranking.ts';
import { LinksService } from './modules/links/service.ts';
import { SupportService } from './modules/support/service.ts';
import { RoomsService } from './modules/rooms/service.ts';
import { PushService } from './modules/push/service.ts';

/**
 * The module services, built once per app. Modules call each other through these,
 * never through another module's tables.
 */
export interface Services {
  system: SystemService;
  members: MembersService;
  auth: AuthService;
  verification: VerificationService;
  wallet: WalletService;
  seamless: SeamlessService;
  cashier: CashierService;
  /** Deposits through eSewa and Khalti (issue 29), credited through the cashier's approval. */
  payments: PaymentsService;
  audit: AuditService;
  bets: BetsService;
  games: GamesService;
  gameRecords: BettingRecords;
  gamesAdmin: GamesAdminService;
  inhouse: InhouseService;
  jackpot: JackpotService;
  crash: CrashService;
  lottery: LotteryService;
  agents: AgentsService;
  content: ContentService;
  systemContacts: SystemContacts;
  messages: MessagesService;
  bonusEngine: BonusEngine;
  promotions: PromotionsService;
  cashback: CashbackService;
  points: PointsService;
  rebate: RebateService;
  tickets: TicketsService;
  players: PlayersService;
  protection: ProtectionService;
  reports: ReportsService;
  missions: MissionsService;
  vip: VipService;
  referral: ReferralService;
  affiliate: AffiliateService;
  ranking: RankingService;
  /** Invite links (issue 31). */
  links: LinksService;
  /** Live support chat (issue 31). */
  support: SupportService;
  /** Host rooms: a moderated chat room per live host, on live support's socket (issue 31). */
  rooms: RoomsService;
  /** Web Push to members' installed apps (issue 31): support replies while they are away. */
  push: PushService;
}

export function createServices(config: Config, database: Database): Services {
  const db = database.db;
  const system = new SystemService(db, config);
  const members = new MembersService(db, config);
  const verification = new VerificationService(db, config);
  const wallet = new WalletService(db, config);
  const audit = new AuditService(db);
  const bets = new BetsService(db, { finalitySeconds: config.betsFinalitySeconds });
  const games = new GamesService(db, {
    bets,
    members,
    wallet,
    launchGameCdns: config.launchGameCdns,
    // The winners board announces jackpot wins beside the biggest rounds (issue 31); made below.
    jackpotWinners: (limit) => jackpot.recentWins(limit),
    // Signed-in players' free trial (games/trial-launch.ts); auth is made below, before any request.
    trial: {
      enabled: () => system.isFlagEnabled('FREEPLAY3'),
      rateLimit: (key, limit, windowMs) => auth.rateLimit(key, limit, windowMs),
      openSession: async (twinId) =>
        (await auth.sessions.open({ memberId: twinId, role: 'trial', loginType: 'trial-twin' })).token,
    },
  });
  const gameRecords = new BettingRecords({
    bets,
    games,
    // A lottery round's commission (the lottery service is made below, before any request).
    commissionOf: (memberId, source, roundId) =>
      source === 'lottery' ? lottery.commissionOf(memberId, roundId) : Promise.resolve(null),
  });
  // Player protection first: every bet path takes its check as a constructor argument, so a server
  // cannot start without it. It ends sessions through auth, which is built below (called only
  // later, when an exclusion is taken).
  const protection = new ProtectionService(db, config, {
    members,
    wallet,
    audit,
    revokeSessions: (id) => auth.sessions.revokeMemberSessions(id),
  });
  const guardBet = <T>(id: number, trial: boolean, stake: bigint, ctx: string, bet: () => Promise<T>) =>
    protection.guardBet(id, trial, stake, ctx, bet);
  const seamless = new SeamlessService(db, config, {
    wallet,
    members,
    audit,
    betGuard: (id, trial, stake, ctx) => protection.betRefusal(id, trial, stake, ctx),
  });
  const inhouse = new InhouseService(db, {
    wallet,
    bets,
    audit,
    betGuard: guardBet,
    limitsApply: (id) => protection.restricted(id),
  });
  const auth = new AuthService(db, config, { system, members, verification, audit });
  // Member info is cached while the session cache hears every change to members (members/info.ts).
  members.infoCache.attach(auth.sessions.changes);
  const messages = new MessagesService(db, {
    members,
    audit,
    marketingBlocked: (id) => protection.isExcluded(id),
  });
  const cashier = new CashierService(db, config, {
    wallet,
    members,
    audit,
    depositGuard: (tx, member, amount, since) => protection.checkDeposit(tx, member, amount, since),
  });
  const bonusEngine = new BonusEngine(db, { wallet, bets, messages, audit });
  const agents = new AgentsService(db, config, {
    members,
    bets,
    wallet,
    system,
    cashierTeam: new CashierTeamTotals(db),
  });
  const content = new ContentService(db, config, { audit, auth, messages });
  const cashback = new CashbackService(db, bonusEngine, { bets, messages });
  const promotions = new PromotionsService(db, bonusEngine, {
    members,
    cashier,
    messages,
    audit,
    cashback,
    content,
    utcOffsetMinutes: config.businessUtcOffsetMinutes,
    // Made below: tickets need points, which come after promotions.
    tickets: () => tickets,
  });
  const vip = new VipService(db, {
    wallet,
    messages,
    audit,
    members,
    utcOffsetMinutes: config.businessUtcOffsetMinutes,
  });
  const missions = new MissionsService(db, {
    bets,
    wallet,
    members,
    messages,
    audit,
    cashier,
    vip,
    bonusEngine,
    utcOffsetMinutes: config.businessUtcOffsetMinutes,
  });
  const playerDeps = { members, auth, agents, cashier, promotions, messages, audit };
  const lottery = new LotteryService(db, config, { wallet, bets, audit, betGuard: guardBet });
  // The bet check's "any limits?" answer is dropped on every instance when it changes (migration 0047).
  protection.attach(auth.sessions.changes);
  wireProtection(protection, { auth, messages });
  const referral = new ReferralService(db, {
    members,
    bets,
    cashier,
    wallet,
    messages,
    bonusEngine,
    audit,
  });
  const points: PointsService = new PointsService(db, {
    bets,
    wallet,
    members,
    messages,
    audit,
    system,
    issueTickets: (tx, r) => tickets.issue(tx, { ...r, source: 'mall' }),
  });
  // The stand-in salt beacon (outside production) keeps the crash game's clock, which tests move.
  const crash: CrashService = new CrashService(
    db,
    inhouse,
    crashFairness(config, () => crash.now()),
  );
  const jackpot = new JackpotService(db, {
    wallet,
    bets,
    inhouse,
    members,
    messages,
    audit,
    production: config.env === 'production',
  });
  const tickets: TicketsService = new TicketsService(db, {
    inhouse,
    wallet,
    bonusEngine,
    points,
    members,
    messages,
    audit,
  });
  const push = new PushService(db, config.webPush, config.logLevel);
  const support = new SupportService(db, { members, wallet, system, auth, audit, push });
  return {
    referral,
    affiliate: new AffiliateService(db, { members, messages, audit }),
    ranking: new RankingService({ bets, members, games, utcOffsetMinutes: config.businessUtcOffsetMinutes }),
    links: new LinksService(db),
    missions,
    vip,
    protection,
    players: new PlayersService(db, playerDeps, config.uploadLimitBytes),
    agents,
    messages,
    bonusEngine,
    promotions,
    cashback,
    points,
    tickets,
    rebate: new RebateService(db, {
      bets,
      wallet,
      members,
      messages,
      audit,
      system,
      utcOffsetMinutes: config.businessUtcOffsetMinutes,
    }),
    bets,
    games,
    gameRecords,
    gamesAdmin: new GamesAdminService(db, { games, records: gameRecords, audit, members, seamless }),
    wallet,
    audit,
    inhouse,
    jackpot,
    crash,
    lottery,
    seamless,
    cashier,
    payments: new PaymentsService(db, config, { cashier, audit }),
    system,
    members,
    verification,
    auth,
    content,
    systemContacts: new SystemContacts(db, system),
    reports: new ReportsService(db, config),
    support,
    rooms: new RoomsService(db, config.liveHosts, { members, audit, relay: support.relay }),
    push,
  };
}

/**
 * Player protection's hooks that cannot be constructor arguments (issue 16; the bet and deposit
 * checks and the marketing block are): sign-in, where auth and protection need each other. Auth
 * fails closed: its start-up check below refuses to build a server without them.
 */
function wireProtection(p: ProtectionService, s: Pick<Services, 'auth' | 'messages'>) {
  s.auth.loginGuard = (member) => p.checkLogin(member);
  s.auth.loginPrecheck = (member) => p.checkExcludedAtLogin(member);
  s.auth.assertWired();
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    config: Config;
    database: Database;
  }
}
