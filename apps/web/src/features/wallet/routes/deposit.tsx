import { type Deposit, type PaymentChannel, type RequiredProfileField, SPEC, toMinor } from '@wps/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/** Member centre › depositv2: pick a channel, pay the operator's account, tell us the reference. */
export default function DepositPage() {
  const { t } = useTranslation('wallet');
  const channels = useChannels();
  const [channelId, setChannelId] = useState<number | null>(null);
  if (channels.isPending) return <Loader label={t('loading')} />;
  if (channels.error) return <p className="wallet-error">{channels.error.message}</p>;
  const list = channels.data;
  const channel = list.find((c) => c.id === channelId) ?? list[0] ?? null;
  return (
    <div className="wallet">
      <section className="wallet-card" aria-labelledby="deposit-form-title">
        <h3 id="deposit-form-title">{t('deposit.title')}</h3>
        <p className="muted small wallet-lead">{t('deposit.lead')}</p>
        {list.length === 0 ? (
          <p className="wallet-note">{t('deposit.noChannels')}</p>
        ) : (
          <>
            <fieldset className="wallet-channels">
              <legend className="visually-hidden">{t('deposit.channel')}</legend>
              {list.map((c) => (
                <label key={c.id} className="wallet-channel">
                  <input
                    type="radio"
                    name="deposit-channel"
                    value={c.id}
                    checked={c.id === channel?.id}
                    onChange={() => setChannelId(c.id)}
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
            {channel && <ChannelPayee channel={channel} />}
            {channel && <DepositForm key={channel.id} channel={channel} />}
          </>
        )}
      </section>
      <DepositList />
      <Tutorial channel={channel} />
    </div>
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

function DepositForm({ channel }: { channel: PaymentChannel }) {
  const { t } = useTranslation('wallet');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const create = useCreateDeposit();
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
      reference: reference.trim() ? null : specText('inputEmpty', locale),
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
      <ProfileIncompleteNotice fields={incomplete} />
      {formError && (
        <p className="wallet-error" role="alert">
          {formError}
        </p>
      )}
      <div>
        <Button type="submit" loading={create.isPending || saveProfile.isPending}>
          {t('deposit.submit')}
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

function Tutorial({ channel }: { channel: PaymentChannel | null }) {
  const { t } = useTranslation('wallet');
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
