import { useTranslation } from 'react-i18next';
import { formatTime } from '../lib/time.ts';
import { useBsFormatter, useBsStore } from '../lib/use-bs-dates.ts';

/** A record's time in Gregorian, with the Bikram Sambat date under it when the reader chose so. */
export function RecordTime({ iso }: { iso: string | null | undefined }) {
  const { i18n } = useTranslation();
  const bs = useBsFormatter();
  const text = formatTime(iso, i18n.language);
  const bsText = bs?.(iso, i18n.language);
  if (!bsText) return <>{text}</>;
  return (
    <>
      {text}
      <span className="small muted wallet-bs-date" data-testid="bs-date">
        {bsText}
      </span>
    </>
  );
}

/** The records filter's switch for Bikram Sambat dates. */
export function BsToggle() {
  const { t } = useTranslation('wallet');
  const enabled = useBsStore((s) => s.enabled);
  const setEnabled = useBsStore((s) => s.setEnabled);
  return (
    <label className="wallet-bs-toggle">
      <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />{' '}
      {t('range.showBs')}
    </label>
  );
}
