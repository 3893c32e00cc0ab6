import { TransferView } from './transfer.tsx';

/** Member centre › transferFund: agent → downline. */
export default function TransferFundPage() {
  return <TransferView direction="downline" />;
}
