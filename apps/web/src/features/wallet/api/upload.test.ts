import { afterEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/client.ts';
import { createDeposit } from './create-deposit.ts';
import { confirmReceipt } from './confirm-receipt.ts';

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

function recordCalls(): Sent[] {
  const sent: Sent[] = [];
  configureApiClient({
    token: () => 'tok',
    lang: () => 'EN',
    fetch: async (input, init) => {
      sent.push({ url: String(input), headers: init?.headers as Record<string, string>, body: init?.body });
      return new Response(
        JSON.stringify({ success: true, code: 'OK', message: 'Success', value: { id: 1 } }),
        {
          headers: { 'content-type': 'application/json' },
        },
      );
    },
  });
  return sent;
}

afterEach(() => configureApiClient(null));

describe('cashier uploads', () => {
  it('a deposit without proof is JSON', async () => {
    const sent = recordCalls();
    await createDeposit({ channelId: 3, amount: '500.00', reference: 'R-1', requestId: 'abcdefgh12' });
    expect(sent[0]?.url).toBe('/wps/cashier/deposits');
    expect(sent[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(String(sent[0]?.body))).toEqual({
      channelId: 3,
      amount: '500.00',
      reference: 'R-1',
      requestId: 'abcdefgh12',
    });
  });

  it('a deposit with proof is multipart: the browser sets the boundary, the token still goes along', async () => {
    const sent = recordCalls();
    const proof = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'p.png', { type: 'image/png' });
    await createDeposit({ channelId: 3, amount: '500.00', reference: 'R-1', requestId: 'abcdefgh12', proof });
    const body = sent[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect(sent[0]?.headers['content-type']).toBeUndefined();
    expect(sent[0]?.headers.token).toBe('tok');
    const form = body as FormData;
    expect(form.get('amount')).toBe('500.00');
    expect(form.get('channelId')).toBe('3');
    expect((form.get('proof') as File).name).toBe('p.png');
  });

  it('a not-received receipt carries its proof; a partial one its amount as JSON', async () => {
    const sent = recordCalls();
    const proof = new File([new Uint8Array([1])], 's.jpg', { type: 'image/jpeg' });
    await confirmReceipt({ id: 7, outcome: 'not_received', proof });
    await confirmReceipt({ id: 7, outcome: 'partial', amount: '600' });
    expect(sent[0]?.url).toBe('/wps/cashier/withdrawals/7/receipt');
    expect((sent[0]!.body as FormData).get('outcome')).toBe('not_received');
    expect(JSON.parse(String(sent[1]?.body))).toEqual({ outcome: 'partial', amount: '600' });
  });
});
