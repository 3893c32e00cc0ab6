import type { Contract } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { useContractAction } from '../api/agent-calls.ts';

/** Contracts with the actions SPEC §4 allows the caller: accept / reject an offer, terminate. */
export function ContractList({ contracts }: { contracts: Contract[] }) {
  const { t } = useTranslation('agent');
  const action = useContractAction();
  const act = (a: 'accept' | 'reject' | 'terminate', id: number) =>
    action.mutate({ action: a, id }, { onError: (e) => toast.error(e.message) });
  if (contracts.length === 0) return <p className="muted">{t('contracts.none')}</p>;
  return (
    <ul className="agent-contracts">
      {contracts.map((c) => {
        const mineToAnswer = c.side === 'RECEIVED' && c.status === 'OFFERED';
        const waitingForMe =
          c.request?.kind === 'TERMINATE' && (c.request.by === 'UPLINE') === (c.side === 'RECEIVED');
        // A platform contract is ended by the operator, not from here.
        const canTerminate =
          (c.status === 'ACTIVE' && !(c.side === 'RECEIVED' && c.upline === null)) ||
          (c.status === 'OFFERED' && c.side === 'OFFERED');
        return (
          <li key={c.id} className="agent-contract" data-testid={`contract-${c.id}`}>
            <div className="agent-contract__head">
              <strong>{t(`kinds.${c.kind}`)}</strong>
              <span className={`agent-status agent-status--${c.status.toLowerCase()}`}>
                {t(`status.${c.status}`)}
              </span>
            </div>
            <p className="small">
              {c.side === 'RECEIVED'
                ? t('contracts.from', { upline: c.upline ?? t('contracts.platform') })
                : t('contracts.to', { downline: c.downline })}
              {' · '}
              {c.rate
                ? `${c.rate} %`
                : c.tiers
                    .map(
                      (tier) =>
                        `${tier.rate} %${tier.minValidBet ? ` ≥ ${tier.minValidBet}` : ''}${tier.minNetLoss ? ` ≥ ${tier.minNetLoss}` : ''}${tier.minActiveMembers ? ` · ${tier.minActiveMembers}` : ''}`,
                    )
                    .join(' / ')}
              {c.payPeriod ? ` · ${t(`periods.${c.payPeriod}`)}` : ''}
              {' · '}
              {t(c.ownPlay ? 'contracts.ownPlayCounted' : 'contracts.ownPlayNotCounted')}
            </p>
            {c.period && (
              <p className="small muted num">
                {t('contracts.period', {
                  activeMembers: c.period.activeMembers,
                  validBet: c.period.validBet,
                  profitLoss: c.period.profitLoss,
                })}
              </p>
            )}
            {c.request?.kind === 'TERMINATE' && <p className="small">{t('contracts.terminationAsked')}</p>}
            <div className="agent-actions">
              {mineToAnswer && (
                <>
                  <Button size="sm" onClick={() => act('accept', c.id)} disabled={action.isPending}>
                    {t('contracts.accept')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => act('reject', c.id)}
                    disabled={action.isPending}
                  >
                    {t('contracts.reject')}
                  </Button>
                </>
              )}
              {canTerminate ? (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => act('terminate', c.id)}
                  disabled={action.isPending}
                >
                  {c.status === 'OFFERED'
                    ? t('contracts.withdraw')
                    : waitingForMe
                      ? t('contracts.confirmTermination')
                      : t('contracts.terminate')}
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
