import {
  type CompleteLocale,
  formatMessage,
  MESSAGES,
  MESSAGES_NE,
  type MessageKey,
  toCompleteLocale,
} from '@wps/contract';
import type { FastifyRequest } from 'fastify';

/**
 * The caller's language: the web app sends header `lang` (SPEC: "server notified" of language
 * changes); `?language=` and Accept-Language are fallbacks for other clients.
 */
export function requestLocale(req: FastifyRequest): CompleteLocale {
  const header = req.headers.lang;
  if (typeof header === 'string' && header) return toCompleteLocale(header);
  const q = (req.query as Record<string, unknown> | undefined)?.language;
  if (typeof q === 'string' && q) return toCompleteLocale(q);
  const accept = req.headers['accept-language'];
  if (typeof accept === 'string') return toCompleteLocale(accept.split(',')[0]?.split(';')[0]?.trim());
  return 'en';
}

export function translate(
  locale: CompleteLocale,
  key: MessageKey,
  args: Array<string | number> = [],
): string {
  const table = locale === 'ne' ? MESSAGES_NE : MESSAGES;
  return formatMessage(table[key], ...args);
}

/**
 * An operator-authored text in the reader's language (issue 27): the Nepali field when the reader
 * reads Nepali and the operator wrote one, the English otherwise.
 */
export function localized(locale: CompleteLocale, en: string, ne: string | null | undefined): string {
  return locale === 'ne' && ne?.trim() ? ne : en;
}
