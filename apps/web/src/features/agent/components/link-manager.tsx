import {
  INVITE_LINK_CHANNELS,
  INVITE_LINK_NAME_MAX,
  type InviteLink,
  type InviteLinkChannel,
} from '@wps/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { SelectField, TextField } from '../../../shared/ui/field.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { useInviteLinkMutations, useInviteLinks } from '../api/invite-links.ts';
import './link-manager.css';

const linkUrl = (code: string) => `${window.location.origin}/register?link=${encodeURIComponent(code)}`;

function ChannelSelect({
  value,
  onChange,
}: {
  value: InviteLinkChannel;
  onChange(c: InviteLinkChannel): void;
}) {
  const { t } = useTranslation('agent-centre');
  return (
    <SelectField
      label={t('links.channel')}
      value={value}
      onChange={(e) => onChange(e.target.value as InviteLinkChannel)}
    >
      {INVITE_LINK_CHANNELS.map((c) => (
        <option key={c} value={c}>
          {t(`links.channels.${c}`)}
        </option>
      ))}
    </SelectField>
  );
}

/** One link as a card: its name, channel, count and address; rename, change channel, switch off or on. */
function LinkCard({ link }: { link: InviteLink }) {
  const { t } = useTranslation('agent-centre');
  const { update } = useInviteLinkMutations();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(link.name);
  const [channel, setChannel] = useState<InviteLinkChannel>(link.channel);
  const [copied, setCopied] = useState(false);
  const url = linkUrl(link.code);
  const save = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ id: link.id, patch: { name, channel } }, { onSuccess: () => setEditing(false) });
  };
  return (
    <li className="link-card" data-testid="invite-link-card" aria-label={link.name}>
      <div className="link-card__head">
        <strong className="link-card__name">{link.name}</strong>
        <span className={`link-card__status${link.enabled ? '' : ' is-off'}`}>
          {t(link.enabled ? 'links.active' : 'links.disabled')}
        </span>
      </div>
      <dl className="link-card__facts">
        <div>
          <dt>{t('links.channel')}</dt>
          <dd>{t(`links.channels.${link.channel}`)}</dd>
        </div>
        <div>
          <dt>{t('links.registrations')}</dt>
          <dd className="num" data-testid="invite-link-count">
            {link.registrations}
          </dd>
        </div>
      </dl>
      <p className="link-card__url small num">{url}</p>
      {editing ? (
        <form
          className="link-card__form"
          onSubmit={save}
          aria-label={t('links.editTitle', { name: link.name })}
        >
          <TextField
            label={t('links.name')}
            value={name}
            maxLength={INVITE_LINK_NAME_MAX}
            required
            onChange={(e) => setName(e.target.value)}
          />
          <ChannelSelect value={channel} onChange={setChannel} />
          {update.error && <p role="alert">{update.error.message}</p>}
          <div className="link-card__actions">
            <Button type="submit" size="sm" disabled={update.isPending}>
              {t('links.save')}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
              {t('links.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="link-card__actions">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
          >
            {t(copied ? 'links.copied' : 'links.copy')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            {t('links.edit')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: link.id, patch: { enabled: !link.enabled } })}
          >
            {t(link.enabled ? 'links.disable' : 'links.enable')}
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * Link management (issue 31): an agent's or a referrer's invite links, each with its own name and
 * channel and the number of members who registered through it. Cards, phone first.
 */
export function LinkManager() {
  const { t } = useTranslation('agent-centre');
  const links = useInviteLinks();
  const { create } = useInviteLinkMutations();
  const [name, setName] = useState('');
  const [channel, setChannel] = useState<InviteLinkChannel>('FACEBOOK');
  const list = links.data?.content ?? [];
  const full = links.data ? list.length >= links.data.max : false;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ name, channel }, { onSuccess: () => setName('') });
  };
  return (
    <div className="link-manager">
      <form className="link-manager__new" onSubmit={submit} aria-label={t('links.newTitle')}>
        <TextField
          label={t('links.name')}
          value={name}
          maxLength={INVITE_LINK_NAME_MAX}
          required
          placeholder={t('links.namePlaceholder')}
          onChange={(e) => setName(e.target.value)}
        />
        <ChannelSelect value={channel} onChange={setChannel} />
        {create.error && <p role="alert">{create.error.message}</p>}
        <Button type="submit" disabled={create.isPending || full}>
          {t('links.create')}
        </Button>
        {links.data && (
          <p className="muted small">{t('links.used', { count: list.length, max: links.data.max })}</p>
        )}
      </form>
      {links.isPending ? (
        <Loader label={t('links.loading')} />
      ) : links.error ? (
        <p role="alert">{links.error.message}</p>
      ) : list.length === 0 ? (
        <p className="muted">{t('links.none')}</p>
      ) : (
        <ul className="link-manager__list">
          {list.map((l) => (
            <LinkCard key={l.id} link={l} />
          ))}
        </ul>
      )}
    </div>
  );
}
