/**
 * The rooms' word filter. A message is never refused for a listed word: the word is masked (each
 * of its characters becomes `*`) and the message posted, so a player is not told which spelling
 * gets through. Matching ignores case (Unicode case folding, so `BAD`, `Bad` and `bad` all match;
 * Devanagari has no case and matches as written) and Unicode composition (NFC on both sides: a
 * Nepali word typed with decomposed vowel signs matches its composed form). A listed word matches
 * inside longer words too — JavaScript's \b knows no Devanagari letters — so list words that are
 * offensive on their own.
 */

/** The form a word is kept and compared in. */
export const normalizeWord = (w: string): string => w.normalize('NFC').trim().toLowerCase();

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface WordFilter {
  /** The text with every listed word masked, and whether anything was. */
  mask(text: string): { text: string; filtered: boolean };
}

export function compileWordFilter(words: readonly string[]): WordFilter {
  const list = [...new Set(words.map(normalizeWord).filter(Boolean))]
    // Longest first: with `ass` and `assassin` listed, the longer one is masked whole.
    .sort((a, b) => b.length - a.length);
  if (!list.length) return { mask: (text) => ({ text: text.normalize('NFC'), filtered: false }) };
  const pattern = new RegExp(list.map(literal).join('|'), 'giu');
  return {
    mask(text) {
      let filtered = false;
      const masked = text.normalize('NFC').replace(pattern, (m) => {
        filtered = true;
        return '*'.repeat([...m].length);
      });
      return { text: masked, filtered };
    },
  };
}
