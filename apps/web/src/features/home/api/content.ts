import type { Banner, BannerGroup, FeedbackInput, HelpArticle, Notice } from '@wps/contract';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { useLanguageStore } from '../../../shared/i18n/language-store.ts';
import { selectHasToken, useSessionStore } from '../../../shared/session/store.ts';
import { bannersKey } from '../lib/home-shell.ts';

/**
 * The home page's two calls: banners and the start-up notices. Both are public and answered with
 * an ETag and a one-minute max-age, so a return visit mostly costs two 304s.
 */
export const getBanners = (language: string, group?: BannerGroup, signal?: AbortSignal) =>
  api.get<Banner[]>('/wps/content/banners', { query: { language, group }, signal, token: null });

/**
 * The same banners, suspending until they are there: the home renders its top once, carousel or
 * introduction, instead of a placeholder that the introduction would then push down (CLS).
 */
export function useBannersReady(group: BannerGroup) {
  const lang = useLanguageStore((s) => s.code);
  return useSuspenseQuery({
    queryKey: bannersKey(lang),
    queryFn: ({ signal }) => getBanners(lang, undefined, signal),
    select: (all) => all.filter((b) => b.groupName === group),
    staleTime: 60_000,
  });
}

/** Every group in one call (home carousel and side menu share it), filtered per use. */
export function useBanners(group: BannerGroup) {
  const lang = useLanguageStore((s) => s.code);
  return useQuery({
    queryKey: bannersKey(lang),
    queryFn: ({ signal }) => getBanners(lang, undefined, signal),
    select: (all) => all.filter((b) => b.groupName === group),
    staleTime: 60_000,
  });
}

/** SPEC §7: the start-up variant ('B,PL,PU,PR' with execution B); the notice dialog adds H. */
export const STARTUP_TYPES = 'B,PL,PU,PR';
export const DIALOG_TYPES = 'B,PL,PU,PR,H';

export const getNotices = (language: string, types: string, signal?: AbortSignal, execution?: 'B' | 'F') =>
  api.get<Notice[]>('/wps/notice', {
    query: { types, execution, platform: 'W', language },
    signal,
    token: null,
  });

/** Every current notice of `types` (the notice dialog, and the marquee from the same call). */
export function useNotices(types: string = DIALOG_TYPES) {
  const lang = useLanguageStore((s) => s.code);
  return useQuery({
    queryKey: ['content', 'notices', types, lang],
    queryFn: ({ signal }) => getNotices(lang, types, signal),
    staleTime: 60_000,
  });
}

/**
 * The start-up announcements: SPEC §7's start-up call asks for execution B; the first-login ones
 * (execution F, SPEC §4) are asked for only right after a first-time login.
 */
export const startupNoticesQuery = (lang: string, execution: 'B' | 'F') => ({
  queryKey: ['content', 'notices', STARTUP_TYPES, execution, lang],
  queryFn: ({ signal }: { signal?: AbortSignal }) => getNotices(lang, STARTUP_TYPES, signal, execution),
  staleTime: 60_000,
});

export function useStartupNotices(execution: 'B' | 'F' = 'B', enabled = true) {
  const lang = useLanguageStore((s) => s.code);
  return useQuery({ ...startupNoticesQuery(lang, execution), enabled });
}

/** The member's read notices (guests: none). */
export function useNoticeReads() {
  const lang = useLanguageStore((s) => s.code);
  const hasToken = useSessionStore(selectHasToken);
  return useQuery({
    queryKey: ['content', 'notice-reads', lang],
    queryFn: ({ signal }) =>
      api.get<{ readIds: number[]; unread: number }>('/wps/notice/read', {
        query: { language: lang },
        signal,
      }),
    enabled: hasToken,
    staleTime: 60_000,
  });
}

export const markNoticeRead = (id: number) => api.post<null>(`/wps/notice/${id}/read`);

export function useHelp() {
  const lang = useLanguageStore((s) => s.code);
  return useQuery({
    queryKey: ['content', 'help', lang],
    queryFn: ({ signal }) =>
      api.get<HelpArticle[]>('/wps/system/helpCenter', {
        query: { lang, device: 'WEB' },
        signal,
        token: null,
      }),
    staleTime: 5 * 60_000,
  });
}

/** PUT /wps/feedback {data:{content, sender, type, captcha}} (SPEC §7). */
export const sendFeedback = (data: FeedbackInput) => api.put<{ id: number }>('/wps/feedback', { data });

/** POST /wps/feedback/proof (members): the proof image of a withdrawal not received; its id goes with the ticket. */
export function uploadFeedbackProof(file: File) {
  const form = new FormData();
  form.set('proof', file, file.name);
  return api.post<{ id: string }>('/wps/feedback/proof', form);
}
