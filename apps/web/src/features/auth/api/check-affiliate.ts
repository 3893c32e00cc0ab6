import { api } from '../../../shared/api/client.ts';

/** GET /wps/agent/affiliate?code&domain: resolves when the code belongs to an active agent. */
export const checkAffiliate = (code: string, domain: string) =>
  api.get<{ valid: true }>('/wps/agent/affiliate', { query: { code, domain }, token: null });
