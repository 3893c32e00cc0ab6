import { MESSAGES } from './messages.ts';
import { MESSAGES_NE } from './messages.ne.ts';
/**
 * The 23 pattern kinds of SPEC §5. The register settings carry `acceptedPattern` (a regex source,
 * or a lone `*` for anything) and `patternId` (which picks the message). Server and web both
 * validate with `checkFieldRule`, so they can never disagree.
 */
export interface PatternKind {
  id: string;
  source: string;
  /** Message templates; {0} = min, {1} = max. `one` is used when min === max. */
  en: { range: string; one: string };
  ne: { range: string; one: string };
}

const p = (id: string, source: string, enWhat: string, neWhat: string): PatternKind => ({
  id,
  source,
  en: { range: `Please enter {0}-{1} characters: ${enWhat}`, one: `Please enter {0} characters: ${enWhat}` },
  ne: { range: `कृपया {0}-{1} अक्षर लेख्नुहोस्: ${neWhat}`, one: `कृपया {0} अक्षर लेख्नुहोस्: ${neWhat}` },
});

export const PATTERN_KINDS = [
  p('ANY', '*', 'any characters', 'जुनसुकै अक्षर'),
  p(
    'LETTER_FIRST_ALNUM',
    '^[A-Za-z][A-Za-z0-9]*$',
    'a letter first, then letters and digits',
    'पहिले अक्षर, त्यसपछि अक्षर र अङ्क',
  ),
  p('CHINESE_DIGITS', '^[\\u4e00-\\u9fa50-9]+$', 'Chinese characters and digits', 'चिनियाँ अक्षर र अङ्क'),
  p(
    'EMAIL',
    '^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$',
    'a valid mailbox address',
    'मान्य इमेल ठेगाना',
  ),
  p('ALNUM', '^[A-Za-z0-9]+$', 'letters or digits', 'अक्षर वा अङ्क'),
  p(
    'LETTERS_AND_DIGITS',
    '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$',
    'letters and digits combined',
    'अक्षर र अङ्क दुवै मिलाएर',
  ),
  p('DIGITS', '^[0-9]+$', 'digits only', 'अङ्क मात्र'),
  p(
    'ALNUM_UPPER',
    '^(?=.*[A-Z])[A-Za-z0-9]+$',
    'letters and digits with at least one uppercase letter',
    'कम्तीमा एउटा ठूलो अक्षरसहित अक्षर र अङ्क',
  ),
  p('ENGLISH_SPACES', '^[A-Za-z ]+$', 'English letters and spaces', 'अङ्ग्रेजी अक्षर र खाली ठाउँ'),
  p('NO_SPACES', '^\\S+$', 'no spaces', 'खाली ठाउँ बिना'),
  p(
    'CHINESE_PUNCT',
    '^[\\u4e00-\\u9fa5\\u3000-\\u303f\\uff01-\\uff0f\\uff1a-\\uff20·]+$',
    'Chinese characters and punctuation',
    'चिनियाँ अक्षर र विराम चिह्न',
  ),
  p(
    'DATE',
    '^([0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])|(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])-[0-9]{4})$',
    'a date as yyyy-MM-dd or MM-dd-yyyy',
    'yyyy-MM-dd वा MM-dd-yyyy ढाँचाको मिति',
  ),
  p('LETTERS_SPACES', '^[\\p{L}\\p{M} ]+$', 'letters and spaces', 'अक्षर र खाली ठाउँ'),
  p('KOREAN', '^[\\uac00-\\ud7a3\\u1100-\\u11ff\\u3130-\\u318f]+$', 'Korean only', 'कोरियाली मात्र'),
  p('THAI', '^[\\u0e00-\\u0e7f]+$', 'Thai only', 'थाई मात्र'),
  p(
    'THAI_ENGLISH_SPACES',
    '^[\\u0e00-\\u0e7fA-Za-z ]+$',
    'Thai or English letters and spaces',
    'थाई वा अङ्ग्रेजी अक्षर र खाली ठाउँ',
  ),
  p('UPPER_SPACES', '^[A-Z ]+$', 'uppercase letters and spaces', 'ठूला अक्षर र खाली ठाउँ'),
  p('LETTERS_DIGITS_SYMBOLS', '^[\\x21-\\x7e]+$', 'letters, digits and symbols', 'अक्षर, अङ्क र चिह्न'),
  p(
    'STRONG_PASSWORD',
    '^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[^A-Za-z0-9])[\\x21-\\x7e]+$',
    'upper and lower case letters, a digit and a special character',
    'ठूलो र सानो अक्षर, अङ्क र विशेष चिह्न',
  ),
  p(
    'FULL_NAME',
    '^[\\p{L}\\p{M}]+( [\\p{L}\\p{M}]+)+$',
    'first and last name separated by a space',
    'पहिलो र थर नाम, बीचमा खाली ठाउँ',
  ),
  p(
    'FULLWIDTH_JAPANESE',
    '^[\\u3040-\\u309f\\u30a0-\\u30ff\\u4e00-\\u9faf\\uff01-\\uff5e\\u3000\\u30fc]+$',
    'full-width Japanese',
    'पूर्ण-चौडाइ जापानी',
  ),
  p('UPPER_NO_SPACES', '^[A-Z]+$', 'uppercase letters without spaces', 'खाली ठाउँ बिना ठूला अक्षर'),
  p('DIGITS_START_9', '^9[0-9]*$', 'digits starting with 9', '9 बाट सुरु हुने अङ्क'),
] as const satisfies readonly PatternKind[];

