import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../shared/session/store.ts';
import { getPushKey, subscribedHere, turnOff, turnOn, workerRegistration } from './api.ts';
import { canToggle, type PushState, pushState } from './push-state.ts';
import './push.css';

const permissionNow = (): NotificationPermission =>
  typeof Notification === 'undefined' ? 'default' : Notification.permission;

/**
 * "Notify me on this device when support replies" (issue 31), in the member's chat. The browser's
 * permission is asked only when the switch is turned on, never on sight; the line under it says
 * honestly why it cannot be turned on (browser, blocked, site) or that it is on. Loaded lazily with
 * the chat, so none of it is in the player's first route.
 */
export default function NotifySwitch() {
  const { t } = useTranslation('push');
  const account = useSessionStore((s) => s.member?.account);
  const id = useId();
  const key = useQuery({ queryKey: ['push', 'key'], queryFn: getPushKey, staleTime: 10 * 60_000 });
  const [supported, setSupported] = useState<boolean | null>(null);
  const [subscribed, setSubscribed] = useState(false);
  const [permission, setPermission] = useState(permissionNow);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let gone = false;
    void workerRegistration()
      .then(async (reg) => {
        const here = reg ? await subscribedHere(account) : false;
        if (gone) return;
        setSupported(reg !== null);
        setSubscribed(here);
      })
      .catch(() => !gone && setSupported(false));
    return () => {
      gone = true;
    };
  }, [account]);

  const state: PushState =
    supported === null
      ? 'checking'
      : pushState({
          supported,
          serverEnabled: key.data ? key.data.enabled : key.isError ? false : null,
          permission,
          subscribedHere: subscribed,
        });

  const toggle = async (on: boolean) => {
    if (busy || !account) return;
    setBusy(true);
    setFailed(false);
    try {
      if (on) {
        const answer = await Notification.requestPermission();
        setPermission(answer);
        if (answer === 'granted' && key.data?.publicKey) {
          await turnOn(key.data.publicKey, account);
          setSubscribed(true);
        }
      } else {
        await turnOff();
        setSubscribed(false);
      }
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const note = failed ? t('failed') : state === 'off' ? null : t(state);
  return (
    <div className="push-notify">
      <label className="push-switch" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={state === 'on'}
          aria-checked={state === 'on'}
          aria-describedby={note ? `${id}-note` : undefined}
          disabled={!canToggle(state) || busy}
          onChange={(e) => void toggle(e.target.checked)}
        />
        <span className="push-switch__track" aria-hidden="true" />
        <span className="push-switch__label">{t('label')}</span>
      </label>
      {note && (
        <p
          id={`${id}-note`}
          className={failed ? 'push-notify__note field__error' : 'push-notify__note small muted'}
        >
          {note}
        </p>
      )}
    </div>
  );
}
