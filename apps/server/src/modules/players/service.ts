import {
  isAgentType,
  type PlayerProfile,
  type PlayerSearchQuery,
  type PlayerTraces,
  RISK_FLAGS,
  type RiskFlag,
} from '@wps/contract';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { AgentsService } from '../agents/service.ts';
import type { AuthService } from '../auth/service.ts';
import type { CashierService } from '../cashier/service.ts';
import { type ConsoleStatus, MemberAdmin } from '../members/admin.ts';
import type { MembersService } from '../members/service.ts';
import type { MessagesService } from '../messages/service.ts';
import type { PromotionsService } from '../promotions/service.ts';
import { agentTreeLevel } from './agent-tree.ts';
import { PlayerKyc } from './kyc.ts';
import { playerLabels, playerNotes } from './schema.ts';

export interface ConsoleActor {
  id: number;
  account: string;
  ip?: string | null | undefined;
}

export interface PlayersDeps {
  members: MembersService;
  auth: AuthService;
  agents: AgentsService;
  cashier: CashierService;
  promotions: PromotionsService;
  messages: MessagesService;
  audit: AuditService;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The operator console's view of players and agents (issue 16). It owns notes, labels and KYC
 * documents; everything else it reads and changes through the owning module's service.
 */
export class PlayersService {
  readonly admin: MemberAdmin;
  readonly kyc: PlayerKyc;

  constructor(
    private readonly db: Db,
    private readonly deps: PlayersDeps,
    uploadLimitBytes: number,
  ) {
    this.admin = new MemberAdmin(db);
    this.kyc = new PlayerKyc(db, { admin: this.admin, audit: deps.audit }, uploadLimitBytes);
  }

  private async member(id: number) {
    const m = await this.deps.members.getById(id);
    if (!m) throw new AppError('NOT_FOUND');
    return m;
  }

  private audit(
    actor: ConsoleActor,
    action: string,
    memberId: number,
    before: unknown,
    after: unknown,
    tx?: DbOrTx,
  ) {
    return this.deps.audit.record(
      {
        actor: { id: actor.id, account: actor.account },
        action,
        target: { type: 'member', id: memberId },
        before,
        after,
        ip: actor.ip ?? null,
      },
      tx,
    );
  }

  async search(q: PlayerSearchQuery) {
    const ids =
      q.by === 'ip' || q.by === 'device'
        ? await this.deps.auth.loginHistory.memberIdsBy(q.by, q.q.trim())
        : [];
    const { rows, total } = await this.admin.search({ ...q, ids });
    return {
      content: rows,
      pageNum: q.pageNo,
      pageSize: q.pageSize,
      total,
      totalPages: Math.ceil(total / q.pageSize),
    };
  }

  async profile(id: number, opts: { kyc: boolean }): Promise<PlayerProfile> {
    const m = await this.member(id);
    const path = await this.deps.members.tree.uplinePath(id);
    const accounts = await this.deps.members.tree.accountsOf(path);
    const labels = await this.labels(id);
    let balance: string | null = null;
    try {
      balance = (await this.deps.cashier.walletBalance(id)).balance;
    } catch {
      balance = null; // a member without a wallet yet (never funded)
    }
    return {
      id: m.id,
      account: m.account,
      type: m.type,
      isAgent: isAgentType(m.type),
      status: m.status,
      nickname: m.nickname,
      payeeName: m.payeeName,
      email: m.email,
      emailVerified: m.emailVerified,
      countryDialingCode: m.countryDialingCode,
      mobileNum: m.mobileNum,
      mobileVerified: m.mobileVerified,
      registerIp: m.registerIp,
      registerUrl: m.registerUrl,
      createdAt: iso(m.createdAt),
      lastLoginAt: m.lastLoginAt ? iso(m.lastLoginAt) : null,
      uplines: path.map((pid) => ({ id: pid, account: accounts.get(pid) ?? '' })),
      ...labels,
      kyc: opts.kyc
        ? {
            ...(await this.kyc.summary(id)),
            idNumber: m.idNumber,
            birthday: m.birthday,
          }
        : null,
      balance,
    };
  }

  /**
   * active ⇄ frozen; either → closed, which is final. A member that is not active cannot sign in
   * (auth refuses with the status's message), its sessions stop resolving (revoked here and
   * refused by status), and the seamless wallet refuses its bets; its balance stays in the ledger.
   */
  async setStatus(actor: ConsoleActor, id: number, status: ConsoleStatus, reason: string) {
    const before = await this.db.transaction(async (tx) => {
      const row = await this.admin.lock(tx, id);
      if (!row) throw new AppError('NOT_FOUND');
      if (row.status === 'closed' && status !== 'closed') {
        throw new AppError('CONFLICT', { messageKey: 'playerClosedFinal' });
      }
      await this.admin.setStatus(tx, id, status);
      await this.audit(actor, 'player.status', id, { status: row.status }, { status, reason }, tx);
      return row.status;
    });
    this.deps.members.infoCache.drop(id);
    if (status !== 'active') await this.deps.auth.sessions.revokeMemberSessions(id);
    return { status, previous: before };
  }

