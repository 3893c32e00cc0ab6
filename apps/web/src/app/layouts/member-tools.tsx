import { lazy, type ReactNode, Suspense } from 'react';

/**
 * The signed-in header's balance and account menu, and the tab bar's account entry: one chunk
 * a guest never downloads (its logout call, balance formatting and menus). Started at boot when
 * a session is stored (main.tsx), so a member's first screen paints them in the same pass.
 */
export const loadMemberTools = () => import('./member-tools-chunk.ts');

export const HeaderBalance = lazy(() => loadMemberTools().then((m) => ({ default: m.HeaderBalance })));
export const AccountMenu = lazy(() => loadMemberTools().then((m) => ({ default: m.AccountMenu })));

export function MemberTools({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
