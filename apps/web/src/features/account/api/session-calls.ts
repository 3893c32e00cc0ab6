import type { ConsolidatedContract, MemberStore } from '@wps/contract';
import { api } from '../../../shared/api/client.ts';

/** GET /wps/member/info/funds/consolidated: SPEC §3 consolidated contract info (AGENTPOLICY3, never trial). */
export const getConsolidated = (signal?: AbortSignal) =>
  api.get<ConsolidatedContract>('/wps/member/info/funds/consolidated', { signal });

/** GET /wps/relay/GCS_merchantWallet: whether the merchant runs a single wallet (cached in the session). */
export const getMerchantWallet = (signal?: AbortSignal) =>
  api.get<{ isSingle: boolean }>('/wps/relay/GCS_merchantWallet', { signal });

/** GET /wps/member/info/store: the public store's counters (never for trial members, SPEC §4). */
export const getMemberStore = (signal?: AbortSignal) =>
  api.get<MemberStore>('/wps/member/info/store', { signal });

/** PUT /wps/member/language: SPEC §4 "server notified" of the language the member chose. */
export const putLanguage = (language: string) => api.put<null>('/wps/member/language', { language });
