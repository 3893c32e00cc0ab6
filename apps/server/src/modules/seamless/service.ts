import {
  type SeamlessBetRequest,
  type SeamlessRollbackRequest,
  type SeamlessWinRequest,
  toMinor,
} from '@wps/contract';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { MembersService } from '../members/service.ts';
import { type AccountRef, accountKey } from '../wallet/accounts.ts';
import { fingerprintOf, type Metadata, type WalletService } from '../wallet/service.ts';
import { answer, ledgerKey, replay, type SeamlessAnswer, type SeamlessStore, walletOf } from './answers.ts';
import { type ApplyItem, applyBatch, applyOne } from './apply-statements.ts';
import { type ApplyOutcome, SeamlessLanes } from './group-commit.ts';
import { type Player, SeamlessPlayers } from './players.ts';
import { rollbackTx } from './rollback.ts';
import { seamlessTransactions } from './schema.ts';
import { type SignatureCheck, SeamlessVendors } from './vendors.ts';

export type { SeamlessAnswer } from './answers.ts';

/**
 * The vendor → platform wallet (DESIGN §4). Each money call is one database transaction holding
 * the vendor's transaction row, the ledger postings and the round totals, so a crash leaves all
 * of them or none. The (vendor, txId) row is inserted first: its unique key makes a duplicate
 * call wait for, then replay, the first one's answer, and lets a rollback that arrives before its
 * bet claim the bet's slot so the late bet is refused.
 */
/** Player protection's bet check (issue 16): a refusal, or a release to call once the bet is done. */
export type SeamlessBetGuard = (
  memberId: number,
  trial: boolean,
  stake: bigint,
  context: string,
) => Promise<{ error: AppError; release: null } | { error: null; release: () => Promise<void> }>;

export class SeamlessService {
  /**
   * Player protection's check on every bet, a constructor argument so a server cannot start
   * without it (members without limits pay one cached lookup). Mutable only for the wallet
   * profile bench, which measures the path without it.
   */
  betGuard: SeamlessBetGuard;
  private readonly playerCache: SeamlessPlayers;
  readonly vendors: SeamlessVendors;
  readonly batches: SeamlessLanes<ApplyItem>;
  /** What replays and rollbacks read and write through (answers.ts, rollback.ts). */
  private readonly store: SeamlessStore;

  constructor(
    private readonly db: Db,
    config: Config,
    private readonly deps: {
      wallet: WalletService;
      members: MembersService;
      audit: AuditService;
      betGuard: SeamlessBetGuard;
    },
  ) {
    this.betGuard = deps.betGuard;
    this.vendors = new SeamlessVendors(db, config, deps.audit);
    this.playerCache = new SeamlessPlayers(deps.members);
    this.store = { db, wallet: deps.wallet };
    this.batches = new SeamlessLanes<ApplyItem>(
      (items) => this.applyBatch(items),
      (item) => this.applyOne(item),
    );
  }

  /** Many calls in one autocommitted statement (group commit, see group-commit.ts). */
  private applyBatch(items: ApplyItem[]): Promise<ApplyOutcome[]> {
    return applyBatch(this.db, items);
  }

  /** One call in its own statement: a lone call, or a retry after its batch failed. */
  private applyOne(item: ApplyItem): Promise<ApplyOutcome> {
    return applyOne(this.db, item);
  }

  /** Signature check against the vendor store (no vendor has a default secret). */
  verifySignature(vendor: string, rawBody: Buffer, signature: string | undefined): Promise<SignatureCheck> {
    return this.vendors.verify(vendor, rawBody, signature);
  }

  private player(username: string): Promise<Player> {
    return this.playerCache.get(username);
  }

  /** Trial members play only with play money, granted on first use. */
  private async prepare(p: Player, vendor: string): Promise<{ wallet: AccountRef; house: AccountRef }> {
    if (p.trial) await this.deps.wallet.ensureTrial(p.id);
    const wallet = walletOf(p);
    const house = this.deps.wallet.houseFor(vendor, p.id, p.trial);
    // Resolved outside the transaction so the ids are cached; inside it the call costs nothing.
    await this.deps.wallet.ensureAccounts([wallet, house]);
    return { wallet, house };
  }

  /** Protocol errors after the player is known still carry the balance (DESIGN §4). */
  async withBalance(username: string, err: AppError): Promise<SeamlessAnswer | null> {
    try {
      const p = await this.player(username);
      const balance = await this.deps.wallet.balance(walletOf(p));
      return answer(p, balance, { code: err.code, messageKey: err.messageKey });
    } catch {
      return null;
    }
  }

  async balance(vendor: string, username: string): Promise<SeamlessAnswer> {
    void vendor;
    const p = await this.player(username);
    if (p.trial) await this.deps.wallet.ensureTrial(p.id);
    return answer(p, await this.deps.wallet.balance(walletOf(p)));
  }

  /** Debits a bet: one statement (seamless_apply); a bet above the balance moves nothing. */
  async bet(vendor: string, req: SeamlessBetRequest): Promise<SeamlessAnswer> {
    const p = await this.player(req.username);
    const amount = toMinor(req.amount);
    const { wallet, house } = await this.prepare(p, vendor);
    const guard = await this.betGuard(p.id, p.trial, amount, 'seamless');
    if (guard.error) {
      // A retry of a bet already taken replays its answer; a new bet is refused, nothing debited.
      const [seen] = await this.db
        .select({ id: seamlessTransactions.id })
        .from(seamlessTransactions)
        .where(and(eq(seamlessTransactions.vendor, vendor), eq(seamlessTransactions.txId, req.txId)));
      if (!seen)
        return answer(p, await this.deps.wallet.balance(wallet), {
          code: guard.error.code,
          messageKey: guard.error.messageKey,
          txId: req.txId,
          status: 'rejected',
        });
    }
    try {
      return await this.placeBet(p, vendor, req, amount, wallet, house);
    } finally {
      await guard.release?.();
    }
  }