export type PatternId = (typeof PATTERN_KINDS)[number]['id'];
export const PATTERN_BY_ID: ReadonlyMap<string, PatternKind> = new Map(PATTERN_KINDS.map((k) => [k.id, k]));

const compiled = new Map<string, RegExp | null>();
/** Compile once; an invalid operator-entered pattern matches nothing rather than throwing. */
function compile(source: string): RegExp | null {
  let re = compiled.get(source);
  if (re === undefined) {
    try {
      re = new RegExp(source, 'u');
    } catch {
      re = null;
    }
    compiled.set(source, re);
  }
  return re;
}

export function matchesPattern(value: string, acceptedPattern: string): boolean {
  if (acceptedPattern === '*') return true;
  const re = compile(acceptedPattern);
  return re ? re.test(value) : false;
}

export interface FieldRuleLike {
  /** The register field the rule is for; real name and phone have their own format messages. */
  field?: string;
  acceptedPattern: string;
  patternId: string;
  minLength: number;
  maxLength: number;
}

/** The rule message for a field, in the given locale, with min and max filled (one number when equal). */
export function patternMessage(rule: FieldRuleLike, locale: 'en' | 'ne'): string {
  const kind = PATTERN_BY_ID.get(rule.patternId) ?? PATTERN_BY_ID.get('ANY')!;
  const t = kind[locale];
  const tpl = rule.minLength === rule.maxLength ? t.one : t.range;
  return tpl.replace('{0}', String(rule.minLength)).replace('{1}', String(rule.maxLength));
}

const FORMAT_MESSAGE: Record<string, 'realNameFormat' | 'phoneFormat'> = {
  payeeName: 'realNameFormat',
  mobileNum: 'phoneFormat',
};

/** null when the value satisfies the rule, else the message to show under the field. */
export function checkFieldRule(value: string, rule: FieldRuleLike, locale: 'en' | 'ne'): string | null {
  const len = [...value].length;
  const lengthOk = len >= rule.minLength && !(rule.maxLength > 0 && len > rule.maxLength);
  if (lengthOk && matchesPattern(value, rule.acceptedPattern)) return null;
  // SPEC §5 names these two: a real name or phone of the right length in the wrong shape.
  const formatKey = lengthOk ? FORMAT_MESSAGE[rule.field ?? ''] : undefined;
  if (formatKey) return (locale === 'ne' ? MESSAGES_NE : MESSAGES)[formatKey];
  return patternMessage(rule, locale);
}
