import { api } from '../../../shared/api/client.ts';

/** GET /wps/captcha?captchaKey=: a fresh single-use image (data URL) under the client's key. */
export const getCaptcha = (captchaKey: string, signal?: AbortSignal) =>
  api.get<string>('/wps/captcha', { query: { captchaKey }, signal, token: null });
