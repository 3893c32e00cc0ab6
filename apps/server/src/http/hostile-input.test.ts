import { createHmac, createSign } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { createMember, createOperator } from '../test/members.ts';

/**
 * Every operation of the OpenAPI document × a corpus of hostile inputs × three callers
 * (anonymous, a player, an operator): nothing a client sends may produce a 5xx.
 * The operations come from `app.swagger()`, so a new route is covered the day it is added.
 */

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
interface Schema {
  type?: string | string[];
  format?: string;
  enum?: Json[];
  const?: Json;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
  minLength?: number;
  minimum?: number;
  pattern?: string;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  bodies: Record<string, Schema>;
}

/** A plausible value, so that one hostile field at a time gets past the others to the handler. */
function sample(schema: Schema | undefined, name = ''): Json {
  if (!schema) return 'abc';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0]!;
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return sample(alt[0], name);
  if (schema.allOf?.length) return sample(Object.assign({}, ...schema.allOf), name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    const out: Record<string, Json> = {};
    for (const [k, s] of Object.entries(schema.properties ?? {})) out[k] = sample(s, k);
    return out;
  }
  if (type === 'array') return [sample(schema.items, name)];
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean') return true;
  if (name === 'vendor') return 'SANDBOX';
  if (/amount|balance/i.test(name)) return '100.00';
  if (/requestId|txId|roundId/i.test(name)) return 'abcdefgh12';
  if (/email/i.test(name)) return 'a@example.com';
  if (/^(from|to)$|date/i.test(name) || schema.format === 'date') return '2026-01-01';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
  return 'Abc12345'.padEnd(schema.minLength ?? 0, 'x');
}

