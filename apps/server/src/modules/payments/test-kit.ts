import { randomBytes } from 'node:crypto';
import type { PaymentProvider, ProviderDeposit } from '@wps/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/helper.ts';
import { Accounts } from '../wallet/accounts.ts';

/* What the payments tests share: starting a deposit through the route, the provider's pages and
 * return through the simulators, and the money the member holds. */

export const rid = () => `req-${randomBytes(6).toString('hex')}`;

export function paymentsKit(app: () => TestApp) {
  const inject = (opts: InjectOptions): Promise<LightMyRequestResponse> => app().app.inject(opts);

  const start = async (token: string, provider: PaymentProvider, amount: string, requestId = rid()) => {
    const res = await inject({
      method: 'POST',
      url: `/wps/payments/${provider}/deposits`,
      headers: { token },
      payload: { amount, requestId },
    });
    return {
      status: res.statusCode,
      body: res.json() as { value: ProviderDeposit; code: string; message: string },
    };
  };

  /** eSewa: the browser POSTs the signed form to the simulator, which opens its payment page. */
  const postEsewaForm = async (d: ProviderDeposit) => {
    if (d.redirect.method !== 'POST') throw new Error('not an eSewa redirect');
    return inject({
      method: 'POST',
      url: d.redirect.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(d.redirect.fields).toString(),
    });
  };

  /** The provider sent the browser to `url` (absolute): follow it on our server. */
  const follow = async (url: string) => {
    const u = new URL(url, 'http://localhost');
    const res = await inject({ method: 'GET', url: `${u.pathname}${u.search}` });
    const location = String(res.headers.location ?? '');
    const back = new URL(location, 'http://localhost');
    return {
      status: res.statusCode,
      location,
      outcome: back.searchParams.get('outcome'),
      deposit: back.searchParams.get('deposit'),
    };
  };

  const pidxOf = (d: ProviderDeposit) => {
    if (d.redirect.method !== 'GET') throw new Error('not a Khalti redirect');
    return new URL(d.redirect.url, 'http://localhost').searchParams.get('pidx')!;
  };

  const cash = (memberId: number) => app().app.services.wallet.balance(Accounts.cash(memberId));

  const deposit = async (id: number) => {
    const rows = await app().database.query(
      `select status, review_note from deposit_requests where id = ${id}`,
    );
    return rows[0] as { status: string; review_note: string | null };
  };

  const audits = async (action: string) =>
    (await app().database.query(
      `select target_id, after from audit_log where action = '${action}' order by id`,
    )) as Array<{
      target_id: string;
      after: Record<string, unknown>;
    }>;

  /** Ledger postings to the member's cash for one deposit (exactly-once is counted here). */
  const credits = async (depositId: number) => {
    const rows = await app().database.query(
      `select count(*)::int as n from ledger_transactions where idempotency_key = 'deposit:${depositId}'`,
    );
    return (rows[0] as { n: number }).n;
  };

  return { inject, start, postEsewaForm, follow, pidxOf, cash, deposit, audits, credits };
}
