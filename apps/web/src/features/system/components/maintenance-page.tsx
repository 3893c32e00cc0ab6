import type { Permission } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { serviceContacts } from '../../../shared/system/customer-service.ts';
import { buttonClass } from '../../../shared/ui/button.tsx';
import { Icon } from '../../../shared/ui/icons.tsx';
import { StatePage } from './state-page.tsx';

/**
 * SPEC §2 status 1. The operator's message (free text, written in their language) is shown as
 * given; the customer-service button opens the first contact, live chat when there is one.
 */
export function MaintenancePage({
  message,
  customerService,
}: {
  message: string | null;
  customerService: Permission['info']['customerService'];
}) {
  const { t } = useTranslation();
  const contacts = serviceContacts(customerService);
  const [primary, ...others] = contacts;
  const linkProps = (external: boolean) => (external ? { target: '_blank', rel: 'noopener noreferrer' } : {});
  return (
    <StatePage icon={<Icon name="tool" size={34} />} title={t('states.maintenance.title')}>
      <p className="state-page__text">{t('states.maintenance.text')}</p>
      {message && (
        <blockquote className="state-page__message" aria-label={t('states.maintenance.messageLabel')}>
          {message}
        </blockquote>
      )}
      {primary ? (
        <>
          <a className={buttonClass('primary', 'lg')} href={primary.href} {...linkProps(primary.external)}>
            {t('states.maintenance.service')}
          </a>
          {others.length > 0 && (
            <ul className="state-page__contacts" aria-label={t('states.maintenance.otherContacts')}>
              {others.map((c) => (
                <li key={`${c.position}-${c.href}`}>
                  <a href={c.href} {...linkProps(c.external)}>
                    {c.title}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <p className="muted">{t('states.maintenance.noService')}</p>
      )}
    </StatePage>
  );
}