  async notes(id: number) {
    await this.member(id);
    const rows = await this.db
      .select()
      .from(playerNotes)
      .where(eq(playerNotes.memberId, id))
      .orderBy(desc(playerNotes.id))
      .limit(200);
    return rows.map((r) => ({
      id: r.id,
      body: r.body,
      authorAccount: r.authorAccount,
      createdAt: iso(r.createdAt),
    }));
  }

  async addNote(actor: ConsoleActor, id: number, body: string) {
    await this.member(id);
    const [row] = await this.db
      .insert(playerNotes)
      .values({ memberId: id, authorId: actor.id, authorAccount: actor.account, body })
      .returning();
    return {
      id: row!.id,
      body: row!.body,
      authorAccount: row!.authorAccount,
      createdAt: iso(row!.createdAt),
    };
  }

  async labels(id: number): Promise<{ tags: string[]; riskFlags: RiskFlag[] }> {
    const rows = await this.db
      .select({ kind: playerLabels.kind, value: playerLabels.value })
      .from(playerLabels)
      .where(eq(playerLabels.memberId, id))
      .orderBy(asc(playerLabels.value));
    return {
      tags: rows.filter((r) => r.kind === 'tag').map((r) => r.value),
      riskFlags: rows
        .filter((r) => r.kind === 'risk' && (RISK_FLAGS as readonly string[]).includes(r.value))
        .map((r) => r.value as RiskFlag),
    };
  }

  /** Replaces the member's tags and risk flags with these sets (audited with before and after). */
  async setLabels(actor: ConsoleActor, id: number, input: { tags: string[]; riskFlags: RiskFlag[] }) {
    await this.member(id);
    const tags = [...new Set(input.tags)];
    const riskFlags = [...new Set(input.riskFlags)];
    const before = await this.labels(id);
    await this.db.transaction(async (tx) => {
      await tx.delete(playerLabels).where(eq(playerLabels.memberId, id));
      const values = [
        ...tags.map((value) => ({ memberId: id, kind: 'tag', value, createdBy: actor.account })),
        ...riskFlags.map((value) => ({ memberId: id, kind: 'risk', value, createdBy: actor.account })),
      ];
      if (values.length) await tx.insert(playerLabels).values(values);
      await this.audit(actor, 'player.labels', id, before, { tags, riskFlags }, tx);
    });
    return this.labels(id);
  }

  async loginHistory(id: number, page: { pageNo: number; pageSize: number }) {
    await this.member(id);
    const { rows, total } = await this.deps.auth.loginHistory.ofMember(id, page);
    return {
      content: rows.map((r) => ({
        at: iso(r.at),
        ip: r.ip,
        userAgent: r.userAgent,
        deviceId: r.deviceId,
        loginType: r.loginType,
        result: r.result,
      })),
      pageNum: page.pageNo,
      pageSize: page.pageSize,
      total,
      totalPages: Math.ceil(total / page.pageSize),
    };
  }

  /** The member's addresses and devices, each with the other accounts seen on it (linked accounts). */
  async traces(id: number): Promise<PlayerTraces> {
    const m = await this.member(id);
    const history = this.deps.auth.loginHistory;
    const traces = await history.traces(id);
    if (m.registerIp && !traces.some((t) => t.kind === 'ip' && t.value === m.registerIp)) {
      traces.push({ kind: 'ip', value: m.registerIp, logins: 0, firstAt: m.createdAt, lastAt: m.createdAt });
    }
    const ips = traces.filter((t) => t.kind === 'ip').map((t) => t.value);
    const devices = traces.filter((t) => t.kind === 'device').map((t) => t.value);
    const shared = await history.sharing(id, ips, devices);
    for (const r of await this.admin.registeredFrom(ips, id))
      shared.push({ memberId: r.id, kind: 'ip', value: r.ip });
    const briefs = await this.admin.briefs([...new Set(shared.map((s) => s.memberId))]);
    return {
      traces: traces.map((t) => {
        const ids = [
          ...new Set(shared.filter((s) => s.kind === t.kind && s.value === t.value).map((s) => s.memberId)),
        ];
        return {
          kind: t.kind,
          value: t.value,
          logins: t.logins,
          firstAt: iso(t.firstAt),
          lastAt: iso(t.lastAt),
          accounts: ids
            .filter((mid) => briefs.has(mid))
            .map((mid) => ({ id: mid, account: briefs.get(mid)!.account, status: briefs.get(mid)!.status })),
        };
      }),
    };
  }

