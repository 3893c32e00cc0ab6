import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  CURRENCY,
  fromMinor,
  isTrialType,
  type MessageKey,
  type ResponseCode,
  type SeamlessBetRequest,
  type SeamlessRollbackRequest,
  type SeamlessStatus,
  type SeamlessValue,
  type SeamlessWinRequest,
  toMinor,
} from '@wps/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, isAppError } from '../../http/errors.ts';
import type { MembersService } from '../members/service.ts';
import { type AccountRef, Accounts, accountKey } from '../wallet/accounts.ts';
import { fingerprintOf, type WalletService } from '../wallet/service.ts';
import { seamlessRounds, seamlessTransactions } from './schema.ts';

/** What the route sends: the envelope's code (and message key) plus a value that always has the balance. */
export interface SeamlessAnswer {
  code: ResponseCode;
  messageKey?: MessageKey;
  value: SeamlessValue;
}

interface Player {
  id: number;
  account: string;
  trial: boolean;
  active: boolean;
  loadedAt: number;
}

type Row = typeof seamlessTransactions.$inferSelect;

/** Usernames resolve to ids that never change; the short TTL only bounds how stale `active` can be. */
const PLAYER_CACHE_MS = 30_000;
const PLAYER_CACHE_MAX = 50_000;

/**
 * The vendor → platform wallet (DESIGN §4). Each money call is one database transaction holding
 * the vendor's transaction row, the ledger postings and the round totals, so a crash leaves all
 * of them or none. The (vendor, txId) row is inserted first: its unique key makes a duplicate
 * call wait for, then replay, the first one's answer, and lets a rollback that arrives before its
 * bet claim the bet's slot so the late bet is refused.
 */