  private placeBet(
    p: Player,
    vendor: string,
    req: SeamlessBetRequest,
    amount: bigint,
    wallet: AccountRef,
    house: AccountRef,
  ): Promise<SeamlessAnswer> {
    return this.apply(p, vendor, {
      kind: 'bet',
      txId: req.txId,
      roundId: req.roundId,
      gameCode: req.gameCode,
      amount,
      fingerprint: fingerprintOf({
        kind: 'bet',
        roundId: req.roundId,
        member: p.id,
        gameCode: req.gameCode,
        amount,
      }),
      wallet,
      postings: [
        { account: wallet, amount: -amount },
        { account: house, amount },
      ],
      metadata: { vendor, txId: req.txId, roundId: req.roundId, gameCode: req.gameCode },
    });
  }

  /** Credits a win (the house side may go negative, so a win is never refused for funds). */
  async win(vendor: string, req: SeamlessWinRequest): Promise<SeamlessAnswer> {
    const p = await this.player(req.username);
    const amount = toMinor(req.amount);
    const { wallet, house } = await this.prepare(p, vendor);
    // A win needs a bet by this member in this round, unless the vendor opted in to bet-less
    // wins (free spins, promotions): seamless_apply decides, in the same statement as the credit.
    return this.apply(p, vendor, {
      kind: 'win',
      txId: req.txId,
      roundId: req.roundId,
      gameCode: null,
      amount,
      fingerprint: fingerprintOf({ kind: 'win', roundId: req.roundId, member: p.id, amount }),
      wallet,
      postings: [
        { account: house, amount: -amount },
        { account: wallet, amount },
      ],
      metadata: { vendor, txId: req.txId, roundId: req.roundId },
    });
  }

  /**
   * Bets and wins are the hot path: the vendor row, the round totals and the ledger postings are
   * written by ONE database function (`seamless_apply`, migration 0006), and calls arriving
   * together share one autocommitted statement and one commit (group commit: see
   * group-commit.ts and `seamless_apply_many`, migration 0042). The lock order inside each call
   * is the one every seamless call keeps: vendor row, then round row, then the ledger accounts
   * (in id order, by wallet_post); a set-based batch locks its accounts first (its members' other
   * calls wait in their lane meanwhile, see 0042).
   */
  private async apply(
    p: Player,
    vendor: string,
    call: {
      kind: 'bet' | 'win';
      txId: string;
      roundId: string;
      gameCode: string | null;
      amount: bigint;
      fingerprint: string;
      wallet: AccountRef;
      postings: Array<{ account: AccountRef; amount: bigint }>;
      metadata: Metadata;
    },
  ): Promise<SeamlessAnswer> {
    const post = await this.deps.wallet.prepare({
      key: ledgerKey(vendor, call.txId),
      reason: call.kind,
      postings: call.postings,
      metadata: call.metadata,
    });
    const walletId = post.accountIds[post.accountKeys.indexOf(accountKey(call.wallet))]!;
    const row = await this.batches.apply(p.id, {
      v: vendor,
      t: call.txId,
      k: call.kind,
      r: call.roundId,
      m: p.id,
      tr: p.trial,
      g: call.gameCode,
      a: call.amount.toString(),
      f: call.fingerprint,
      key: post.key,
      reason: post.reason,
      lf: post.fingerprint,
      md: post.metadataJson,
      acc: post.accountIds,
      amt: post.amounts.map(String),
      w: walletId,
    });
    if (row.status === 'taken')
      return replay(this.store, undefined, p, vendor, call.txId, call.kind, call.fingerprint);
    // Neither refusal below is remembered: nothing was written, a retry is judged afresh.
    if (row.status === 'disabled') throw new AppError('FORBIDDEN', { messageKey: 'accountDisabled' });
    if (row.status === 'round_not_found') {
      return answer(p, BigInt(row.balance!), {
        code: 'ROUND_NOT_FOUND',
        txId: call.txId,
        status: 'rejected',
      });
    }
    if (row.status === 'insufficient_funds') {
      // Nothing was debited; remembered, so a retry of this txId answers the same even after a deposit.
      return answer(p, BigInt(row.balance!), {
        code: 'INSUFFICIENT_FUNDS',
        txId: call.txId,
        status: 'rejected',
      });
    }
    return answer(p, BigInt(row.balance!), { txId: call.txId, status: 'applied' });
  }

  /**
   * Reverses a bet. Vendor contracts differ on the edge cases; ours, documented in the OpenAPI
   * description: an unknown refTxId is answered OK with status `not_found`, nothing moves, and the
   * bet is refused if it arrives later; a second rollback of the same bet answers OK with
   * `already_rolled_back`; rolling back a win or another rollback is refused (409 CONFLICT,
   * nothing moves) — a vendor corrects a win with a new transaction.
   */
  async rollback(vendor: string, req: SeamlessRollbackRequest): Promise<SeamlessAnswer> {
    const p = await this.player(req.username);
    const fingerprint = fingerprintOf({ kind: 'rollback', refTxId: req.refTxId, member: p.id });
    const { wallet } = await this.prepare(p, vendor);
    // In the member's lane, after their earlier bets (see group-commit.ts).
    return this.batches.exclusive(p.id, () => rollbackTx(this.store, vendor, req, p, wallet, fingerprint));
  }
}
