import { api } from '../../../shared/api/client.ts';

/** POST /wps/member/firstLogin: the first-login action (firstTimeLogin becomes false). */
export const completeFirstLogin = () => api.post<null>('/wps/member/firstLogin');
