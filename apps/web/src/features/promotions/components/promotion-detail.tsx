import type { Promotion } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { usePopupStore } from '../../../shared/popups/store.ts';
import { selectHasToken, selectIsTrial, useSessionStore } from '../../../shared/session/store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { useAct } from '../api/act.ts';
import { Money } from '../../wallet/components/money.tsx';
import { ApplyForm } from './apply-form.tsx';
import { PromoGallery } from './promo-gallery.tsx';
import { PromoPicture } from './promo-picture.tsx';
import { PromotionTerms } from './promotion-terms.tsx';
import { ClosedReason } from './closed-reason.tsx';
import { ActivityBadge } from './status-badge.tsx';

/** A promotion's detail: its rules, the member's status and the one action that status allows. */
export function PromotionDetail({ promo, onClose }: { promo: Promotion; onClose(): void }) {
  const { t } = useTranslation('promotions');
  const { t: tc } = useTranslation();
  const { t: tk } = useTranslation('promo-kinds');
  const recurring = promo.kind === 'reload' || promo.kind === 'cashback';
  const hasToken = useSessionStore(selectHasToken);
  const isTrial = useSessionStore(selectIsTrial);
  const openPopup = usePopupStore((s) => s.open);
  const act = useAct();
  const run = (input: Parameters<typeof act.mutate>[0], done: string) =>
    act.mutate(input, {
      onSuccess: () => toast.success(done),
      onError: (e) => toast.error(e.message),
    });

  let action: React.ReactNode = null;
  if (!hasToken) {
    action = (
      <Button onClick={() => openPopup('loginModal', { returnTo: '/promotions' })}>
        {t('action.login')}
      </Button>
    );
  } else if (isTrial) {
    action = <p className="muted">{tc('account.trialNeedsReal')}</p>;
  } else if (promo.status === 'join' && (promo.kind === 'deposit_bonus' || recurring)) {
    action = (
      <Button
        disabled={act.isPending}
        onClick={() =>
          run({ action: 'join', id: promo.id }, recurring ? tk('done.joined') : t('done.joined'))
        }
      >
        {t('action.join')}
      </Button>
    );
  } else if (promo.status === 'claim') {
    action = (
      <Button
        disabled={act.isPending}
        onClick={() => run({ action: 'claim', id: promo.id }, t('done.claimed'))}
      >
        {t('action.claim')}
      </Button>
    );
  } else if ((promo.status === 'join' || promo.status === 'rejected') && promo.kind === 'apply') {
    action = (
      <ApplyForm
        busy={act.isPending}
        onSubmit={(remark, images) =>
          run({ action: 'apply', id: promo.id, remark, images }, t('done.applied'))
        }
      />
    );
  }

  return (
    <Modal open onClose={onClose} title={promo.title} closeLabel={tc('actions.close')} size="md">
      <div className="stack">
        <PromoPicture promo={promo} sizes="(max-width: 640px) 100vw, 560px" />
        {promo.status && (
          <p>
            {t('yourStatus')} <ActivityBadge status={promo.status} />
          </p>
        )}
        <ClosedReason promo={promo} />
        {promo.summary && <p>{promo.summary}</p>}
        <PromotionTerms promo={promo} />
        {promo.body && <div className="promo-body">{promo.body}</div>}
        <PromoGallery promo={promo} />
        {promo.status === 'joined' && promo.kind === 'deposit_bonus' && (
          <p className="muted">{t('hint.joined')}</p>
        )}
        {promo.status === 'joined' && recurring && <p className="muted">{tk(`hint.${promo.kind}`)}</p>}
        {promo.pendingAmount && (
          <p className="promo-pending">
            {tk('pending')} <Money value={promo.pendingAmount} />
          </p>
        )}
        {action}
      </div>
    </Modal>
  );
}
