/** SPEC §2 member centre pages, in the spec's order. */
export const MEMBER_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
  'registerCenter',
  // Beyond the spec's list: the credit report (SPEC "other screens implied").
  'creditReport',
] as const;