export class SeamlessService {
  private readonly players = new Map<string, Player>();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly deps: { wallet: WalletService; members: MembersService },
  ) {}

  /** The vendor's HMAC secret, or undefined for a vendor we do not know. */
  vendorSecret(vendor: string): string | undefined {
    if (vendor === 'SANDBOX') return this.config.sandboxVendorSecret;
    return Object.hasOwn(this.config.vendorSecrets, vendor) ? this.config.vendorSecrets[vendor] : undefined;
  }

  /** Constant-time check of `X-Signature: hex(HMAC-SHA256(secret, rawBody))`. */
  verifySignature(vendor: string, rawBody: Buffer, signature: string | undefined): boolean {
    const secret = this.vendorSecret(vendor);
    if (!secret || typeof signature !== 'string' || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
    const expected = createHmac('sha256', secret).update(rawBody).digest();
    return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
  }

  private async player(username: string): Promise<Player> {
    const cacheKey = username.trim().toLowerCase();
    const cached = this.players.get(cacheKey);
    if (cached && Date.now() - cached.loadedAt < PLAYER_CACHE_MS) return cached;
    const m = await this.deps.members.getByAccount(username);
    if (!m) throw new AppError('NOT_FOUND', { messageKey: 'playerNotFound' });
    const p: Player = {
      id: m.id,
      account: m.account,
      trial: isTrialType(m.type),
      active: m.status === 'active',
      loadedAt: Date.now(),
    };
    if (this.players.size >= PLAYER_CACHE_MAX) this.players.clear();
    this.players.set(cacheKey, p);
    return p;
  }

  private wallet(p: Player): AccountRef {
    return p.trial ? Accounts.trial(p.id) : Accounts.cash(p.id);
  }

  /** Trial members play only with play money, granted on first use. */
  private async prepare(p: Player, vendor: string): Promise<{ wallet: AccountRef; house: AccountRef }> {
    if (p.trial) await this.deps.wallet.ensureTrial(p.id);
    const wallet = this.wallet(p);
    const house = this.deps.wallet.houseFor(vendor, p.id, p.trial);
    // Resolved outside the transaction so the ids are cached; inside it the call costs nothing.
    await this.deps.wallet.ensureAccounts([wallet, house]);
    return { wallet, house };
  }

  private answer(
    p: Player,
    balance: bigint,
    extra: { code?: ResponseCode; messageKey?: MessageKey; txId?: string; status?: SeamlessStatus } = {},
  ): SeamlessAnswer {
    return {
      code: extra.code ?? 'OK',
      ...(extra.messageKey ? { messageKey: extra.messageKey } : {}),
      value: {
        username: p.account,
        balance: fromMinor(balance),
        currency: CURRENCY,
        ...(extra.txId ? { txId: extra.txId } : {}),
        ...(extra.status ? { status: extra.status } : {}),
      },
    };
  }

  /** Protocol errors after the player is known still carry the balance (DESIGN §4). */
  async withBalance(username: string, err: AppError): Promise<SeamlessAnswer | null> {
    try {
      const p = await this.player(username);
      const balance = await this.deps.wallet.balance(this.wallet(p));
      return this.answer(p, balance, { code: err.code, messageKey: err.messageKey });
    } catch {
      return null;
    }
  }

  async balance(vendor: string, username: string): Promise<SeamlessAnswer> {
    void vendor;
    const p = await this.player(username);
    if (p.trial) await this.deps.wallet.ensureTrial(p.id);
    return this.answer(p, await this.deps.wallet.balance(this.wallet(p)));
  }

  async bet(vendor: string, req: SeamlessBetRequest): Promise<SeamlessAnswer> {
    const p = await this.player(req.username);
    if (!p.active) throw new AppError('FORBIDDEN', { messageKey: 'accountDisabled' });
    const amount = toMinor(req.amount);
    const fingerprint = fingerprintOf({
      kind: 'bet',
      roundId: req.roundId,
      member: p.id,
      gameCode: req.gameCode,
      amount,
    });
    const { wallet, house } = await this.prepare(p, vendor);
    return this.db.transaction(async (tx) => {
      const claimed = await this.claim(tx, {
        vendor,
        txId: req.txId,
        kind: 'bet',
        roundId: req.roundId,
        memberId: p.id,
        trial: p.trial,
        gameCode: req.gameCode,
        amount,
        fingerprint,
      });
      if (!claimed) return this.replay(tx, p, vendor, req.txId, 'bet', fingerprint);
      try {
        const posted = await this.deps.wallet.post(
          {
            key: `seamless:${vendor}:${req.txId}`,
            reason: 'bet',
            postings: [
              { account: wallet, amount: -amount },
              { account: house, amount },
            ],
            metadata: { vendor, txId: req.txId, roundId: req.roundId, gameCode: req.gameCode },
          },
          tx,
        );
        const balance = posted.balances.get(accountKey(wallet))!;
        await this.settleRow(tx, claimed, 'applied', 'OK', balance, posted.transactionId);
        await tx
          .insert(seamlessRounds)
          .values({
            vendor,
            roundId: req.roundId,
            memberId: p.id,
            trial: p.trial,
            gameCode: req.gameCode,
            betTotal: amount,
            betCount: 1,
          })
          .onConflictDoUpdate({
            target: [seamlessRounds.vendor, seamlessRounds.roundId, seamlessRounds.memberId],
            set: {
              betTotal: sql`${seamlessRounds.betTotal} + ${amount}`,
              betCount: sql`${seamlessRounds.betCount} + 1`,
              status: sql`case when ${seamlessRounds.status} = 'cancelled' then 'open' else ${seamlessRounds.status} end`,
              updatedAt: sql`now()`,
            },
          });
        return this.answer(p, balance, { txId: req.txId, status: 'applied' });
      } catch (err) {
        if (!isAppError(err) || err.code !== 'INSUFFICIENT_FUNDS') throw err;
        // Remembered, so a retry of this txId is answered the same way even after a deposit.
        const balance = await this.deps.wallet.balance(wallet, tx);
        await this.settleRow(tx, claimed, 'rejected', 'INSUFFICIENT_FUNDS', balance, null);
        return this.answer(p, balance, { code: 'INSUFFICIENT_FUNDS', txId: req.txId, status: 'rejected' });
      }
    });
  }

  async win(vendor: string, req: SeamlessWinRequest): Promise<SeamlessAnswer> {
    const p = await this.player(req.username);
    const amount = toMinor(req.amount);
    const fingerprint = fingerprintOf({ kind: 'win', roundId: req.roundId, member: p.id, amount });
    const { wallet, house } = await this.prepare(p, vendor);
    return this.db.transaction(async (tx) => {
      const claimed = await this.claim(tx, {
        vendor,
        txId: req.txId,
        kind: 'win',
        roundId: req.roundId,
        memberId: p.id,
        trial: p.trial,
        gameCode: null,
        amount,
        fingerprint,
      });
      if (!claimed) return this.replay(tx, p, vendor, req.txId, 'win', fingerprint);
      const posted = await this.deps.wallet.post(
        {
          key: `seamless:${vendor}:${req.txId}`,
          reason: 'win',
          postings: [
            { account: house, amount: -amount },
            { account: wallet, amount },
          ],
          metadata: { vendor, txId: req.txId, roundId: req.roundId },
        },
        tx,
      );
      const balance = posted.balances.get(accountKey(wallet))!;
      await this.settleRow(tx, claimed, 'applied', 'OK', balance, posted.transactionId);
      // A win may come without a bet we saw (free spins, jackpots): it opens the round.
      await tx
        .insert(seamlessRounds)
        .values({
          vendor,
          roundId: req.roundId,
          memberId: p.id,
          trial: p.trial,
          winTotal: amount,
          winCount: 1,
          status: 'settled',
        })
        .onConflictDoUpdate({
          target: [seamlessRounds.vendor, seamlessRounds.roundId, seamlessRounds.memberId],
          set: {
            winTotal: sql`${seamlessRounds.winTotal} + ${amount}`,
            winCount: sql`${seamlessRounds.winCount} + 1`,
            status: 'settled',
            updatedAt: sql`now()`,
          },
        });
      return this.answer(p, balance, { txId: req.txId, status: 'applied' });
    });
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
    const { wallet, house } = await this.prepare(p, vendor);
    return this.db.transaction(async (tx) => {
      const claimed = await this.claim(tx, {
        vendor,
        txId: req.txId,
        kind: 'rollback',
        refTxId: req.refTxId,
        memberId: p.id,
        trial: p.trial,
        fingerprint,
      });
      if (!claimed) return this.replay(tx, p, vendor, req.txId, 'rollback', fingerprint);

      // Take the referenced transaction's slot. If it is free the bet has not arrived: the
      // `cancelled` row remembers the rollback and makes the late bet fail to claim its slot.
      const marker = await this.claim(tx, {
        vendor,
        txId: req.refTxId,
        kind: 'cancelled',
        memberId: p.id,
        trial: p.trial,
        fingerprint: 'cancelled',
        status: 'cancelled',
      });
      const current = () => this.deps.wallet.balance(wallet, tx);
      if (marker) {
        const balance = await current();
        await this.settleRow(tx, claimed, 'not_found', 'OK', balance, null);
        return this.answer(p, balance, { txId: req.txId, status: 'not_found' });
      }
      // Lock the referenced row: two different rollbacks of one bet refund it once.
      const [ref] = await tx
        .select()
        .from(seamlessTransactions)
        .where(and(eq(seamlessTransactions.vendor, vendor), eq(seamlessTransactions.txId, req.refTxId)))
        .for('update');
      if (!ref) throw new Error('seamless: referenced row vanished');
      if (ref.memberId !== p.id) {
        const balance = await current();
        await this.settleRow(tx, claimed, 'rejected', 'NOT_FOUND', balance, null);
        return this.answer(p, balance, { code: 'NOT_FOUND', txId: req.txId, status: 'rejected' });
      }
      if (ref.kind === 'cancelled' || (ref.kind === 'bet' && ref.status === 'rejected')) {
        const balance = await current();
        await this.settleRow(tx, claimed, 'not_found', 'OK', balance, null);
        return this.answer(p, balance, { txId: req.txId, status: 'not_found' });
      }
      if (ref.kind !== 'bet') {
        const balance = await current();
        await this.settleRow(tx, claimed, 'rejected', 'CONFLICT', balance, null);
        return this.answer(p, balance, {
          code: 'CONFLICT',
          messageKey: 'rollbackNotBet',
          txId: req.txId,
          status: 'rejected',
        });
      }
      if (ref.status === 'rolled_back') {
        const balance = await current();
        await this.settleRow(tx, claimed, 'already_rolled_back', 'OK', balance, null);
        return this.answer(p, balance, { txId: req.txId, status: 'already_rolled_back' });
      }
      const amount = BigInt(ref.amount ?? 0n);
      // The refund leaves the same house shard the bet paid into (trial or real, as the bet was).
      const betHouse = ref.trial === p.trial ? house : this.deps.wallet.houseFor(vendor, p.id, ref.trial);
      const betWallet =
        ref.trial === p.trial ? wallet : ref.trial ? Accounts.trial(p.id) : Accounts.cash(p.id);
      const posted = await this.deps.wallet.post(
        {
          key: `seamless:${vendor}:${req.txId}`,
          reason: 'rollback',
          postings: [
            { account: betHouse, amount: -amount },
            { account: betWallet, amount },
          ],
          metadata: { vendor, txId: req.txId, refTxId: req.refTxId, roundId: ref.roundId },
        },
        tx,
      );
      const balance = posted.balances.get(accountKey(betWallet))!;
      await tx
        .update(seamlessTransactions)
        .set({ status: 'rolled_back', updatedAt: sql`now()` })
        .where(eq(seamlessTransactions.id, ref.id));
      await tx
        .update(seamlessTransactions)
        .set({
          status: 'rolled_back',
          code: 'OK',
          amount,
          roundId: ref.roundId,
          balanceAfter: balance,
          ledgerTransactionId: posted.transactionId,
          updatedAt: sql`now()`,
        })
        .where(eq(seamlessTransactions.id, claimed));
      if (ref.roundId) {
        await tx
          .update(seamlessRounds)
          .set({
            refundTotal: sql`${seamlessRounds.refundTotal} + ${amount}`,
            status: sql`case when ${seamlessRounds.winCount} = 0 and ${seamlessRounds.refundTotal} + ${amount} >= ${seamlessRounds.betTotal} then 'cancelled' else ${seamlessRounds.status} end`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(seamlessRounds.vendor, vendor),
              eq(seamlessRounds.roundId, ref.roundId),
              eq(seamlessRounds.memberId, p.id),
            ),
          );
      }
      return this.answer(p, balance, { txId: req.txId, status: 'rolled_back' });
    });
  }

  /** Inserts the (vendor, txId) row; null when the slot is taken (a duplicate, or a cancelled bet). */
  private async claim(
    tx: Tx,
    row: {
      vendor: string;
      txId: string;
      kind: 'bet' | 'win' | 'rollback' | 'cancelled';
      roundId?: string;
      refTxId?: string;
      memberId: number;
      trial: boolean;
      gameCode?: string | null;
      amount?: bigint;
      fingerprint: string;
      status?: string;
    },
  ): Promise<number | null> {
    const [inserted] = await tx
      .insert(seamlessTransactions)
      .values({ ...row, status: row.status ?? 'pending' })
      .onConflictDoNothing({ target: [seamlessTransactions.vendor, seamlessTransactions.txId] })
      .returning({ id: seamlessTransactions.id });
    return inserted?.id ?? null;
  }

  private async settleRow(
    tx: Tx,
    id: number,
    status: string,
    code: ResponseCode,
    balance: bigint,
    ledgerTransactionId: number | null,
  ): Promise<void> {
    await tx
      .update(seamlessTransactions)
      .set({ status, code, balanceAfter: balance, ledgerTransactionId, updatedAt: sql`now()` })
      .where(eq(seamlessTransactions.id, id));
  }

  /** A txId seen before: the first answer again, or a refusal that moves nothing. */
  private async replay(
    tx: Tx,
    p: Player,
    vendor: string,
    txId: string,
    kind: 'bet' | 'win' | 'rollback',
    fingerprint: string,
  ): Promise<SeamlessAnswer> {
    const [row] = await tx
      .select()
      .from(seamlessTransactions)
      .where(and(eq(seamlessTransactions.vendor, vendor), eq(seamlessTransactions.txId, txId)));
    if (!row) throw new Error('seamless: claimed slot vanished');
    const current = async () => this.deps.wallet.balance(this.wallet(p), tx);
    if (row.kind === 'cancelled') {
      return this.answer(p, await current(), {
        code: 'CONFLICT',
        messageKey: 'txCancelled',
        txId,
        status: 'rejected',
      });
    }
    if (row.kind !== kind || row.fingerprint !== fingerprint) {
      return this.answer(p, await current(), { code: 'IDEMPOTENCY_CONFLICT', txId });
    }
    return this.answer(p, BigInt(row.balanceAfter ?? 0n), {
      code: row.code as ResponseCode,
      ...(row.code === 'CONFLICT' ? { messageKey: 'rollbackNotBet' as const } : {}),
      txId,
      status: answeredStatus(row),
    });
  }
}

/** The status first answered for a row (a bet later rolled back still replays as applied). */
function answeredStatus(row: Row): SeamlessStatus {
  if (row.kind === 'rollback') return row.status as SeamlessStatus;
  return row.code === 'OK' ? 'applied' : 'rejected';
}
