import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/ui/toast.tsx';
import { errorText } from './cashier-ui.tsx';
import { useOptimisticFlag } from './games-api.ts';

export interface SaveHandlers {
  onSuccess(): void;
  onError(e: unknown): void;
  onSettled(): void;
}

/**
 * One on/off switch of a console row (a game's flags, a vendor's), saved the moment it is
 * flipped: it shows the wanted state at once and falls back to the server's if the save fails.
 */
export function FlagSwitch({
  on,
  label,
  pending,
  save,
}: {
  on: boolean;
  label: string;
  pending: boolean;
  save(on: boolean, handlers: SaveHandlers): void;
}) {
  const { t } = useTranslation('games-admin');
  const flag = useOptimisticFlag(on);
  return (
    <input
      type="checkbox"
      className="games-admin__switch"
      checked={flag.checked}
      disabled={pending}
      aria-label={label}
      onChange={(e) => {
        flag.start(e.target.checked);
        save(e.target.checked, {
          onSuccess: () => toast.success(t('saved')),
          onError: (err) => toast.error(errorText(err)),
          onSettled: flag.done,
        });
      }}
    />
  );
}
