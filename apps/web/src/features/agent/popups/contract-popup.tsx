import { useTranslation } from 'react-i18next';
import type { PopupBodyProps } from '../../../app/popup-registry.ts';
import { useContracts } from '../api/agent-calls.ts';
import { ContractList } from '../components/contract-list.tsx';
import '../agent.css';

/** SPEC §2 contract popup (logged in only): the upline's open offers, to accept or reject. */
export default function ContractPopup(_: PopupBodyProps) {
  const { t } = useTranslation('agent');
  const offers = useContracts({ side: 'RECEIVED', status: 'OFFERED' });
  return (
    <div className="agent-section" data-testid="contract-popup">
      <p>{t('contracts.popupLead')}</p>
      {offers.isPending ? <p>{t('loading')}</p> : <ContractList contracts={offers.data?.content ?? []} />}
    </div>
  );
}
