import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { Icon } from '../../../shared/ui/icons.tsx';
import { StatePage } from './state-page.tsx';

/** The status call itself failed: say so in the spec's words and offer a retry. */
export function StartFailedPage({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry(): void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  return (
    <StatePage icon={<Icon name="signal" size={34} />} title={t('states.startFailed.title')}>
      <p className="state-page__text" role="alert">
        {message}
      </p>
      <Button size="lg" onClick={onRetry} loading={retrying}>
        {t('actions.retry')}
      </Button>
    </StatePage>
  );
}
