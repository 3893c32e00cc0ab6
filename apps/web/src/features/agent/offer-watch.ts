import type { ConsolidatedContract } from '@wps/contract';

/** True when the consolidated contract info holds an offer waiting for the member's answer. */
export const hasOpenOffer = (c: ConsolidatedContract | undefined): boolean =>
  !!c && [c.dailysalreqtype, c.divtypereq, c.contracthoursalreq, c.realtimesalreqtype].includes('NEW');
