import { useTranslation } from 'react-i18next';
import { useContracts } from '../api/agent-calls.ts';
import { ContractList } from '../components/contract-list.tsx';
import { OfferForm } from '../components/offer-form.tsx';

/** Contracts the agent holds (from its upline or the platform) and those it has offered below. */
export default function ContractsSection() {
  const { t } = useTranslation('agent');
  const received = useContracts({ side: 'RECEIVED' });
  const offered = useContracts({ side: 'OFFERED' });
  return (
    <section className="agent-section" aria-labelledby="agent-contracts">
      <h2 id="agent-contracts">{t('menu.contracts')}</h2>
      <h3>{t('contracts.mine')}</h3>
      <ContractList contracts={received.data?.content ?? []} />
      <h3>{t('contracts.given')}</h3>
      <ContractList contracts={offered.data?.content ?? []} />
      <h3>{t('contracts.offer')}</h3>
      <OfferForm />
    </section>
  );
}