const deep = (depth: number): Json => {
  let v: Json = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

/** Values put into one field at a time (body property, query parameter, path parameter). */
const HOSTILE_VALUES: Array<[string, Json]> = [
  ['true', true],
  ['null', null],
  ['array', ['a', 1]],
  ['object', { a: 1 }],
  ['negative', -1],
  ['zero', 0],
  ['three decimals', 1.005],
  ['exponent number', 1e21],
  ['unsafe integer', 2 ** 53 + 1],
  ['huge string', 'x'.repeat(20_000)],
  ['lone surrogate', 'ab\uD800cd'],
  ['lone low surrogate', '\uDC00'],
  ['NUL', 'a\u0000b'],
  ['negative amount', '-1.00'],
  ['three-decimal amount', '1.005'],
  ['exponent amount', '1e5'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['overlong number', '123456789012345678901234567890.00'],
  ['year 0', '0000-01-01'],
  ['year 9999', '9999-12-31'],
  ['impossible date', '2026-02-30'],
  ['blank', ' '],
  ['empty', ''],
  ['sql', "' OR 1=1--"],
  ['path traversal', '../../../etc/passwd'],
  ['deep nesting', deep(500)],
  ['prototype key', JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}')],
];

/** Whole-request variants: the body as a unit, content types, encodings. */
interface RawVariant {
  name: string;
  payload?: string | Buffer;
  contentType?: string;
}
const multipartTruncated = [
  '--XBOUNDARY',
  'Content-Disposition: form-data; name="amount"',
  '',
  '100.00',
  '--XBOUNDARY',
  'Content-Disposition: form-data; name="proof"; filename="a.png"',
  'Content-Type: image/png',
  '',
  '\u0089PNG\r\n\u001a\n',
].join('\r\n');
const RAW_VARIANTS: RawVariant[] = [
  { name: 'no body' },
  { name: 'empty json', payload: '', contentType: 'application/json' },
  { name: 'json null', payload: 'null', contentType: 'application/json' },
  { name: 'json array', payload: '[1,2]', contentType: 'application/json' },
  { name: 'json string', payload: '"x"', contentType: 'application/json' },
  { name: 'json number', payload: '1e999', contentType: 'application/json' },
  { name: 'truncated json', payload: '{"a":', contentType: 'application/json' },
  { name: 'proto json', payload: '{"__proto__":{"isAdmin":true}}', contentType: 'application/json' },
  {
    name: 'constructor json',
    payload: '{"constructor":{"prototype":{"a":1}}}',
    contentType: 'application/json',
  },
  {
    name: 'raw lone surrogate escape',
    payload: '{"a":"\\ud800","b":"\\u0000"}',
    contentType: 'application/json',
  },
  {
    name: 'invalid utf-8',
    payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
    contentType: 'application/json',
  },
  {
    name: 'deep json',
    payload: `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
    contentType: 'application/json',
  },
  { name: 'text/plain', payload: 'hello', contentType: 'text/plain' },
  { name: 'xml', payload: '<a/>', contentType: 'application/xml' },
  {
    name: 'form',
    payload: 'a[]=1&a[]=2&__proto__[x]=1&amount=%ED%A0%80',
    contentType: 'application/x-www-form-urlencoded',
  },
  {
    name: 'multipart truncated',
    payload: multipartTruncated,
    contentType: 'multipart/form-data; boundary=XBOUNDARY',
  },
  { name: 'multipart no boundary', payload: multipartTruncated, contentType: 'multipart/form-data' },
  {
    name: 'multipart empty',
    payload: '--XBOUNDARY--\r\n',
    contentType: 'multipart/form-data; boundary=XBOUNDARY',
  },
  { name: 'json with charset', payload: '{}', contentType: 'application/json; charset=latin1' },
];

/** Query-string variants appended whole. */
const RAW_QUERIES = [
  `a=${'x'.repeat(6_000)}`,
  Array.from({ length: 500 }, (_, i) => `k${i}=1`).join('&'),
  'pageNo=1&pageNo=2&pageSize=%00',
  '__proto__[x]=1&constructor[prototype][y]=1',
  'from=0000-01-01&to=9999-12-31',
  'from=2026-13-45&to=-1',
  'pageNo=1e3&pageSize=0x10',
  'x=%ED%A0%80&y=%FF&z=%',
];

function operations(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content =
        (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content ?? {};
      out.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        bodies: Object.fromEntries(Object.entries(content).map(([type, c]) => [type, c.schema])),
      });
    }
  }
  return out;
}

interface Request {
  method: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  label: string;
}

const encodeQuery = (q: Record<string, Json>) =>
  Object.entries(q)
    .map(([k, v]) => {
      const text = typeof v === 'string' ? v : JSON.stringify(v);
      // encodeURIComponent throws on a lone surrogate: send its (invalid) UTF-8 bytes instead.
      const safe = text.replace(/[\uD800-\uDFFF]/g, '\uFFFD');
      return `${encodeURIComponent(k)}=${safe === text ? encodeURIComponent(text) : encodeURIComponent(safe).replace(/%EF%BF%BD/g, '%ED%A0%80')}`;
    })
    .join('&');

/** The requests for one operation: a valid-looking base with one thing made hostile at a time. */
function requestsFor(op: Operation, offset: number): Request[] {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const fill = (overrides: Record<string, string> = {}) =>
    op.path.replace(
      /\{(\w+)\}/g,
      (_m, name: string) =>
        overrides[name] ?? String(sample(pathParams.find((p) => p.name === name)?.schema, name)),
    );
  const baseQuery: Record<string, Json> = Object.fromEntries(
    queryParams.map((p) => [p.name, sample(p.schema, p.name)]),
  );
  const url = (path: string, query: Record<string, Json>) => {
    const qs = encodeQuery(query);
    return qs ? `${path}?${qs}` : path;
  };
  const jsonSchema = op.bodies['application/json'];
  const baseBody = jsonSchema ? sample(jsonSchema) : null;
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  const json = (body: Json) => ({ payload: JSON.stringify(body), contentType: 'application/json' });
  const base = {
    method: op.method,
    url: url(fill(), baseQuery),
    ...(hasBody && baseBody !== null ? json(baseBody) : {}),
  };
  const out: Request[] = [{ ...base, label: 'base' }];

  // Each hostile value goes into one target; targets rotate (offset per caller), so across the
  // three callers every value meets several fields without multiplying the request count.
  const targets: Array<(value: Json, name: string) => Request> = [
    ...pathParams.map((p) => (value: Json, name: string) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      const seg = encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD')).slice(0, 2_000);
      return {
        ...base,
        url: url(fill({ [p.name]: seg || '%20' }), baseQuery),
        label: `path ${p.name}: ${name}`,
      };
    }),
    ...queryParams.map((p) => (value: Json, name: string) => ({
      ...base,
      url: url(fill(), { ...baseQuery, [p.name]: value }),
      label: `query ${p.name}: ${name}`,
    })),
  ];
  if (hasBody && baseBody && typeof baseBody === 'object' && !Array.isArray(baseBody)) {
    for (const key of [...Object.keys(baseBody), '__extra']) {
      targets.push((value, name) => ({
        ...base,
        ...json({ ...baseBody, [key]: value }),
        label: `body ${key}: ${name}`,
      }));
    }
  }
  if (!targets.length) {
    targets.push((value, name) => ({
      ...base,
      url: url(fill(), { ...baseQuery, q: value }),
      label: `query q: ${name}`,
    }));
  }
  HOSTILE_VALUES.forEach(([name, value], i) => {
    out.push(targets[(i + offset) % targets.length]!(value, name));
  });
  // The whole-request variants are shared out between the three callers.
  const mine = <T>(list: T[]) => list.filter((_, i) => i % 3 === offset % 3);
  for (const q of mine(RAW_QUERIES))
    out.push({ ...base, url: `${fill()}?${q}`, label: `raw query ${q.slice(0, 30)}` });
  if (hasBody) {
    for (const v of mine(RAW_VARIANTS)) {
      out.push({
        method: op.method,
        url: base.url,
        payload: v.payload,
        contentType: v.contentType,
        label: `raw body: ${v.name}`,
      });
    }
  }
  return out;
}

/**
 * Seamless calls are signed: sign the hostile body too, so it reaches the handler. Aggregator
 * wallet calls (/aggregator/hub88/*) are authenticated by an RSA signature, not a session: they are
 * signed with the local simulator's key (every outcome, a refusal included, is HTTP 200 with a status).
 */
function signatureFor(app: FastifyInstance, req: Request): Record<string, string> {
  if (req.url.startsWith('/aggregator/hub88/')) {
    const key = app.hub88.keys.simulator?.aggregatorPrivateKey;
    return key
      ? {
          'x-hub88-signature': createSign('RSA-SHA256')
            .update(req.payload ?? '')
            .sign(key, 'base64'),
        }
      : {};
  }
  const m = /^\/seamless\/v1\/([^/]+)\//.exec(req.url);
  if (!m) return {};
  const secrets = { ...app.config.vendorSecrets, SANDBOX: app.config.sandboxVendorSecret };
  let vendor = '';
  try {
    vendor = decodeURIComponent(m[1] ?? '').toUpperCase();
  } catch {
    return {};
  }
  const secret = secrets[vendor as keyof typeof secrets];
  if (!secret) return {};
  return {
    'x-signature': createHmac('sha256', secret)
      .update(req.payload ?? '')
      .digest('hex'),
  };
}

describe('hostile input from the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A live host named as the corpus names a path parameter, so the host rooms' calls (issue 31)
    // reach their handlers with a room that exists.
    t = await createTestApp({
      liveHosts: [{ id: 'Abc12345', name: 'Hostile', avatarUrl: null, online: true }],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers no hostile request with a 5xx, as anonymous, player or operator', {
    timeout: 400_000,
  }, async () => {
    const ops = operations(t.app);
    expect(ops.length).toBeGreaterThan(50);
    // Issue 29's payment routes are in the document, so they meet the corpus like every route: the
    // player's start, and the provider returns that anyone (no session) can reach.
    expect(ops.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining([
        'GET /wps/payments/channels',
        'POST /wps/payments/{provider}/deposits',
        'GET /wps/payments/esewa/return',
        'GET /wps/payments/khalti/return',
        'GET /wps/admin/payments/status',
        'POST /wps/admin/payments/deposits/{id}/check',
        // The aggregator console (issue 29): import, rounds at Hub88, free spins.
        'POST /wps/admin/aggregator/hub88/games/import',
        'GET /wps/admin/aggregator/hub88/rounds/{round}',
        'GET /wps/admin/aggregator/hub88/freebets/prepaids',
        'GET /wps/admin/aggregator/hub88/freebets',
        'POST /wps/admin/aggregator/hub88/freebets',
        // The jackpot (issue 31): the public pools and wins, the console's pools, history and trigger.
        'GET /wps/jackpot',
        'GET /wps/jackpot/wins',
        // The member's credit report and invite links (issue 31).
        'GET /wps/cashier/credit-report',
        'GET /wps/invite-links',
        'POST /wps/invite-links',
        'PATCH /wps/invite-links/{id}',
        'GET /wps/admin/jackpot/pools',
        'PATCH /wps/admin/jackpot/pools/{id}',
        'GET /wps/admin/jackpot/pools/{id}/history',
        'POST /wps/admin/jackpot/pools/{id}/trigger',
        // Live support (issue 31): the player's (and guest's) calls and the console's.
        'GET /wps/support/status',
        'POST /wps/support/conversations',
        'GET /wps/support/conversations/{id}/messages',
        'POST /wps/support/conversations/{id}/messages',
        'POST /wps/support/conversations/{id}/attachments',
        'GET /wps/support/attachments/{id}',
        'GET /wps/admin/support/conversations',
        'GET /wps/admin/support/conversations/{id}',
        'POST /wps/admin/support/conversations/{id}/messages',
        'POST /wps/admin/support/conversations/{id}/attachments',
        'POST /wps/admin/support/conversations/{id}/assign',
        'POST /wps/admin/support/conversations/{id}/transfer',
        'POST /wps/admin/support/conversations/{id}/close',
        'GET /wps/admin/support/canned',
        'POST /wps/admin/support/canned',
        'PUT /wps/admin/support/canned/{id}',
        'DELETE /wps/admin/support/canned/{id}',
        // Host rooms (issue 31): reading and posting, and the console's moderation.
        'GET /wps/rooms/{room}',
        'GET /wps/rooms/{room}/messages',
        'POST /wps/rooms/{room}/messages',
        'GET /wps/admin/rooms',
        'GET /wps/admin/rooms/words',
        'PUT /wps/admin/rooms/words',
        'GET /wps/admin/rooms/{room}/messages',
        'DELETE /wps/admin/rooms/{room}/messages/{id}',
        'GET /wps/admin/rooms/{room}/sanctions',
        'POST /wps/admin/rooms/{room}/members/{memberId}/mute',
        'POST /wps/admin/rooms/{room}/members/{memberId}/unmute',
        'POST /wps/admin/rooms/{room}/members/{memberId}/ban',
        'POST /wps/admin/rooms/{room}/members/{memberId}/unban',
        // Web Push (issue 31): the public key and a member's device subscriptions.
        'GET /wps/push/key',
        'POST /wps/push/subscriptions',
        'DELETE /wps/push/subscriptions',
      ]),
    );
    const player = await createMember(t.app, { paymentPassword: 'Pay@1234' });
    const operator = await createOperator(t.app, { permissions: ['*'] });
    const openSession = async (role: 'anonymous' | 'player' | 'operator') => {
      if (role === 'anonymous') return null;
      // A fresh session per operation: a hostile logout or password change must not end the run early.
      const { token } =
        role === 'player'
          ? await t.app.services.auth.sessions.open({
              memberId: player.id,
              role: 'player',
              loginType: 'test',
            })
          : await t.app.services.auth.sessions.open({
              operatorId: operator.id,
              role: 'operator',
              loginType: 'test',
            });
      return token;
    };

    const failures: string[] = [];
    const timing: Array<[string, number]> = [];
    let sent = 0;
    let n = 0;
    for (const [roleIndex, role] of (['anonymous', 'player', 'operator'] as const).entries()) {
      for (const op of ops) {
        // Vendor wallet calls (seamless, aggregator) are authenticated by their signature and read
        // no session: a token changes nothing there, so they run once, not once per role (each
        // aggregator request costs an RSA signature each way).
        if (role !== 'anonymous' && /^\/(seamless|aggregator)\//.test(op.path)) continue;
        const token = await openSession(role);
        const started = Date.now();
        const requests = requestsFor(op, roleIndex);
        // In order per operation (a request may depend on the state the previous left), a few
        // at a time; every request from its own loopback address so per-IP limits do not hide faults.
        for (let i = 0; i < requests.length; i += 8) {
          await Promise.all(
            requests.slice(i, i + 8).map(async (r) => {
              n++;
              const headers: Record<string, string> = { ...signatureFor(t.app, r) };
              if (token) headers.token = token;
              if (r.contentType) headers['content-type'] = r.contentType;
              const res = await t.app.inject({
                method: r.method as 'GET',
                url: r.url,
                headers,
                remoteAddress: `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
                ...(r.payload !== undefined ? { payload: r.payload } : {}),
              });
              sent++;
              if (res.statusCode >= 500) {
                failures.push(
                  `${role} ${op.method} ${op.path} [${r.label}] → ${res.statusCode} ${res.body.slice(0, 120)}`,
                );
              }
              // A signature-authenticated aggregator call answers every outcome as 200 + RS_* status.
              if (
                r.url.startsWith('/aggregator/hub88/') &&
                res.statusCode === 200 &&
                !/^RS_[A-Z_]+$/.test(String((res.json() as { status?: unknown }).status))
              ) {
                failures.push(`${role} ${op.method} ${op.path} [${r.label}] → 200 without an RS_ status`);
              }
            }),
          );
        }
        timing.push([`${role} ${op.method} ${op.path}`, Date.now() - started]);
        if (process.env.HOSTILE_TIMING) console.log(role, op.method, op.path, Date.now() - started);
        // An operator variant may have switched the whole site off; the next operation starts clean.
        if (op.path.startsWith('/wps/admin/system')) {
          await t.app.services.system.setMaintenance({ enabled: false, message: null }, 'test');
          await t.app.services.system.setBlockedCountries([]);
        }
      }
    }
    if (process.env.HOSTILE_TIMING) console.log(timing.sort((a, b) => b[1] - a[1]).slice(0, 15));
    console.log(`hostile input: ${sent} requests, ${failures.length} answered 5xx`);
    expect(sent).toBeGreaterThan(ops.length * 3 * 25);
    expect(failures.slice(0, 40), `${failures.length} of ${sent} requests answered 5xx`).toEqual([]);
  });
});
