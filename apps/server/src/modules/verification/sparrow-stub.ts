import { createServer } from 'node:http';

/**
 * A local stand-in for Sparrow SMS that speaks its v2 protocol (sparrow.ts): form or query
 * fields token/from/to/text, answers 200 `{count, response_code: 200, response}` or 403
 * `{response_code, response}`. For tests and offline runs; `credits` and `silent` drive failures.
 */
export async function startSparrowStub(opts: { token: string; from: string; credits?: number }) {
  const received: Array<{ from: string; to: string; text: string }> = [];
  const state = { credits: opts.credits ?? 100, silent: false };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const q = new URLSearchParams(raw || (req.url ?? '').split('?')[1] || '');
      if (state.silent) return; // never answers: the caller times out
      const answer = (status: number, body: Record<string, unknown>) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const [token, from, to, text] = ['token', 'from', 'to', 'text'].map((k) => q.get(k) ?? '');
      if (!token || !from || !to)
        return answer(403, { response_code: 1000, response: 'A required field is missing' });
      if (token !== opts.token) return answer(403, { response_code: 1002, response: 'Invalid Token' });
      if (from !== opts.from) return answer(403, { response_code: 1008, response: 'Invalid Sender' });
      if (!text) return answer(403, { response_code: 1010, response: 'Text cannot be empty' });
      const numbers = to.split(',').filter((n) => /^9\d{9}$/.test(n));
      if (numbers.length === 0) return answer(403, { response_code: 1011, response: 'No valid receiver' });
      if (state.credits <= 0) return answer(403, { response_code: 1012, response: 'No Credits Available' });
      if (state.credits < numbers.length)
        return answer(403, { response_code: 1013, response: 'Insufficient Credits' });
      state.credits -= numbers.length;
      for (const n of numbers) received.push({ from, to: n, text });
      answer(200, {
        count: numbers.length,
        response_code: 200,
        response: `${numbers.length} mesages has been queued for delivery`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/v2/sms/`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
