import type { Permission } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { serviceContacts } from '../../../shared/system/customer-service.ts';
import { buttonClass } from '../../../shared/ui/button.tsx';
import { Icon } from '../../../shared/ui/icons.tsx';
import { StatePage } from './state-page.tsx';

/** SPEC §8: the domain check failed; the spec's words and the way to customer service. */
export function InvalidUrlPage({
  host,
  customerService,
}: {
  host: string;
  customerService: Permission['info']['customerService'];
}) {
  const { t } = useTranslation();
  const [primary] = serviceContacts(customerService);
  return (
    <StatePage icon={<Icon name="shield" size={34} />} title={t('states.invalidUrl.title')}>
      <p className="state-page__text" role="alert">
        {t('states.invalidUrl.text')}
      </p>
      <p className="muted">
        {t('states.invalidUrl.host')} <strong dir="ltr">{host}</strong>
      </p>
      {primary && (
        <a
          className={buttonClass('primary', 'lg')}
          href={primary.href}
          {...(primary.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {t('states.maintenance.service')}
        </a>
      )}
    </StatePage>
  );
}
