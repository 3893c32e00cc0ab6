import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../shared/api/client.ts';
import { ENABLED_LANGUAGE_CODES } from '@wps/contract';
import { changeLanguage } from '../../../shared/i18n/index.ts';
import { LanguageOffer } from '../../../shared/i18n/offered-languages.tsx';
import { useLanguageStore } from '../../../shared/i18n/language-store.ts';
import { isLanguageCode } from '../../../shared/i18n/languages.ts';
import { readSession, writeSession } from '../../../shared/lib/storage.ts';
import { writeCached } from '../../../shared/session/cache.ts';
import { selectIsTrial, useSessionStore } from '../../../shared/session/store.ts';
import { usePermission } from '../../../shared/system/api/get-permission.ts';
import { usePopupStore } from '../../../shared/popups/store.ts';
import { hasOpenOffer } from '../../agent/offer-watch.ts';
import { memberInfoQuery, useMemberInfo } from '../api/get-member-info.ts';
import { getConsolidated, getMerchantWallet, putLanguage } from '../api/session-calls.ts';

/**
 * Completes a stored or `?token=` session by fetching member info (SPEC §4: logged in = token
 * stored and member info fetched); a token the server no longer knows is dropped. Also writes the
 * session storage keys of SPEC §3 that come from start-up calls, and tells the server of the
 * member's language (SPEC §4).
 */
export function SessionSync() {
  const token = useSessionStore((s) => s.token);
  const { data, error } = useMemberInfo(token);
  useEffect(() => {
    if (data) useSessionStore.getState().setMember(data);
  }, [data]);
  useEffect(() => {
    if (error instanceof ApiError && error.status === 401) useSessionStore.getState().logout();
  }, [error]);
  return (
    <>
      <LanguageOffer />
      <MerchantKeys />
      {data && <MemberKeys token={token} />}
      {data && <LanguageSync token={token} serverLanguage={data.language} />}
    </>
  );
}

/** `merchant` (kept on logout, SPEC §4) from the whitelabel payload. */
function MerchantKeys() {
  const merchant = usePermission().data?.info.whitelabel.merchantCode;
  useEffect(() => {
    if (merchant) writeSession('merchant', merchant);
  }, [merchant]);
  return null;
}

/**
 * `consolidated`, `enableSalary`, `enableContract` from the consolidated contract call (only with
 * AGENTPOLICY3, never for trial members: SPEC §4), and `merchantWallet` (cached for the session).
 */
function MemberKeys({ token }: { token: string | null }) {
  const isTrial = useSessionStore(selectIsTrial);
  const agentPolicy = usePermission().data?.info.whitelabel.flags.AGENTPOLICY3 === true;
  const consolidated = useQuery({
    queryKey: ['member', 'consolidated', token],
    queryFn: ({ signal }) => getConsolidated(signal),
    enabled: Boolean(token) && !isTrial && agentPolicy,
    staleTime: 5 * 60_000,
    retry: false,
  });
  useEffect(() => {
    const v = consolidated.data;
    if (!v) return;
    writeCached('consolidated', v);
    writeSession('enableSalary', String(v.enableSalary));
    writeSession('enableContract', String(v.enableContract));
    // SPEC §2: a downline with an offer sees the contract popup (once per session).
    if (hasOpenOffer(v) && readSession('contractOfferShown') !== token) {
      writeSession('contractOfferShown', token ?? '');
      usePopupStore.getState().open('contractModal');
    }
  }, [consolidated.data, token]);
  const merchantWallet = useQuery({
    queryKey: ['member', 'merchantWallet', token],
    queryFn: ({ signal }) => getMerchantWallet(signal),
    enabled: Boolean(token) && readSession('merchantWallet') === null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  useEffect(() => {
    if (merchantWallet.data) writeCached('merchantWallet', merchantWallet.data);
  }, [merchantWallet.data]);
  return null;
}

/**
 * SPEC §4 language change: "stored locally, messages updated, server notified". On a browser that
 * holds no choice yet (a new device), the language saved to the account is applied instead of
 * being overwritten by the default (issue 27).
 */
function LanguageSync({ token, serverLanguage }: { token: string | null; serverLanguage: string | null }) {
  const code = useLanguageStore((s) => s.code);
  const chosen = useLanguageStore((s) => s.chosen);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token || serverLanguage === code) return;
    const saved = serverLanguage?.toUpperCase();
    if (!chosen && isLanguageCode(saved) && ENABLED_LANGUAGE_CODES.includes(saved)) {
      // Server-provided lists are fetched again in the restored language, as after a switch.
      void changeLanguage(saved).then(() => queryClient.invalidateQueries());
      return;
    }
    putLanguage(code).then(
      () => {
        const key = memberInfoQuery(token).queryKey;
        queryClient.setQueryData(key, (old) => (old ? { ...old, language: code } : old));
      },
      // A refused update changes nothing the person sees; the next change tries again.
      () => undefined,
    );
  }, [token, serverLanguage, code, chosen, queryClient]);
  return null;
}
