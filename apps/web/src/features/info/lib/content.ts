import type { CompleteLocale } from '@wps/contract';

/** One operator-editable document (terms, privacy, responsible gaming, about) in one language. */
export interface InfoDocument {
  title: string;
  /** `YYYY-MM-DD` of the latest version. */
  updated: string;
  intro: string;
  sections: Array<{ heading: string; blocks: Array<string | { list: string[] }> }>;
}

export const LEGAL_DOCS = ['terms', 'privacy', 'responsibleGaming', 'about'] as const;
export type LegalDoc = (typeof LEGAL_DOCS)[number];

export const LEGAL_PATHS: Readonly<Record<LegalDoc, string>> = {
  terms: '/terms',
  privacy: '/privacy',
  responsibleGaming: '/responsible-gaming',
  about: '/about',
};

export const isLegalDoc = (key: string): key is LegalDoc => (LEGAL_DOCS as readonly string[]).includes(key);

/** Each document is its own small chunk per language: only the page read is fetched. */
const files = import.meta.glob<{ default: InfoDocument }>('../content/*/*.json');

export async function loadDocument(locale: CompleteLocale, doc: LegalDoc): Promise<InfoDocument> {
  const load = files[`../content/${locale}/${doc}.json`] ?? files[`../content/en/${doc}.json`];
  if (!load) throw new Error(`no content for ${doc}`);
  return (await load()).default;
}
