import { useTranslation } from 'react-i18next';
import { Icon } from '../../../shared/ui/icons.tsx';
import { StatePage } from './state-page.tsx';

/** SPEC §2 status 2: access restricted, with the IP the server saw (so support can check it). */
export function RegionBlockedPage({ ip }: { ip: string }) {
  const { t } = useTranslation();
  return (
    <StatePage icon={<Icon name="shield" size={34} />} title={t('states.blocked.title')}>
      <p className="state-page__text">{t('states.blocked.text')}</p>
      <p className="state-page__ip">
        {t('states.blocked.ip')}{' '}
        <strong className="num" data-testid="visitor-ip">
          {ip}
        </strong>
      </p>
    </StatePage>
  );
}
