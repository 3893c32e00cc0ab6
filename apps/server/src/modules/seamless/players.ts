import { isTrialType } from '@wps/contract';
import { AppError } from '../../http/errors.ts';
import type { MembersService } from '../members/service.ts';

export interface Player {
  id: number;
  account: string;
  trial: boolean;
  loadedAt: number;
}

/**
 * Usernames resolve to ids and types that never change. Whether the member may bet is NOT cached:
 * seamless_apply reads it in the bet's own statement, so a disable applies at once everywhere.
 */
const PLAYER_CACHE_MS = 30_000;
const PLAYER_CACHE_MAX = 50_000;

/** The players seamless calls name, by username: cached, and looked up once for a burst. */
export class SeamlessPlayers {
  private readonly players = new Map<string, Player>();
  private readonly lookups = new Map<string, Promise<Player>>();

  constructor(private readonly members: MembersService) {}

  get(username: string): Promise<Player> {
    const cacheKey = username.trim().toLowerCase();
    const cached = this.players.get(cacheKey);
    if (cached && Date.now() - cached.loadedAt < PLAYER_CACHE_MS) return Promise.resolve(cached);
    // Calls for one player that arrive together (a hot wallet's burst) share one lookup instead of
    // each taking a pooled connection for the same row: 1,000 at once timed out waiting for one.
    const pending = this.lookups.get(cacheKey);
    if (pending) return pending;
    const lookup = this.load(username, cacheKey).finally(() => this.lookups.delete(cacheKey));
    this.lookups.set(cacheKey, lookup);
    return lookup;
  }

  private async load(username: string, cacheKey: string): Promise<Player> {
    const m = await this.members.getByAccount(username);
    if (!m) throw new AppError('NOT_FOUND', { messageKey: 'playerNotFound' });
    const p: Player = {
      id: m.id,
      account: m.account,
      trial: isTrialType(m.type),
      loadedAt: Date.now(),
    };
    if (this.players.size >= PLAYER_CACHE_MAX) this.players.clear();
    this.players.set(cacheKey, p);
    return p;
  }
}
