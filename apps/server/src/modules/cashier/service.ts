import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { CashierChannels } from './channels.ts';
import type { CashierModules, DepositGuard } from './core.ts';
import { CashierDeposits } from './deposits.ts';
import { CashierReceipts } from './receipts.ts';
import { CashierTransfers } from './transfers.ts';
import { CashierUploads } from './uploads.ts';
import { CashierWallets } from './wallets.ts';
import { CashierWithdrawals } from './withdrawals.ts';

export {
  type Actor,
  type ApprovedDeposit,
  type DateRangeInput,
  type DepositGuard,
  type DepositListener,
  type DepositRow,
  parseRange,
  type SystemActor,
  type Viewer,
  type WithdrawalListener,
} from './core.ts';

/**
 * The cashier: deposits, withdrawals (held, paid, receipt-confirmed), payout accounts, transfers in
 * the agent tree, records and the operator's queues and player wallets. Money moves only through
 * the wallet service; every operator action writes its audit entry in the same database
 * transaction as the action.
 *
 * One object for its callers (`services.cashier`), composed of parts that each own one capability
 * and take what they need in their constructors; the methods here only delegate, so each part
 * reads, and is tested, on its own.
 */
export class CashierService {
  private readonly uploads: CashierUploads;
  private readonly channelsPart: CashierChannels;
  private readonly deposits: CashierDeposits;
  private readonly withdrawals: CashierWithdrawals;
  private readonly receipts: CashierReceipts;
  private readonly transfers: CashierTransfers;
  private readonly wallets: CashierWallets;

  constructor(
    db: Db,
    config: Config,
    deps: CashierModules & {
      /** Player protection's deposit check (issue 16); required, so a cashier never runs without it. */
      depositGuard: DepositGuard;
    },
  ) {
    const modules: CashierModules = { wallet: deps.wallet, members: deps.members, audit: deps.audit };
    this.uploads = new CashierUploads(db, config);
    this.channelsPart = new CashierChannels(db, { audit: deps.audit, uploads: this.uploads });
    this.deposits = new CashierDeposits(db, config, {
      ...modules,
      uploads: this.uploads,
      depositGuard: deps.depositGuard,
    });
    this.withdrawals = new CashierWithdrawals(db, config, modules);
    this.receipts = new CashierReceipts(db, { ...modules, uploads: this.uploads });
    this.transfers = new CashierTransfers(modules);
    this.wallets = new CashierWallets(db, config, modules);
  }

  // ------------------------------------------------------------------ subscriptions

  onDepositApproved(...a: Parameters<CashierDeposits['onDepositApproved']>) {
    return this.deposits.onDepositApproved(...a);
  }
  onWithdrawalRequested(...a: Parameters<CashierWithdrawals['onWithdrawalRequested']>) {
    return this.withdrawals.onWithdrawalRequested(...a);
  }
  onWithdrawalPrepare(...a: Parameters<CashierWithdrawals['onWithdrawalPrepare']>) {
    return this.withdrawals.onWithdrawalPrepare(...a);
  }

  // ------------------------------------------------------------------ balances, records, player wallets

  walletBalance(...a: Parameters<CashierWallets['walletBalance']>) {
    return this.wallets.walletBalance(...a);
  }
  consolidated(...a: Parameters<CashierWallets['consolidated']>) {
    return this.wallets.consolidated(...a);
  }
  records(...a: Parameters<CashierWallets['records']>) {
    return this.wallets.records(...a);
  }
  profit(...a: Parameters<CashierWallets['profit']>) {
    return this.wallets.profit(...a);
  }
  creditReport(...a: Parameters<CashierWallets['creditReport']>) {
    return this.wallets.creditReport(...a);
  }
  playerWallet(...a: Parameters<CashierWallets['playerWallet']>) {
    return this.wallets.playerWallet(...a);
  }
  adjust(...a: Parameters<CashierWallets['adjust']>) {
    return this.wallets.adjust(...a);
  }

  // ------------------------------------------------------------------ uploads

  storeAvatar(...a: Parameters<CashierUploads['storeAvatar']>) {
    return this.uploads.storeAvatar(...a);
  }
  upload(...a: Parameters<CashierUploads['upload']>) {
    return this.uploads.upload(...a);
  }

  // ------------------------------------------------------------------ channels

