import type {
  AdminLotteryConfig,
  adminLotteryGamePutSchema,
  adminLotteryOddsPutSchema,
  LotteryPrizeMode,
} from '@wps/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, apiRequest } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';

/**
 * The console's lottery odds page calls (operator token, permission `games`): odds, exact RTP and
 * commission per prize mode, draw structure and bet type; limits and cut-off per game.
 */
export type LotteryConfig = AdminLotteryConfig;
export type LotteryBetTypeRow = AdminLotteryConfig['betTypes'][number];
export type LotteryGameRow = AdminLotteryConfig['games'][number];
export type OddsPut = z.input<typeof adminLotteryOddsPutSchema>;
export type GamePut = z.input<typeof adminLotteryGamePutSchema>;

const KEY = ['admin', 'lottery'] as const;

export const useLotteryConfig = (prizeMode: LotteryPrizeMode) =>
  useQuery(
    queryOptions({
      queryKey: [...KEY, 'config', prizeMode],
      queryFn: ({ signal }) =>
        api.get<LotteryConfig>('/wps/admin/lottery/config', {
          signal,
          token: adminToken(),
          query: { prizeMode },
        }),
    }),
  );

/**
 * One bet type's odds and/or commission on one structure (audited); the page and the player menus
 * refetch. Odds returning 100 % or more are refused (ODDS_ABOVE_RTP_LIMIT, the server's message).
 */
export const usePutOdds = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OddsPut) =>
      apiRequest('/wps/admin/lottery/odds', { method: 'PUT', body, token: adminToken() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
};

/** One game's limits and cut-off (audited). */
export const usePutGame = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ gameCode, body }: { gameCode: string; body: GamePut }) =>
      apiRequest(`/wps/admin/lottery/games/${encodeURIComponent(gameCode)}`, {
        method: 'PUT',
        body,
        token: adminToken(),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
};

/** Client checks, the server's rules restated so a typo is caught before a round trip. */
export const validOdds = (v: string) => /^\d{1,6}(\.\d{1,2})?$/.test(v.trim()) && Number(v) > 0;
export const validPercent = (v: string) => /^\d{1,2}(\.\d{1,2})?$/.test(v.trim()) && Number(v) <= 50;
export const validMoney = (v: string) => /^\d{1,10}(\.\d{1,2})?$/.test(v.trim()) && Number(v) > 0;
