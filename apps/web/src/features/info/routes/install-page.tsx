import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageProps } from '../../../shared/lib/page.ts';
import { buttonClass } from '../../../shared/ui/button.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { usePermission } from '../../../shared/system/api/get-permission.ts';
import { absoluteUrl, QrCode } from '../../../shared/ui/qr-code.tsx';
import '../info.css';

export const INSTALL_PLATFORMS = { downloadIos: 'ios', downloadAndroid: 'android' } as const;
type Platform = (typeof INSTALL_PLATFORMS)[keyof typeof INSTALL_PLATFORMS];
const STEPS: Record<Platform, readonly string[]> = {
  ios: ['open', 'share', 'add', 'confirm'],
  android: ['open', 'menu', 'install', 'confirm'],
};

/**
 * Where the app-download QR codes lead (/download/ios, /download/android). There is no store app
 * yet, so the page says so and shows how to put the site on the home screen instead.
 */
export default function InstallPage({ routeKey }: PageProps) {
  const { t } = useTranslation('info');
  const platform: Platform = routeKey === 'downloadAndroid' ? 'android' : 'ios';
  const other: Platform = platform === 'ios' ? 'android' : 'ios';
  // The operator's app link for this platform (permission resources, SPEC §3), else this guide.
  const apps = usePermission().data?.info.resources.APP ?? [];
  const link = apps.find((r) => r.labelNameEn.toLowerCase() === platform)?.url ?? `/download/${platform}`;
  const href = absoluteUrl(link, window.location.origin);
  return (
    <div className="page info-page">
      <div className="info-doc">
        <PageHeader title={t(`install.${platform}.title`)} lead={t('install.lead')} />
        <h2>{t('install.stepsTitle', { browser: t(`install.${platform}.browser`) })}</h2>
        <ol className="install-steps">
          {STEPS[platform].map((step) => (
            <li key={step}>
              <span>{t(`install.${platform}.steps.${step}`)}</span>
            </li>
          ))}
        </ol>
        <figure className="install-qr">
          <QrCode
            value={href}
            label={t('install.qrLabel', { platform: t(`install.${platform}.name`) })}
            logoSrc="/icon-192.png"
          />
          <figcaption className="muted small">{t('install.qrCaption')}</figcaption>
        </figure>
        <p>{t('install.after')}</p>
        <p className="muted small">{t('install.noStore')}</p>
        <p className="install-other">
          <Link to="/" className={buttonClass('primary')}>
            {t('install.play')}
          </Link>{' '}
          <Link to={`/download/${other}`}>{t(`install.${other}.link`)}</Link>
        </p>
      </div>
    </div>
  );
}
