import type {
  adminBannerSchema,
  adminContactSchema,
  adminResourceSchema,
  ContactInput,
  ResourceInput,
  adminFeedbackTicketSchema,
  adminHelpSchema,
  adminNoticeSchema,
  BannerInput,
  ContentImage,
  HelpInput,
  NoticeInput,
  Page,
  SupportHours,
} from '@wps/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';

/** The console's content calls (operator token): banners, notices, help articles, feedback. */
export type AdminBanner = z.infer<typeof adminBannerSchema>;
export type AdminNotice = z.infer<typeof adminNoticeSchema>;
export type AdminHelp = z.infer<typeof adminHelpSchema>;
export type AdminTicket = z.infer<typeof adminFeedbackTicketSchema>;
export type AdminContact = z.infer<typeof adminContactSchema>;
export type AdminResource = z.infer<typeof adminResourceSchema>;
export type Kind = 'banners' | 'notices' | 'help' | 'contacts' | 'resources';

const opts = (signal?: AbortSignal) => ({ signal, token: adminToken() });
const KEY = ['admin', 'content'] as const;

export const useAdminList = <T>(kind: Kind) =>
  useQuery({
    queryKey: [...KEY, kind],
    queryFn: ({ signal }) => api.get<T[]>(`/wps/admin/content/${kind}`, opts(signal)),
  });

export type Inputs = {
  banners: BannerInput;
  notices: NoticeInput;
  help: HelpInput;
  contacts: ContactInput;
  resources: ResourceInput;
};

/** Create (id null) or update one item; refetches the list and the public reads. */
export function useSaveContent<K extends Kind>(kind: K) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: Inputs[K] }) =>
      id === null
        ? api.post<{ id: number }>(`/wps/admin/content/${kind}`, input, opts())
        : api.put<{ id: number }>(`/wps/admin/content/${kind}/${id}`, input, opts()),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...KEY, kind] }),
  });
}

export function useDeleteContent(kind: Kind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/wps/admin/content/${kind}/${id}`, opts()),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...KEY, kind] }),
  });
}

/** The support hours the help centre states (a system setting), edited beside the contacts. */
export const useAdminSupportHours = () =>
  useQuery({
    queryKey: [...KEY, 'support-hours'],
    queryFn: ({ signal }) => api.get<SupportHours>('/wps/admin/content/support-hours', opts(signal)),
  });

export function useSaveSupportHours() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (hours: SupportHours) =>
      api.put<SupportHours>('/wps/admin/content/support-hours', hours, opts()),
    onSuccess: (saved) => qc.setQueryData([...KEY, 'support-hours'], saved),
  });
}

/** POST /wps/admin/content/images (multipart `image`): checked by content, WebP widths back. */
export const uploadContentImage = (file: File) => {
  const form = new FormData();
  form.append('image', file);
  return api.post<ContentImage>('/wps/admin/content/images', form, opts());
};

export const useTickets = (q: { pageNo: number; status?: string | undefined }) =>
  useQuery({
    queryKey: [...KEY, 'feedback', q],
    queryFn: ({ signal }) =>
      api.get<Page<AdminTicket>>('/wps/admin/content/feedback', {
        ...opts(signal),
        query: { pageNo: q.pageNo, pageSize: 20, status: q.status },
      }),
    placeholderData: keepPreviousData,
  });

export function useReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, close }: { id: number; body: string; close: boolean }) =>
      api.post<null>(`/wps/admin/content/feedback/${id}/reply`, { body, close }, opts()),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...KEY, 'feedback'] }),
  });
}

/** The proof image needs the operator token, so it is fetched and shown as an object URL. */
export async function fetchProof(id: number): Promise<string> {
  const res = await fetch(`/wps/admin/content/feedback/${id}/proof`, {
    headers: { token: adminToken() ?? '' },
  });
  if (!res.ok) throw new Error(String(res.status));
  return URL.createObjectURL(await res.blob());
}

/** datetime-local value (local time) <-> ISO with offset. */
export const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
export const fromLocalInput = (v: string) => (v ? new Date(v).toISOString() : null);
