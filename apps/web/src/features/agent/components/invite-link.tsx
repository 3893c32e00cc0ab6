import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../shared/session/store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { QrCode } from '../../../shared/ui/qr-code.tsx';
import { useMemberInfo } from '../../account/api/get-member-info.ts';

/** The agent's own registration link (its affiliate code) and QR code: sign-ups land in its team. */
export function InviteLink() {
  const { t } = useTranslation('agent');
  const token = useSessionStore((s) => s.token);
  const code = useMemberInfo(token).data?.affiliateCode;
  const [copied, setCopied] = useState(false);
  if (!code) return null;
  const link = `${window.location.origin}/register?affiliateCode=${encodeURIComponent(code)}`;
  return (
    <section className="agent-invite" aria-labelledby="agent-invite">
      <h3 id="agent-invite">{t('invite.title')}</h3>
      <p className="small">
        {t('invite.code')}: <strong className="num">{code}</strong>
      </p>
      <p className="agent-invite__link small" data-testid="invite-link">
        {link}
      </p>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          void navigator.clipboard?.writeText(link).then(() => setCopied(true));
        }}
      >
        {copied ? t('invite.copied') : t('invite.copy')}
      </Button>
      <QrCode value={link} label={t('invite.qr')} displaySize={160} />
    </section>
  );
}
