import { fromMinor, type PaymentChannel, type PaymentProvider } from '@wps/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import { fieldError, parseAmount } from './amount.ts';
import { type Actor, type ChannelRow, uploadUrl } from './core.ts';
import { paymentChannels } from './schema.ts';
import type { CashierUploads } from './uploads.ts';

export function channelOut(c: ChannelRow): PaymentChannel {
  return {
    id: c.id,
    code: c.code,
    kind: c.kind as PaymentChannel['kind'],
    name: c.name,
    bankName: c.bankName,
    accountName: c.accountName,
    accountNumber: c.accountNumber,
    qrUrl: uploadUrl(c.qrUploadId),
    min: fromMinor(BigInt(c.minAmount)),
    max: fromMinor(BigInt(c.maxAmount)),
    instructions: c.instructions,
  };
}

/** A channel as the console shows it: with its switch, order and provider (issue 29). */
export function adminChannelOut(c: ChannelRow) {
  return {
    ...channelOut(c),
    enabled: c.enabled,
    sort: c.sort,
    gateway: (c.gateway ?? null) as PaymentProvider | null,
  };
}

/** Payment channels: the player list, the operator's channel settings and QR images, the demo seed. */
export class CashierChannels {
  constructor(
    private readonly db: Db,
    private readonly deps: { audit: AuditService; uploads: CashierUploads },
  ) {}

  /** The manual channels a member may deposit through (provider channels: the payments module's list). */
  async channels(): Promise<PaymentChannel[]> {
    const rows = await this.db
      .select()
      .from(paymentChannels)
      .where(and(eq(paymentChannels.enabled, true), isNull(paymentChannels.gateway)))
      .orderBy(asc(paymentChannels.sort), asc(paymentChannels.id));
    return rows.map((c) => channelOut(c));
  }

  async adminChannels() {
    const rows = await this.db
      .select()
      .from(paymentChannels)
      .orderBy(asc(paymentChannels.sort), asc(paymentChannels.id));
    return rows.map((c) => adminChannelOut(c));
  }

  /** The channel a provider's deposits go through (issue 29), enabled or not; null when it has none yet. */
  async gatewayChannel(gateway: string): Promise<ChannelRow | null> {
    const [row] = await this.db.select().from(paymentChannels).where(eq(paymentChannels.gateway, gateway));
    return row ?? null;
  }

  /**
   * Makes the provider's channel when it has none (the payments module, at start, for a provider
   * that is configured): the operator then sets its name, limits, order or switches it off like any
   * channel. Never changes an existing one.
   */
  async ensureGatewayChannel(c: {
    gateway: string;
    code: string;
    name: string;
    minAmount: bigint;
    maxAmount: bigint;
    sort: number;
    enabled: boolean;
  }): Promise<ChannelRow> {
    await this.db
      .insert(paymentChannels)
      .values({
        code: c.code,
        kind: 'wallet',
        name: c.name,
        accountName: c.name,
        accountNumber: '-',
        minAmount: c.minAmount,
        maxAmount: c.maxAmount,
        sort: c.sort,
        enabled: c.enabled,
        gateway: c.gateway,
      })
      .onConflictDoNothing();
    const row = await this.gatewayChannel(c.gateway);
    if (!row) throw new Error(`payment channel code ${c.code} is taken by a manual channel`);
    return row;
  }

  private channelLimits(min: unknown, max: unknown): { minAmount: bigint; maxAmount: bigint } {
    const minAmount = parseAmount(min, { field: 'min' });
    const maxAmount = parseAmount(max, { field: 'max' });
    if (maxAmount < minAmount) throw fieldError('max', 'amountBelowMin', [fromMinor(minAmount)]);
    return { minAmount, maxAmount };
  }

