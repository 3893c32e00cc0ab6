/**
 * Types the content module's parts share (service.ts composes feedback.ts; both speak these), kept
 * apart so that the parts import nothing from the service: the module's files import one way.
 */

/** The operator behind a console change, as the audit log records it. */
export interface Actor {
  id: number;
  account: string;
  ip?: string | null | undefined;
}

/** One stored variant of a content image: its bytes, type and whether guests may fetch it. */
export interface StoredImage {
  data: Buffer;
  mime: string;
  public: boolean;
}
