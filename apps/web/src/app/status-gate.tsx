import { SYSTEM_STATUS } from '@wps/contract';
import { type ReactNode, useLayoutEffect } from 'react';
import { dropHomeHero } from '../features/home/lib/home-shell.ts';
import { InvalidUrlPage } from '../features/system/components/invalid-url-page.tsx';
import { MaintenancePage } from '../features/system/components/maintenance-page.tsx';
import { RegionBlockedPage } from '../features/system/components/region-blocked-page.tsx';
import { StartFailedPage } from '../features/system/components/start-failed-page.tsx';
import { usePermission } from '../shared/system/api/get-permission.ts';
import { isAllowedHost } from '../shared/system/domain.ts';
import { useSystemStatus } from '../shared/system/api/get-status.ts';
import { BootLoader } from './boot-loader.tsx';

/**
 * SPEC §2 whole-app states from GET /wps/system/status: 1 maintenance, 2 region blocked, 0 the
 * app. The server already lets maintenance win over a block. A host outside the operator's
 * domains gets SPEC §8's 'Invalid URL' page. The permission payload is awaited
 * too, so the navigation it shapes does not jump in after the first paint.
 */
export function StatusGate({ children }: { children: ReactNode }) {
  const status = useSystemStatus();
  const permission = usePermission();
  const ready = !(status.isPending || permission.isPending);
  // The server's first banner stays over the boot loader; whatever the gate shows next (the
  // layout and page, or a whole-app state) replaces it in the same frame, before that paints.
  useLayoutEffect(() => {
    if (ready) dropHomeHero();
  }, [ready]);

  if (status.isPending || permission.isPending) return <BootLoader />;
  if (status.isError) {
    return (
      <StartFailedPage
        message={status.error.message}
        retrying={status.isFetching}
        onRetry={() => void status.refetch()}
      />
    );
  }
  if (status.data.status === SYSTEM_STATUS.maintenance) {
    return (
      <MaintenancePage
        message={status.data.maintenanceMessage}
        customerService={permission.data?.info.customerService ?? []}
      />
    );
  }
  if (status.data.status === SYSTEM_STATUS.regionBlocked) return <RegionBlockedPage ip={status.data.ip} />;
  // SPEC §8: served on a domain the operator did not list ('Invalid URL, please contact customer service').
  if (permission.data && !isAllowedHost(window.location.hostname, permission.data.info.domainRoute)) {
    return (
      <InvalidUrlPage
        host={window.location.hostname}
        customerService={permission.data.info.customerService}
      />
    );
  }
  return children;
}
