import { DEFAULT_MESSAGE_FOR_CODE, ERROR_STATUS, type ErrorCode, type MessageKey } from '@wps/contract';

/**
 * The one error type a handler throws. `messageKey` picks the spec's text (translated per caller);
 * `args` fill its {0} placeholders; `fields` carries per-field messages for VALIDATION.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly messageKey: MessageKey;
  readonly args: Array<string | number>;
  readonly fields: Record<string, string> | undefined;
  /** Extra data for the client (e.g. `captcha: true`), merged into `value`. */
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    opts: {
      messageKey?: MessageKey;
      args?: Array<string | number>;
      fields?: Record<string, string>;
      extra?: Record<string, unknown>;
      status?: number;
      cause?: unknown;
    } = {},
  ) {
    const messageKey = opts.messageKey ?? DEFAULT_MESSAGE_FOR_CODE[code];
    super(`${code}: ${messageKey}`, { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = opts.status ?? ERROR_STATUS[code];
    this.messageKey = messageKey;
    this.args = opts.args ?? [];
    this.fields = opts.fields;
    this.extra = opts.extra;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
