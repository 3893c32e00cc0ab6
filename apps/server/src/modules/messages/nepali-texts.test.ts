import { memberRole, promotionInputSchema } from '@wps/contract';
import { describe, expect, it } from 'vitest';
import { createMember } from '../../test/members.ts';
import { createPromotion, promotionsTestKit } from '../promotions/test-kit.ts';
import { SYSTEM_MESSAGES } from './templates.ts';

// biome-ignore lint/suspicious/noExplicitAny: the tests read loose JSON answers
type Json = any;

/**
 * Nepali where money is decided (issue 27): operator-authored texts of promotions, missions and
 * mall items have a Nepali version the player API answers with for a Nepali request (English when
 * there is none), system messages read in the member's language, and the member's language is
 * kept on the account for the next sign-in.
 */
describe('Nepali texts (issue 27)', () => {
  const kit = promotionsTestKit();
  const get = async (token: string | null, url: string, lang: 'EN' | 'NE') => {
    const res = await kit.t.app.inject({
      method: 'GET',
      url,
      headers: { lang, ...(token ? { token } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as Json;
  };

  it('answers promotions in the request language, English when the Nepali field is empty', async () => {
    const ne = await createPromotion(kit.t.app, kit.op.token, {
      title: 'Reload 30%',
      summary: 'A third more on every deposit.',
      body: 'Wager the bonus 6 times within 7 days.',
      titleNe: 'रिलोड 30%',
      summaryNe: 'हरेक जम्मामा एक तिहाइ थप।',
      bodyNe: '7 दिनभित्र बोनसको 6 गुणा बाजी लगाउनुहोस्।',
      category: 'deposit',
      kind: 'free_bonus',
      bonusAmount: '20.00',
      wageringMultiplier: 6,
    });
    const en = await createPromotion(kit.t.app, kit.op.token, {
      title: 'English only',
      summary: 'No Nepali version.',
      category: 'deposit',
      kind: 'free_bonus',
      bonusAmount: '5.00',
    });
    const p = await createMember(kit.t.app);
    const inNepali = (await get(p.token, '/wps/promotions', 'NE')) as Json[];
    expect(inNepali.find((x) => x.id === ne)).toMatchObject({
      title: 'रिलोड 30%',
      summary: 'हरेक जम्मामा एक तिहाइ थप।',
      body: '7 दिनभित्र बोनसको 6 गुणा बाजी लगाउनुहोस्।',
    });
    expect(inNepali.find((x) => x.id === en)).toMatchObject({
      title: 'English only',
      summary: 'No Nepali version.',
    });
    expect(await get(null, `/wps/promotions/${ne}`, 'NE')).toMatchObject({ title: 'रिलोड 30%' });
    expect(await get(p.token, `/wps/promotions/${ne}`, 'EN')).toMatchObject({
      title: 'Reload 30%',
      body: 'Wager the bonus 6 times within 7 days.',
    });
    // The console sees both languages side by side.
    const admin = (await get(kit.op.token, '/wps/admin/promotions', 'EN')) as Json[];
    expect(admin.find((x) => x.id === ne)).toMatchObject({ title: 'Reload 30%', titleNe: 'रिलोड 30%' });

    // A bonus granted under it: the member's message reads in Nepali for a Nepali reader.
    const claim = await kit.t.app.inject({
      method: 'POST',
      url: `/wps/promotions/${ne}/claim`,
      headers: { token: p.token },
    });
    expect(claim.statusCode, claim.body).toBe(200);
    const inbox = await get(p.token, '/wps/messages?pageNo=1&pageSize=10', 'NE');
    const issued = inbox.content.find((m: Json) => m.kind === 'bonus');
    expect(issued.title).toBe('बोनस दिइयो: रिलोड 30%');
    expect(issued.body).toMatch(/^20\.00 तपाईंको बोनस ब्यालेन्समा थपियो।/);
    const english = await get(p.token, '/wps/messages?pageNo=1&pageSize=10', 'EN');
    expect(english.content.find((m: Json) => m.kind === 'bonus').title).toBe('Bonus issued: Reload 30%');
  });

  it('answers missions and mall items in the request language, English when there is no Nepali', async () => {
    const post = async (url: string, payload: unknown) => {
      const res = await kit.t.app.inject({
        method: 'POST',
        url,
        headers: { token: kit.op.token },
        payload: payload as object,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value.id as number;
    };
    const mission = await post('/wps/admin/missions', {
      title: 'Play 3 rounds',
      description: 'Any real-money round counts.',
      titleNe: '3 राउन्ड खेल्नुहोस्',
      descriptionNe: 'वास्तविक रकमको जुनसुकै राउन्ड गनिन्छ।',
      period: 'day',
      metric: 'rounds',
      target: '3',
      reward: '2.00',
    });
    const plain = await post('/wps/admin/missions', {
      title: 'English mission',
      period: 'day',
      metric: 'rounds',
      target: '4',
      reward: '1.00',
    });
    const p = await createMember(kit.t.app);
    const summary = await get(p.token, '/wps/mission/summary', 'NE');
    expect(summary.missions.find((m: Json) => m.id === mission)).toMatchObject({
      title: '3 राउन्ड खेल्नुहोस्',
      description: 'वास्तविक रकमको जुनसुकै राउन्ड गनिन्छ।',
    });
    expect(summary.missions.find((m: Json) => m.id === plain)).toMatchObject({ title: 'English mission' });
    const en = await get(p.token, '/wps/mission/summary', 'EN');
    expect(en.missions.find((m: Json) => m.id === mission)).toMatchObject({ title: 'Play 3 rounds' });

    const item = await post('/wps/admin/points/products', {
      name: 'NPR 10 cash',
      description: 'Added to your balance.',
      nameNe: 'रु 10 नगद',
      descriptionNe: 'तपाईंको ब्यालेन्समा थपिन्छ।',
      kind: 'cash',
      points: 100,
      cashValue: '10.00',
    });
    const shirt = await post('/wps/admin/points/products', {
      name: 'T-shirt',
      kind: 'physical',
      points: 900,
    });
    const mall = (await get(null, '/wps/points/products', 'NE')) as Json[];
    expect(mall.find((x) => x.id === item)).toMatchObject({
      name: 'रु 10 नगद',
      description: 'तपाईंको ब्यालेन्समा थपिन्छ।',
    });
    expect(mall.find((x) => x.id === shirt)).toMatchObject({ name: 'T-shirt' });
    expect(((await get(null, '/wps/points/products', 'EN')) as Json[]).find((x) => x.id === item).name).toBe(
      'NPR 10 cash',
    );
  });

  it('writes system messages in both languages and serves the reader theirs; a broadcast too', async () => {
    const p = await createMember(kit.t.app);
    await kit.t.app.services.messages.broadcast(
      { id: kit.op.id, account: kit.op.account },
      {
        audience: 'players',
        title: 'Maintenance',
        body: 'Sunday night.',
        titleNe: 'मर्मत',
        bodyNe: 'आइतबार राति।',
      },
    );
    const ne = await get(p.token, '/wps/messages?pageNo=1&pageSize=10', 'NE');
    expect(ne.content.find((m: Json) => m.source === 'broadcast')).toMatchObject({
      title: 'मर्मत',
      body: 'आइतबार राति।',
    });
    // Messages sent before Nepali existed (no Nepali text) read in English.
    await kit.t.app.services.messages.send(p.id, { kind: 'system', title: 'Old', body: 'English only' });
    const again = await get(p.token, '/wps/messages?pageNo=1&pageSize=10', 'NE');
    expect(again.content.find((m: Json) => m.kind === 'system')).toMatchObject({ title: 'Old' });
  });

  it('has every system message in Nepali, with Latin digits and the same placeholders', () => {
    for (const [key, { en, ne }] of Object.entries(SYSTEM_MESSAGES)) {
      expect(ne, key).toMatch(/[\u0900-\u097F]/);
      expect(ne, key).not.toMatch(/[\u0966-\u096F]/);
      const slots = (s: string) => [...s.matchAll(/\{\d+\}/g)].map((m) => m[0]).sort();
      expect(slots(ne), key).toEqual(slots(en));
    }
  });

  it('gives a demo seeded before Nepali texts existed the Nepali of rows still as seeded', async () => {
    const seeded = promotionInputSchema.parse({
      title: 'Seeded before Nepali',
      body: 'As the old seed wrote it.',
      category: 'deposit',
      kind: 'free_bonus',
      bonusAmount: '5.00',
      startsAt: '2020-01-01T00:00:00Z',
    });
    const id = await createPromotion(kit.t.app, kit.op.token, seeded);
    const promos = kit.t.app.services.promotions;
    expect(await promos.ensureDemo([{ ...seeded, titleNe: 'नेपालीअघि राखिएको', bodyNe: 'पुरानो।' }])).toBe(
      true,
    );
    expect((await get(null, `/wps/promotions/${id}`, 'NE')).title).toBe('नेपालीअघि राखिएको');
    // Filled once: an operator's later Nepali edit is theirs.
    expect(await promos.ensureDemo([{ ...seeded, titleNe: 'फेरि' }])).toBe(false);
  });

  it('keeps the language a member chose on the account, for the sign-in on another device', async () => {
    const p = await createMember(kit.t.app);
    const put = await kit.t.app.inject({
      method: 'PUT',
      url: '/wps/member/language',
      headers: { token: p.token },
      payload: { language: 'NE' },
    });
    expect(put.statusCode, put.body).toBe(200);
    // A new session (another browser: no lang header) reads the account's language.
    const { token } = await kit.t.app.services.auth.sessions.open({
      memberId: p.id,
      role: memberRole(0),
      loginType: 'test',
    });
    const info = await kit.t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { token } });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().value.language).toBe('NE');
  });
});
