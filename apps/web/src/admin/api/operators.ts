import type { OperatorRole, OperatorRow } from '@wps/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';
import { adminToken } from '../session-store.ts';

const KEY = ['admin', 'operators'];

/** GET /wps/admin/operators (owner). */
export const useOperators = () =>
  useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.get<OperatorRow[]>('/wps/admin/operators', { signal, token: adminToken() }),
  });

export type OperatorAction =
  | { kind: 'create'; account: string; password: string; role: OperatorRole }
  | { kind: 'role'; id: number; role: OperatorRole }
  | { kind: 'status'; id: number; status: 'active' | 'disabled' }
  | { kind: 'password'; id: number; password: string }
  | { kind: 'totp'; id: number };

const send = (a: OperatorAction) => {
  const token = adminToken();
  switch (a.kind) {
    case 'create':
      return api.post<OperatorRow>(
        '/wps/admin/operators',
        { account: a.account, password: a.password, role: a.role },
        { token },
      );
    case 'role':
      return api.put<OperatorRow>(`/wps/admin/operators/${a.id}/role`, { role: a.role }, { token });
    case 'status':
      return api.put<OperatorRow>(`/wps/admin/operators/${a.id}/status`, { status: a.status }, { token });
    case 'password':
      return api.post<OperatorRow>(
        `/wps/admin/operators/${a.id}/password`,
        { password: a.password },
        { token },
      );
    case 'totp':
      return api.post<OperatorRow>(`/wps/admin/operators/${a.id}/totp/reset`, undefined, { token });
  }
};

/** Every change to operators (create, role, disable/enable, password, second-factor reset). */
export const useOperatorAction = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
};
