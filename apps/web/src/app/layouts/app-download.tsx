import type { Permission } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { absoluteUrl, QrCode } from '../../shared/ui/qr-code.tsx';
import './app-download.css';

type Resource = Permission['info']['resources'][string][number];

/** iOS and Android QR codes from the permission payload's APP resources (SPEC §2 side menu). */
export default function AppDownload({ links }: { links: Resource[] }) {
  const { t } = useTranslation();
  const platforms = (['iOS', 'Android'] as const)
    .map((p) => ({ platform: p, link: links.find((l) => l.labelNameEn.toLowerCase() === p.toLowerCase()) }))
    .filter((x): x is { platform: 'iOS' | 'Android'; link: Resource } => Boolean(x.link));

  if (platforms.length === 0) return <p className="muted small">{t('side.noApps')}</p>;
  return (
    <div className="app-download">
      {platforms.map(({ platform, link }) => {
        const href = absoluteUrl(link.url, window.location.origin);
        return (
          <figure key={platform} className="app-download__item">
            <a href={href} aria-label={t('side.downloadFor', { platform })}>
              <QrCode
                value={href}
                label={t('side.qrLabel', { platform })}
                displaySize={96}
                logoSrc="/icon-192.png"
              />
            </a>
            <figcaption>{platform}</figcaption>
          </figure>
        );
      })}
    </div>
  );
}