  async sessions(id: number) {
    await this.member(id);
    const rows = await this.deps.auth.sessions.liveOfMember(id);
    return rows.map((r) => ({
      id: r.id,
      loginType: r.loginType,
      ip: r.ip,
      userAgent: r.userAgent,
      createdAt: iso(r.createdAt),
      lastSeenAt: iso(r.lastSeenAt),
      expiresAt: iso(r.expiresAt),
    }));
  }

  async revokeSession(actor: ConsoleActor, id: number, sessionId: number) {
    await this.member(id);
    if (!(await this.deps.auth.sessions.revokeOfMember(id, sessionId))) throw new AppError('NOT_FOUND');
    await this.audit(actor, 'player.session.revoke', id, { sessionId }, null);
  }

  async setIdentity(
    actor: ConsoleActor,
    id: number,
    input: {
      idNumber?: string | null | undefined;
      birthday?: string | null | undefined;
      payeeName?: string | null | undefined;
    },
  ) {
    const m = await this.member(id);
    await this.db.transaction(async (tx) => {
      await this.admin.setIdentity(tx, id, input);
      // The real name decides where withdrawals may go: its change is audited with the old value.
      await this.audit(
        actor,
        'player.kyc.identity',
        id,
        { idNumber: m.idNumber, birthday: m.birthday, payeeName: m.payeeName },
        input,
        tx,
      );
    });
    // The member's own next read must see it: the wps_auth notice that drops the cached row on
    // every instance arrives asynchronously, after this answer.
    this.deps.members.infoCache.drop(id);
  }

  /**
   * Moves a member (and its downline) under another agent, or to the top. Refused under a
   * non-agent, under itself or its own downline, and for an agent that holds contracts (their
   * terms were given by the old upline). Future bets carry the new upline path; recorded bets
   * keep theirs (the bets record is append-only), so past salaries and reports do not change.
   */
  async move(actor: ConsoleActor, id: number, parentAccount: string | null) {
    const m = await this.member(id);
    let parentId: number | null = null;
    if (parentAccount !== null) {
      const parent = await this.deps.members.getByAccount(parentAccount);
      if (!parent) throw new AppError('NOT_FOUND', { fields: { parentAccount: 'userNotExist' } });
      if (!isAgentType(parent.type)) {
        throw new AppError('VALIDATION', {
          messageKey: 'moveTargetNotAgent',
          fields: { parentAccount: 'moveTargetNotAgent' },
        });
      }
      if (parent.id === id || (await this.deps.members.isInDownline(id, parent.id))) {
        throw new AppError('VALIDATION', {
          messageKey: 'moveIntoOwnDownline',
          fields: { parentAccount: 'moveIntoOwnDownline' },
        });
      }
      parentId = parent.id;
    }
    const held = await this.deps.agents.contracts.list(id, { side: 'RECEIVED' });
    if (held.some((c) => c.status === 'active' || c.status === 'offered')) {
      throw new AppError('CONFLICT', { messageKey: 'moveHasContracts' });
    }
    const before = await this.deps.members.tree.uplinePath(id);
    await this.db.transaction(async (tx) => {
      const row = await this.admin.lock(tx, id);
      if (!row) throw new AppError('NOT_FOUND');
      await this.admin.setParent(tx, id, parentId);
      await this.audit(
        actor,
        'player.move',
        id,
        { parentId: m.parentId, uplinePath: before },
        { parentId, parentAccount },
        tx,
      );
    });
    this.deps.members.infoCache.drop(id);
    return { uplinePath: await this.deps.members.tree.uplinePath(id) };
  }

  /** The player's promotions and bonuses (an unknown id is NOT_FOUND, as on every profile call). */
  async promotions(id: number) {
    await this.member(id);
    return this.deps.promotions.rewardCenter(id);
  }

  async sendMessage(actor: ConsoleActor, id: number, input: { title: string; body: string }) {
    await this.member(id);
    const messageId = await this.deps.messages.send(id, { kind: 'operator', ...input });
    await this.audit(actor, 'player.message', id, null, { messageId, title: input.title });
    return { id: messageId };
  }

  /** One level of the agent tree (top when `parentId` is absent) with counts and contracts. */
  async agentTree(parentId: number | null) {
    if (parentId !== null) await this.member(parentId);
    return agentTreeLevel(this.admin, this.deps.agents, parentId);
  }
}
