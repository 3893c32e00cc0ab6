/** Business constants and limits of SPEC §9, in one place for server and web. */
export const SPEC = {
  realtimeSalaryIntervalMinutes: 5,
  feedback: { minChars: 20, maxChars: 200 },
  activityRemarkMaxChars: 140,
  upload: { maxImages: 3, maxBytes: 5 * 1024 * 1024, types: ['image/png', 'image/jpeg'] },
  favoriteToggleThrottleMs: 1000,
  captchaRefreshMinMs: 1000,
  sendSmsThrottleMs: 1000,
  smsCountdownWithPhoneTokenSeconds: 60,
  verificationCodeMaxLength: 255,
  // SPEC's ticking tile number, kept for the record and shown nowhere: it looked like a jackpot and
  // was none (issue 27). A tile shows a jackpot only from a real pool (Game.jackpotPool).
  gameCardTicker: { intervalMs: 3000, step: 165.11 },
  rememberMeMs: 86_400_000,
  defaultWeakPassword: '{secret}',
  banner: { autoplayMs: 5000, speedMs: 1000 },
  announcementPageSize: 9,
  winnerBoardLimit: 20,
  biggestWinsShown: 9,
  homeVendorListLimit: 12,
  homeVendorFetch: { RNG: 3, LIVE: 1, FISH: 1 },
  carousel: { slidesPerView: 6, gap: 13, arrowsAbove: 12 },
  winnerScrollerStep: 0.5,
  clockRefreshMs: 1000,
  chunkTimeoutMs: 120_000,
  /**
   * SPEC §8 page-load timeout: a page still loading after this long offers a network check (long
   * before the chunk's own 120 s timeout turns it into an error).
   */
  pageLoadPromptMs: 10_000,
  /** The network check gives the server this long to answer. */
  networkCheckTimeoutMs: 8_000,
  gamesPageSize: 20,
  favoritesPageSize: 999,
  recentPageSize: 20,
  dateRangePresetDays: [7, 30],
  qr: {
    size: 200,
    librarySize: 800,
    margin: 20,
    dark: '#000000',
    light: '#FFFFFF',
    correctionLevel: 'M',
    logoScale: 0.2,
    dotScale: 1,
    dotScaleFallback: 0.35,
    binarizeThreshold: 128,
  },
  randomIdLength: 32,
  ageDefault: 18,
  defaultLanguage: 'EN',
  merchantDefault: 'WPS',
  platform: 'WEB',
  lotteryType: 'Lott',
} as const;

/** Whole-app states of SPEC §2. Maintenance wins over region block. */
export const SYSTEM_STATUS = { normal: 0, maintenance: 1, regionBlocked: 2 } as const;
export type SystemStatus = (typeof SYSTEM_STATUS)[keyof typeof SYSTEM_STATUS];

/** Member types of SPEC §3. */
export const MEMBER_TYPES = { player: 0, trial: 4, agents: [1, 2, 41, 42] } as const;

/** Feature flags of SPEC §6, with the product's defaults. */
export const FEATURE_FLAGS = {
  USERNAMEREG3: true,
  MOBILENUMREG3: false,
  MOBILENUMPASSREG3: true,
  REGMOBVERF3: false,
  CHNGPASSVERIF3: true,
  AGENTPOLICY3: true,
  PTSYS3: true,
  MANPLAYREB3: false,
  FREEPLAY3: true,
  PASSEXPIRY3: false,
  SMSLOGIN3: true,
  /** Agent contract kinds (SPEC §6 agent flags): each hides its pages, refuses its calls, stops its offers. */
  enableCt: true,
  salary: true,
  hourSalary: true,
  agentRealtimeSalary: true,
} as const;
export type FeatureFlag = keyof typeof FEATURE_FLAGS;

/** Game types of SPEC §2/§3, as route segments use them lower-cased. */
export const GAME_TYPES = [
  'RNG',
  'LIVE',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
  'BGS',
] as const;
export type GameType = (typeof GAME_TYPES)[number];

/**
 * The box each group's banners are shown in, width over height: the site fills it (object-fit
 * cover, centred), so the console previews an upload cropped to it. Kept here, with the zod-free
 * constants: the home imports it, and content.ts's schemas would pull zod into the first route.
 */
export const BANNER_DISPLAY_RATIO: Record<
  'w_home' | 'w_leftmenu' | 'w_login' | 'w_register' | 'w_forget',
  number
> = {
  w_home: 3,
  w_leftmenu: 8 / 3,
  w_login: 3,
  w_register: 3,
  w_forget: 3,
};