  async createChannel(
    actor: Actor,
    input: {
      code: string;
      kind: 'bank' | 'wallet';
      name: string;
      bankName?: string | null | undefined;
      accountName: string;
      accountNumber: string;
      min: unknown;
      max: unknown;
      instructions?: string | null | undefined;
      enabled: boolean;
      sort: number;
    },
  ) {
    // PAYOUT_… are the payout clearing accounts (Accounts.clearing): a deposit channel of that
    // name would credit players from the money withdrawals are paid with.
    if (input.code.toUpperCase().startsWith('PAYOUT_')) throw fieldError('code', 'channelCodeReserved');
    const limits = this.channelLimits(input.min, input.max);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(paymentChannels)
        .values({
          code: input.code,
          kind: input.kind,
          name: input.name,
          bankName: input.bankName ?? null,
          accountName: input.accountName,
          accountNumber: input.accountNumber,
          instructions: input.instructions ?? null,
          enabled: input.enabled,
          sort: input.sort,
          ...limits,
        })
        .onConflictDoNothing({ target: paymentChannels.code })
        .returning();
      if (!row) throw fieldError('code', 'conflict', [], 'CONFLICT');
      await this.deps.audit.record(
        {
          actor,
          action: 'channel.create',
          target: { type: 'payment_channel', id: row.id },
          before: null,
          after: row,
          ip: actor.ip ?? null,
        },
        tx,
      );
      return adminChannelOut(row);
    });
  }

  async updateChannel(
    actor: Actor,
    id: number,
    input: Partial<{
      kind: 'bank' | 'wallet';
      name: string;
      bankName: string | null;
      accountName: string;
      accountNumber: string;
      min: unknown;
      max: unknown;
      instructions: string | null;
      enabled: boolean;
      sort: number;
    }>,
  ) {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(paymentChannels)
        .where(eq(paymentChannels.id, id))
        .for('update');
      if (!before) throw new AppError('NOT_FOUND');
      const limits = this.channelLimits(
        input.min ?? fromMinor(BigInt(before.minAmount)),
        input.max ?? fromMinor(BigInt(before.maxAmount)),
      );
      const { min: _min, max: _max, ...rest } = input;
      const [after] = await tx
        .update(paymentChannels)
        .set({ ...rest, ...limits, updatedAt: sql`now()` })
        .where(eq(paymentChannels.id, id))
        .returning();
      await this.deps.audit.record(
        {
          actor,
          action: 'channel.update',
          target: { type: 'payment_channel', id },
          before,
          after,
          ip: actor.ip ?? null,
        },
        tx,
      );
      return adminChannelOut(after!);
    });
  }

  async setChannelQr(actor: Actor, id: number, upload: Buffer) {
    const image = await this.deps.uploads.image(upload, 'qr');
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(paymentChannels)
        .where(eq(paymentChannels.id, id))
        .for('update');
      if (!before) throw new AppError('NOT_FOUND');
      const uploadId = await this.deps.uploads.store(
        tx,
        { type: 'operator', id: actor.id },
        'channel_qr',
        image,
        'qr',
      );
      const [after] = await tx
        .update(paymentChannels)
        .set({ qrUploadId: uploadId, updatedAt: sql`now()` })
        .where(eq(paymentChannels.id, id))
        .returning();
      await this.deps.audit.record(
        {
          actor,
          action: 'channel.qr',
          target: { type: 'payment_channel', id },
          before: { qrUploadId: before.qrUploadId },
          after: { qrUploadId: uploadId },
          ip: actor.ip ?? null,
        },
        tx,
      );
      return adminChannelOut(after!);
    });
  }

  /** Idempotent demo seed: the four manual channels players in Nepal use. */
  async ensureDemoChannels(): Promise<boolean> {
    const existing = await this.db
      .select({ id: paymentChannels.id })
      .from(paymentChannels)
      .where(isNull(paymentChannels.gateway))
      .limit(1);
    if (existing.length) return false;
    const channels = [
      {
        code: 'BANK',
        kind: 'bank',
        name: 'Bank transfer',
        bankName: 'Nabil Bank',
        accountName: 'WPS Gaming Pvt. Ltd.',
        accountNumber: '0101017500123',
      },
      {
        code: 'ESEWA',
        kind: 'wallet',
        name: 'eSewa',
        bankName: null,
        accountName: 'WPS Gaming',
        accountNumber: '9800000001',
      },
      {
        code: 'KHALTI',
        kind: 'wallet',
        name: 'Khalti',
        bankName: null,
        accountName: 'WPS Gaming',
        accountNumber: '9800000002',
      },
      {
        code: 'IMEPAY',
        kind: 'wallet',
        name: 'IME Pay',
        bankName: null,
        accountName: 'WPS Gaming',
        accountNumber: '9800000003',
      },
    ];
    await this.db
      .insert(paymentChannels)
      .values(channels.map((c, i) => ({ ...c, minAmount: 10_000n, maxAmount: 10_000_000n, sort: i })))
      .onConflictDoNothing();
    return true;
  }
}
