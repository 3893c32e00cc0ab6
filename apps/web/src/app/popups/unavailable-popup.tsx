import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { NotAvailable } from '../../shared/ui/not-available.tsx';
import type { PopupBodyProps } from '../popup-registry.ts';
import './unavailable-popup.css';

/** Body of a popup whose feature has not landed: the real dialog, honestly empty. */
export default function UnavailablePopup({ name, close }: PopupBodyProps) {
  const { t } = useTranslation();
  return (
    <div className="popup-unavailable">
      <NotAvailable what={t(`popups.${name}`)} />
      <Button variant="secondary" block onClick={close}>
        {t('actions.close')}
      </Button>
    </div>
  );
}
