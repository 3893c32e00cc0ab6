/** Props every routed page component receives. */
export interface PageProps {
  /** The SPEC §2 page key (e.g. `sports`, `vnLottery`); it also names the page's title and description. */
  routeKey: string;
}
