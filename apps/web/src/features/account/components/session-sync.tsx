import { useEffect } from 'react';
import { ApiError } from '../../../shared/api/client.ts';
import { useSessionStore } from '../../../shared/session/store.ts';
import { useMemberInfo } from '../api/get-member-info.ts';

/**
 * Completes a stored or `?token=` session by fetching member info (SPEC §4: logged in = token
 * stored and member info fetched); a token the server no longer knows is dropped.
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
  return null;
}
