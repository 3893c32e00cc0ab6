import { usePermission } from '../../../shared/system/api/get-permission.ts';

const NONE: Record<string, boolean> = {};

/** The whitelabel feature flags of SPEC §6 (USERNAMEREG3, SMSLOGIN3, FREEPLAY3, …). */
export function useFlags(): { flags: Record<string, boolean>; ready: boolean } {
  const { data } = usePermission();
  return { flags: data?.info.whitelabel.flags ?? NONE, ready: data !== undefined };
}
