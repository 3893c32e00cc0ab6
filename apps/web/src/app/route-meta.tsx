import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

function setDescription(text: string) {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = text;
}

/** Per-route document title and meta description in the current language (SPEC §1: per route). */
export function RouteMeta({ pageKey }: { pageKey: string }) {
  const { t, i18n } = useTranslation();
  const title = t(`meta.${pageKey}.title`, { defaultValue: t('meta.home.title') });
  const description = t(`meta.${pageKey}.description`, { defaultValue: t('meta.home.description') });
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the language switches too.
  useEffect(() => {
    document.title = title;
    setDescription(description);
  }, [title, description, i18n.language]);
  return null;
}
