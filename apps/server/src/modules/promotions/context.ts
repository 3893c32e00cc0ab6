import type { Db } from '../../db/client.ts';
import type { AuditService } from '../admin/service.ts';
import type { CashierService } from '../cashier/service.ts';
import type { ContentService } from '../content/service.ts';
import type { MembersService } from '../members/service.ts';
import type { MessagesService } from '../messages/service.ts';
import type { BonusEngine } from './bonus-engine.ts';
import type { CashbackService } from './cashback.ts';
import type { TicketsService } from './tickets.ts';

/*
 * What the promotions service's parts (member-pages, member-actions, deposit-bonuses, console)
 * work with, apart from service.ts: the service composes the parts, and the parts import nothing
 * from it, so the module's files import one way.
 */

export interface PromotionsDeps {
  members: MembersService;
  cashier: CashierService;
  messages: MessagesService;
  audit: AuditService;
  cashback: CashbackService;
  content: ContentService;
  utcOffsetMinutes: number;
  /**
   * The reward tickets service. A function: it is made after this one (it needs points, which
   * need promotions' bonus engine), so services.ts passes `() => tickets`. Required, so a
   * server built without it fails at start-up, not at a promotion's first ticket.
   */
  tickets: () => TicketsService;
}

/** What every part of the promotions service works with. */
export interface PromotionsContext {
  db: Db;
  engine: BonusEngine;
  deps: PromotionsDeps;
  /** The reward tickets service (PromotionsDeps.tickets). */
  tickets(): TicketsService;
}
