import {
  type Deposit,
  type PaymentChannel,
  type PaymentGateway,
  PAYMENT_OUTCOMES,
  PAYMENT_PROVIDERS,
  type PaymentOutcome,
  type PaymentProvider,
  type RequiredProfileField,
  SPEC,
  toMinor,
} from '@wps/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSessionStore } from '../../../shared/session/store.ts';
import { usePermission } from '../../../shared/system/api/get-permission.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { useMemberInfo } from '../../account/api/get-member-info.ts';
import { useUpdateProfile } from '../../auth/api/profile.ts';
import { PROMOTIONS_QUERY_KEY } from '../../promotions/api/get-promotions.ts';
import { useCreateDeposit } from '../api/create-deposit.ts';
import { goToProvider, useGateways, useStartProviderDeposit } from '../api/provider-deposit.ts';
import { useDepositBonus } from '../api/get-deposit-bonus.ts';
import { BonusOffer } from '../components/bonus-offer.tsx';
import { ProfileIncompleteNotice, ProfileStep } from '../components/profile-step.tsx';
import { useChannels } from '../api/get-channels.ts';
import { useDeposits } from '../api/get-deposits.ts';
import { Money, StatusBadge } from '../components/money.tsx';
import { usePager } from '../components/pager.tsx';
import { RecordsCard } from '../components/records-card.tsx';
import { useRefreshWhenSettled } from '../components/settled-watch.ts';
import { ProofField } from '../components/proof-field.tsx';
import { useAuthedImage } from '../lib/authed-image.ts';
import { showServerError } from '../lib/form.ts';
import { amountError, formatMoney, newRequestId, specText } from '../lib/money.ts';
import { RecordTime } from '../components/record-time.tsx';
import { useLocale } from '../lib/use-locale.ts';
import {
  incompleteFields,
  missingProfile,
  type ProfileStepField,
  type ProfileStepValues,
  profileStepBody,
  validateProfileStep,
} from '../lib/profile-needs.ts';
import '../wallet.css';

const DEPOSIT_TONE = { pending: 'warn', approved: 'ok', rejected: 'bad' } as const;

/**
 * Member centre › depositv2: pay instantly through eSewa or Khalti (the provider confirms, issue
 * 29), or pick a manual channel, pay the operator's account and tell us the reference.
 */
