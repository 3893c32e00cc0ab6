import { SPEC } from '@wps/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguageStore } from '../../../shared/i18n/language-store.ts';
import { catalogueFor } from '../../../shared/i18n/languages.ts';
import { formatDate } from '../../../shared/lib/format.ts';
import type { PageProps } from '../../../shared/lib/page.ts';
import { Loader } from '../../../shared/ui/loader.tsx';
import { RichText } from '../components/rich-text.tsx';
import { isLegalDoc, LEGAL_DOCS, LEGAL_PATHS, loadDocument } from '../lib/content.ts';
import '../info.css';

/**
 * Terms, privacy, responsible gaming and about us: one reader for the content files under
 * `features/info/content/<lang>/`, so the words stay data an operator can later edit.
 */
export default function LegalPage({ routeKey }: PageProps) {
  const { t } = useTranslation('info');
  const locale = catalogueFor(useLanguageStore((s) => s.code));
  const doc = isLegalDoc(routeKey) ? routeKey : 'terms';
  const content = useQuery({
    queryKey: ['info', locale, doc],
    queryFn: () => loadDocument(locale, doc),
    staleTime: Number.POSITIVE_INFINITY,
  });
  // The age rule is configurable (18 by default, 21 where the operator needs it): one value everywhere.
  const values = { age: SPEC.ageDefault };
  if (content.isPending) return <Loader label={t('loading')} />;
  if (!content.data) return <p className="page">{t('loadFailed')}</p>;
  const d = content.data;
  return (
    <div className="page info-page">
      <article className="info-doc" lang={locale}>
        <header className="info-doc__header">
          <h1>{d.title}</h1>
          <p className="muted small">{t('updated', { date: formatDate(d.updated, locale) })}</p>
          <p className="info-doc__intro">
            <RichText text={d.intro} values={values} />
          </p>
        </header>
        {d.sections.map((s) => (
          <section key={s.heading} className="info-doc__section">
            <h2>
              <RichText text={s.heading} values={values} />
            </h2>
            {s.blocks.map((b, i) =>
              typeof b === 'string' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: blocks are static content in a fixed order.
                <p key={i}>
                  <RichText text={b} values={values} />
                </p>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: blocks are static content in a fixed order.
                <ul key={i}>
                  {b.list.map((item) => (
                    <li key={item}>
                      <RichText text={item} values={values} />
                    </li>
                  ))}
                </ul>
              ),
            )}
          </section>
        ))}
      </article>
      <nav className="info-related" aria-label={t('related')}>
        <h2 className="info-related__title">{t('related')}</h2>
        <ul>
          {LEGAL_DOCS.filter((k) => k !== doc).map((k) => (
            <li key={k}>
              <Link to={LEGAL_PATHS[k]}>{t(`docs.${k}`)}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
