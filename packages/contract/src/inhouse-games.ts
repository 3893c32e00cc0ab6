/**
 * The in-house game ids, kept apart from the schemas in inhouse.ts: the routes table (paths.ts)
 * needs them and is in the web entry, where zod schema construction must not be pulled in.
 */
export const INHOUSE_GAMES = [
  'roulette',
  'baccarat',
  'dragon-tiger',
  'sicbo',
  'blackjack',
  'dice',
  'mines',
  'plinko',
  'keno',
  'video-slot',
  'classic-slot',
  'crash',
] as const;
export type InhouseGame = (typeof INHOUSE_GAMES)[number];
/** Games played round by round over HTTP (crash is shared rounds over the socket). */
export const INHOUSE_HTTP_GAMES = INHOUSE_GAMES.filter((g) => g !== 'crash') as Exclude<
  InhouseGame,
  'crash'
>[];
