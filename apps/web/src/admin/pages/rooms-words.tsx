import { ROOM_WORD_MAX, ROOM_WORDS_MAX } from '@wps/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { errorText } from './cashier-ui.tsx';
import { useSaveWords, useWords } from './rooms-admin-api.ts';

/**
 * The rooms' word filter: add and remove words (English, Nepali, any case). A listed word is masked
 * with asterisks in messages posted from then on; the message is still posted (docs/rooms.md).
 */
export function RoomWordsEditor() {
  const { t } = useTranslation('rooms-admin');
  const words = useWords();
  const save = useSaveWords();
  const [draft, setDraft] = useState('');
  const list = words.data?.words ?? [];
  const put = (next: string[], done?: () => void) =>
    save.mutate(next, {
      onSuccess: () => {
        toast.success(t('wordsSaved'));
        done?.();
      },
      onError: (e) => toast.error(errorText(e)),
    });
  const add = (e: FormEvent) => {
    e.preventDefault();
    const w = draft.trim();
    if (!w) return;
    put([...list, w], () => setDraft(''));
  };
  return (
    <section className="rooms-desk__panel" aria-labelledby="rooms-words-title">
      <h2 id="rooms-words-title" className="rooms-desk__heading">
        {t('words')}
      </h2>
      <p className="small muted">{t('wordsHint', { max: ROOM_WORDS_MAX })}</p>
      <form className="rooms-desk__row" onSubmit={add}>
        <input
          className="input rooms-desk__word-input"
          value={draft}
          maxLength={ROOM_WORD_MAX}
          aria-label={t('newWord')}
          placeholder={t('newWord')}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" size="sm" loading={save.isPending} disabled={!draft.trim()}>
          {t('addWord')}
        </Button>
      </form>
      {list.length === 0 ? (
        <p className="small muted">{t('noWords')}</p>
      ) : (
        <ul className="rooms-desk__words" aria-label={t('words')}>
          {list.map((w) => (
            <li key={w} className="rooms-desk__word">
              <span>{w}</span>
              <button
                type="button"
                className="rooms-desk__word-remove"
                aria-label={t('removeWord', { word: w })}
                onClick={() => put(list.filter((x) => x !== w))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