  channels(...a: Parameters<CashierChannels['channels']>) {
    return this.channelsPart.channels(...a);
  }
  adminChannels(...a: Parameters<CashierChannels['adminChannels']>) {
    return this.channelsPart.adminChannels(...a);
  }
  createChannel(...a: Parameters<CashierChannels['createChannel']>) {
    return this.channelsPart.createChannel(...a);
  }
  updateChannel(...a: Parameters<CashierChannels['updateChannel']>) {
    return this.channelsPart.updateChannel(...a);
  }
  setChannelQr(...a: Parameters<CashierChannels['setChannelQr']>) {
    return this.channelsPart.setChannelQr(...a);
  }
  gatewayChannel(...a: Parameters<CashierChannels['gatewayChannel']>) {
    return this.channelsPart.gatewayChannel(...a);
  }
  ensureGatewayChannel(...a: Parameters<CashierChannels['ensureGatewayChannel']>) {
    return this.channelsPart.ensureGatewayChannel(...a);
  }
  ensureDemoChannels(...a: Parameters<CashierChannels['ensureDemoChannels']>) {
    return this.channelsPart.ensureDemoChannels(...a);
  }

  // ------------------------------------------------------------------ deposits

  approvedDepositCount(...a: Parameters<CashierDeposits['approvedDepositCount']>) {
    return this.deposits.approvedDepositCount(...a);
  }
  firstApprovedDeposit(...a: Parameters<CashierDeposits['firstApprovedDeposit']>) {
    return this.deposits.firstApprovedDeposit(...a);
  }
  firstApprovedDeposits(...a: Parameters<CashierDeposits['firstApprovedDeposits']>) {
    return this.deposits.firstApprovedDeposits(...a);
  }
  requestDeposit(...a: Parameters<CashierDeposits['requestDeposit']>) {
    return this.deposits.requestDeposit(...a);
  }
  memberDeposits(...a: Parameters<CashierDeposits['memberDeposits']>) {
    return this.deposits.memberDeposits(...a);
  }
  depositQueue(...a: Parameters<CashierDeposits['depositQueue']>) {
    return this.deposits.depositQueue(...a);
  }
  approveDeposit(...a: Parameters<CashierDeposits['approveDeposit']>) {
    return this.deposits.approveDeposit(...a);
  }
  rejectDeposit(...a: Parameters<CashierDeposits['rejectDeposit']>) {
    return this.deposits.rejectDeposit(...a);
  }
  approveConfirmed(...a: Parameters<CashierDeposits['approveConfirmed']>) {
    return this.deposits.approveConfirmed(...a);
  }
  rejectConfirmed(...a: Parameters<CashierDeposits['rejectConfirmed']>) {
    return this.deposits.rejectConfirmed(...a);
  }

  // ------------------------------------------------------------------ payout accounts and withdrawals

  payoutAccounts(...a: Parameters<CashierWithdrawals['payoutAccounts']>) {
    return this.withdrawals.payoutAccounts(...a);
  }
  addPayoutAccount(...a: Parameters<CashierWithdrawals['addPayoutAccount']>) {
    return this.withdrawals.addPayoutAccount(...a);
  }
  removePayoutAccount(...a: Parameters<CashierWithdrawals['removePayoutAccount']>) {
    return this.withdrawals.removePayoutAccount(...a);
  }
  withdrawSettings(...a: Parameters<CashierWithdrawals['withdrawSettings']>) {
    return this.withdrawals.withdrawSettings(...a);
  }
  requestWithdrawal(...a: Parameters<CashierWithdrawals['requestWithdrawal']>) {
    return this.withdrawals.requestWithdrawal(...a);
  }
  memberWithdrawals(...a: Parameters<CashierWithdrawals['memberWithdrawals']>) {
    return this.withdrawals.memberWithdrawals(...a);
  }
  withdrawalQueue(...a: Parameters<CashierWithdrawals['withdrawalQueue']>) {
    return this.withdrawals.withdrawalQueue(...a);
  }
  payWithdrawal(...a: Parameters<CashierWithdrawals['payWithdrawal']>) {
    return this.withdrawals.payWithdrawal(...a);
  }
  rejectWithdrawal(...a: Parameters<CashierWithdrawals['rejectWithdrawal']>) {
    return this.withdrawals.rejectWithdrawal(...a);
  }

  // ------------------------------------------------------------------ receipts

  confirmReceipt(...a: Parameters<CashierReceipts['confirmReceipt']>) {
    return this.receipts.confirmReceipt(...a);
  }
  resolveInvestigation(...a: Parameters<CashierReceipts['resolveInvestigation']>) {
    return this.receipts.resolveInvestigation(...a);
  }
  autoConfirmReceipts(...a: Parameters<CashierReceipts['autoConfirmReceipts']>) {
    return this.receipts.autoConfirmReceipts(...a);
  }

  // ------------------------------------------------------------------ transfers

  transferTargets(...a: Parameters<CashierTransfers['transferTargets']>) {
    return this.transfers.transferTargets(...a);
  }
  transfer(...a: Parameters<CashierTransfers['transfer']>) {
    return this.transfers.transfer(...a);
  }
}