export default function DepositPage() {
  const { t } = useTranslation('wallet');
  const token = useSessionStore((s) => s.token);
  const channels = useChannels();
  const gateways = useGateways(token);
  // 'm:<channel id>' or 'g:<provider>'; a manual channel first, as before the providers came.
  const [choice, setChoice] = useState<string | null>(null);
  if (channels.isPending) return <Loader label={t('loading')} />;
  if (channels.error) return <p className="wallet-error">{channels.error.message}</p>;
  const list = channels.data;
  const instant = gateways.data ?? [];
  const fallback = list[0] ? `m:${list[0].id}` : instant[0] ? `g:${instant[0].provider}` : null;
  const picked =
    choice && (list.some((c) => `m:${c.id}` === choice) || instant.some((g) => `g:${g.provider}` === choice))
      ? choice
      : fallback;
  const gateway = instant.find((g) => `g:${g.provider}` === picked) ?? null;
  const channel = gateway ? null : (list.find((c) => `m:${c.id}` === picked) ?? null);
  return (
    <div className="wallet">
      <PaymentOutcomeNotice />
      <section className="wallet-card" aria-labelledby="deposit-form-title">
        <h3 id="deposit-form-title">{t('deposit.title')}</h3>
        <p className="muted small wallet-lead">{t('deposit.lead')}</p>
        {list.length === 0 && instant.length === 0 ? (
          <p className="wallet-note">{t('deposit.noChannels')}</p>
        ) : (
          <>
            {instant.length > 0 && (
              <fieldset className="wallet-channels">
                <legend className="wallet-channels__legend">{t('deposit.instant.legend')}</legend>
                {instant.map((g) => (
                  <label key={g.provider} className="wallet-gateway">
                    <input
                      type="radio"
                      name="deposit-channel"
                      value={`g:${g.provider}`}
                      checked={picked === `g:${g.provider}`}
                      onChange={() => setChoice(`g:${g.provider}`)}
                    />
                    <span className="wallet-channel__name">{g.name}</span>
                    <span className="muted small">{t('deposit.instant.kind')}</span>
                    <span className="small num">
                      {formatMoney(g.min)} – {formatMoney(g.max)}
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
            {list.length > 0 && (
              <fieldset className="wallet-channels">
                {instant.length > 0 ? (
                  <legend className="wallet-channels__legend">{t('deposit.instant.manualLegend')}</legend>
                ) : (
                  <legend className="visually-hidden">{t('deposit.channel')}</legend>
                )}
                {list.map((c) => (
                  <label key={c.id} className="wallet-channel">
                    <input
                      type="radio"
                      name="deposit-channel"
                      value={c.id}
                      checked={picked === `m:${c.id}`}
                      onChange={() => setChoice(`m:${c.id}`)}
                    />
                    <span className="wallet-channel__name">{c.name}</span>
                    {t(`channelKind.${c.kind}`) !== c.name && (
                      <span className="muted small">{t(`channelKind.${c.kind}`)}</span>
                    )}
                    <span className="small num">
                      {formatMoney(c.min)} – {formatMoney(c.max)}
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
            {channel && <ChannelPayee channel={channel} />}
            {channel && <DepositForm key={channel.id} channel={channel} gateway={null} />}
            {gateway && (
              <DepositForm key={gateway.provider} channel={gatewayChannel(gateway)} gateway={gateway} />
            )}
          </>
        )}
      </section>
      <DepositList />
      <Tutorial channel={channel} gateway={gateway} />
    </div>
  );
}

/** A provider as the deposit form's channel: its limits (it has no account to pay by hand). */
function gatewayChannel(g: PaymentGateway): PaymentChannel {
  return {
    id: g.channelId,
    code: g.provider.toUpperCase(),
    kind: 'wallet',
    name: g.name,
    bankName: null,
    accountName: g.name,
    accountNumber: '',
    qrUrl: null,
    min: g.min,
    max: g.max,
    instructions: null,
  };
}

const providerName = (p: string | null): string => (p === 'khalti' ? 'Khalti' : 'eSewa');

/**
 * Back from eSewa or Khalti: `/member?page=depositv2&payment=esewa&outcome=credited`. The return
 * page decided from the provider's own answer; this only says what it decided.
 */
function PaymentOutcomeNotice() {
  const { t } = useTranslation('wallet');
  const [params] = useSearchParams();
  const provider = params.get('payment');
  const outcome = params.get('outcome');
  if (!provider || !(PAYMENT_PROVIDERS as readonly string[]).includes(provider)) return null;
  if (!outcome || !(PAYMENT_OUTCOMES as readonly string[]).includes(outcome)) return null;
  const tone =
    outcome === 'credited' || outcome === 'already' ? 'ok' : outcome === 'pending' ? 'wait' : 'bad';
  return (
    <p
      className={`wallet-note wallet-outcome wallet-outcome--${tone}`}
      role="status"
      data-testid="payment-outcome"
    >
      {t(`deposit.outcome.${outcome as PaymentOutcome}`, { provider: providerName(provider) })}
    </p>
  );
}

function ChannelPayee({ channel }: { channel: PaymentChannel }) {
  const { t } = useTranslation('wallet');
  const token = useSessionStore((s) => s.token);
  const qr = useAuthedImage(channel.qrUrl, token);
  const copy = (text: string) => {
    void navigator.clipboard?.writeText(text).then(
      () => toast.success(t('copied')),
      () => undefined,
    );
  };
  return (
    <section className="wallet-payee" aria-label={t('deposit.payTo')}>
      <dl>
        {channel.bankName && (
          <div>
            <dt>{t('deposit.bankName')}</dt>
            <dd>{channel.bankName}</dd>
          </div>
        )}
        <div>
          <dt>{t('deposit.accountName')}</dt>
          <dd>{channel.accountName}</dd>
        </div>
        <div>
          <dt>{t('deposit.accountNumber')}</dt>
          <dd>
            <span className="num" data-testid="channel-account-number">
              {channel.accountNumber}
            </span>{' '}
            <Button size="sm" variant="ghost" onClick={() => copy(channel.accountNumber)}>
              {t('copy')}
            </Button>
          </dd>
        </div>
        <div>
          <dt>{t('deposit.limits')}</dt>
          <dd className="num">
            {formatMoney(channel.min)} – {formatMoney(channel.max)}
          </dd>
        </div>
      </dl>
      {channel.qrUrl &&
        (qr.src ? (
          <img className="wallet-payee__qr" src={qr.src} alt={t('deposit.qrAlt', { name: channel.name })} />
        ) : qr.failed ? (
          <span className="muted small">{t('imageError')}</span>
        ) : null)}
    </section>
  );
}

function DepositForm({ channel, gateway }: { channel: PaymentChannel; gateway: PaymentGateway | null }) {
  const { t } = useTranslation('wallet');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const create = useCreateDeposit();
  const startProvider = useStartProviderDeposit();
  // Set once the browser is on its way to the provider: the form stays busy until the page leaves.
  const [leaving, setLeaving] = useState(false);
  const saveProfile = useUpdateProfile();
  const token = useSessionStore((s) => s.token);
  const info = useMemberInfo(token).data;
  const permission = usePermission().data?.info;
  const offer = useDepositBonus(token).data?.offer ?? null;
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const [formKey, setFormKey] = useState(0);
  // The details the cashier needs and this member lacks, asked here; a refusal naming more adds them.
  const [asked, setAsked] = useState<ProfileStepField[]>([]);
  const need = [...new Set([...missingProfile(info), ...asked])];
  const [profile, setProfile] = useState<ProfileStepValues>({ payeeName: '', birthday: '' });
  const [incomplete, setIncomplete] = useState<RequiredProfileField[]>([]);
  // Opt-out, not opt-in: the eligible bonus is taken unless the player unticks it.
  const [bonusOut, setBonusOut] = useState(false);
  const bonusIn = offer?.status === 'join' && !bonusOut;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    setIncomplete([]);
    const bonusMin = bonusIn && offer?.minDeposit ? offer.minDeposit : null;
    let amountMessage = amountError(amount, { min: channel.min, max: channel.max }, locale);
    if (!amountMessage && bonusMin && toMinor(amount.trim()) < toMinor(bonusMin))
      amountMessage = specText('depositBonusMinimum', locale, bonusMin);
    const next: Record<string, string | null> = {
      amount: amountMessage,
      reference: gateway || reference.trim() ? null : specText('inputEmpty', locale),
      // A refused image was never kept, so the optional proof never blocks the request.
      proof: null,
      ...validateProfileStep(
        profile,
        need,
        {
          nameRule: permission?.register.find((r) => r.field === 'payeeName'),
          ageMin: permission?.ageMin ?? SPEC.ageDefault,
        },
        locale,
      ),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    try {
      // One step: the missing details are saved first, then the deposit goes.
      if (need.length) {
        try {
          await saveProfile.mutateAsync(profileStepBody(profile, need));
        } catch (err) {
          showServerError(
            err,
            ['payeeName', 'birthday'],
            (f, m) => setErrors((old) => ({ ...old, [f]: m })),
            setFormError,
            specText('unknown', locale),
          );
          return;
        }
        setAsked([]);
      }
      if (gateway) {
        const started = await startProvider.mutateAsync({
          provider: gateway.provider as PaymentProvider,
          amount: amount.trim(),
          requestId,
          bonusPromotionId: bonusIn ? offer.id : undefined,
        });
        setLeaving(true);
        goToProvider(started.redirect);
        return;
      }
      await create.mutateAsync({
        channelId: channel.id,
        amount: amount.trim(),
        reference: reference.trim(),
        requestId,
        proof,
        bonusPromotionId: bonusIn ? offer.id : undefined,
      });
      if (bonusIn) void queryClient.invalidateQueries({ queryKey: PROMOTIONS_QUERY_KEY });
      toast.success(bonusIn ? t('deposit.sentWithBonus') : t('deposit.sent'));
      setAmount('');
      setReference('');
      setProof(null);
      setFormKey((k) => k + 1);
      setRequestId(newRequestId());
    } catch (err) {
      // Never a dead end: missing details come back as fields to fill here, named, with a link.
      const missing = incompleteFields(err);
      if (missing.length) {
        setIncomplete(missing);
        setAsked(missing.filter((f): f is ProfileStepField => f === 'payeeName' || f === 'birthday'));
      }
      showServerError(
        err,
        ['amount', 'reference', 'proof', 'channelId', 'payeeName', 'birthday'],
        (f, m) =>
          setErrors((old) => ({
            ...old,
            [f === 'channelId' || f === 'bonusPromotionId' ? 'amount' : f]: m,
          })),
        setFormError,
        specText('unknown', locale),
      );
    }
  };

  return (
    <form className="wallet-form" onSubmit={submit} noValidate key={formKey}>
      {need.length > 0 && (
        <ProfileStep
          need={need}
          values={profile}
          errors={errors}
          onChange={(patch) => setProfile((old) => ({ ...old, ...patch }))}
          lead={t('profileStep.depositLead')}
        />
      )}
      <TextField
        label={t('fields.amount')}
        inputMode="decimal"
        autoComplete="off"
        className="num"
        value={amount}
        onChange={(e) => {
          setAmount(e.target.value);
          setRequestId(newRequestId());
        }}
        hint={t('deposit.amountHint', { min: formatMoney(channel.min), max: formatMoney(channel.max) })}
        error={errors.amount}
      />
      {offer && (
        <BonusOffer
          promotion={offer}
          optedIn={bonusIn}
          onOptIn={(v) => {
            setBonusOut(!v);
            setRequestId(newRequestId());
          }}
        />
      )}
      {gateway ? (
        <p className="muted small">
          {t('deposit.instant.note', { provider: providerName(gateway.provider) })}
        </p>
      ) : (
        <>
          <TextField
            label={t('fields.reference')}
            autoComplete="off"
            maxLength={100}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            hint={t('deposit.referenceHint')}
            error={errors.reference}
          />
          <ProofField
            label={t('deposit.proof')}
            file={proof}
            onFile={setProof}
            error={errors.proof}
            onError={(m) => setErrors((old) => ({ ...old, proof: m }))}
          />
        </>
      )}
      <ProfileIncompleteNotice fields={incomplete} />
      {formError && (
        <p className="wallet-error" role="alert">
          {formError}
        </p>
      )}
      <div>
        <Button
          type="submit"
          loading={create.isPending || startProvider.isPending || saveProfile.isPending || leaving}
        >
          {gateway
            ? t('deposit.instant.submit', { provider: providerName(gateway.provider) })
            : t('deposit.submit')}
        </Button>
      </div>
    </form>
  );
}

function DepositList() {
  const { t } = useTranslation('wallet');
  const pager = usePager();
  const deposits = useDeposits({ pageNo: pager.page, pageSize: 10 });
  useRefreshWhenSettled(deposits.data?.content);
  return (
    <RecordsCard<Deposit>
      id="deposit-list-title"
      title={t('deposit.listTitle')}
      empty={t('deposit.none')}
      query={deposits}
      pager={pager}
      rowKey={(r) => r.id}
      columns={[
        { key: 'time', header: t('cols.time'), render: (r) => <RecordTime iso={r.createdAt} /> },
        { key: 'channel', header: t('cols.channel'), render: (r) => r.channelCode },
        {
          key: 'amount',
          header: t('cols.amount'),
          numeric: true,
          render: (r) => <Money value={r.amount} />,
        },
        { key: 'reference', header: t('cols.reference'), render: (r) => r.reference },
        {
          key: 'status',
          header: t('cols.status'),
          render: (r) => (
            <>
              <StatusBadge tone={DEPOSIT_TONE[r.status]}>{t(`depositStatus.${r.status}`)}</StatusBadge>
              {r.reviewNote && <span className="muted small"> {r.reviewNote}</span>}
            </>
          ),
        },
      ]}
    />
  );
}

function Tutorial({ channel, gateway }: { channel: PaymentChannel | null; gateway: PaymentGateway | null }) {
  const { t } = useTranslation('wallet');
  if (gateway) {
    const provider = providerName(gateway.provider);
    return (
      <section className="wallet-card" aria-labelledby="deposit-tutorial-title">
        <h3 id="deposit-tutorial-title">{t('deposit.tutorial.title')}</h3>
        <ol className="wallet-steps">
          <li>{t('deposit.instant.step1', { provider })}</li>
          <li>{t('deposit.instant.step2', { provider })}</li>
          <li>{t('deposit.instant.step3', { provider })}</li>
        </ol>
      </section>
    );
  }
  return (
    <section className="wallet-card" aria-labelledby="deposit-tutorial-title">
      <h3 id="deposit-tutorial-title">{t('deposit.tutorial.title')}</h3>
      <ol className="wallet-steps">
        <li>{t('deposit.tutorial.step1')}</li>
        <li>{t('deposit.tutorial.step2')}</li>
        <li>{t('deposit.tutorial.step3')}</li>
        <li>{t('deposit.tutorial.step4')}</li>
      </ol>
      {channel?.instructions && (
        <>
          <h4>{t('deposit.tutorial.channel', { name: channel.name })}</h4>
          <p className="wallet-instructions">{channel.instructions}</p>
        </>
      )}
    </section>
  );
}
