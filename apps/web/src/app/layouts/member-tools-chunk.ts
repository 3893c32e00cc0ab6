// The member-only header tools, loaded together (member-tools.tsx).
export { AccountMenu } from './account-menu.tsx';
export { HeaderBalance } from './header-balance.tsx';
