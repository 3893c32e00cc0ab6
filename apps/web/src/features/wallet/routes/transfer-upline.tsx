import { TransferView } from './transfer.tsx';

/** Member centre › transferUpline. */
export default function TransferUplinePage() {
  return <TransferView direction="upline" />;
}
