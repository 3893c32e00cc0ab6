// Prints the "Lottery RTP" tables of docs/fairness.md: the shipped odds per prize mode, structure and bet
// type with their exact RTP (packages/games/src/lottery-rtp.ts). Run: npx tsx scripts/lottery-rtp-table.ts
import { lotteryRtpTable } from '../packages/games/src/lottery-rtp.ts';

console.log(lotteryRtpTable());
