import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** What a signed seamless call answered: the status and the parsed envelope. */
export interface SeamlessAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: suites read whichever envelope field they test.
  body: any;
}

/**
 * A seamless wallet call as a vendor makes it (`POST /seamless/v1/{vendor}/{op}`): the raw JSON
 * body, signed with HMAC-SHA256 of those exact bytes under the vendor's secret in `x-signature`.
 */
export async function seamlessCall(
  app: FastifyInstance,
  secret: string,
  op: string,
  body: unknown,
  vendor = 'SANDBOX',
): Promise<SeamlessAnswer> {
  const raw = JSON.stringify(body);
  const res = await app.inject({
    method: 'POST',
    url: `/seamless/v1/${vendor}/${op}`,
    headers: {
      'content-type': 'application/json',
      'x-signature': createHmac('sha256', secret).update(raw).digest('hex'),
    },
    payload: raw,
  });
  return { status: res.statusCode, body: res.json() };
}
