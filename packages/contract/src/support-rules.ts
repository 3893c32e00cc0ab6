/*
 * Live support's constants, apart from its schemas (support.ts): the player site's header reads
 * them on every route, and a module with zod schemas at its top level would bring zod into the
 * first route (over its budget; check-bundle-size.mjs).
 */

export const SUPPORT_WS_PATH = '/wps/support/ws';
/** The header a guest proves its conversation with (the token answered when it was opened). */
export const SUPPORT_GUEST_HEADER = 'x-support-token';
export const SUPPORT_TEXT_MAX = 1000;
/** Attachments: images only, re-encoded on the server; larger uploads are refused. */
export const SUPPORT_IMAGE_MAX_BYTES = 3 * 1024 * 1024;
export const SUPPORT_IMAGE_MAX_SIDE = 4000;
/** Messages a member or guest may send per minute (the rate limit of the send calls). */
export const SUPPORT_MESSAGES_PER_MINUTE = 12;
