import { describe, expect, it } from 'vitest';
import { createMember, createOperator } from '../../test/members.ts';
import { pickDepositOffer } from './deposit-bonus.ts';
import { createPromotion, promotionsTestKit } from '../promotions/test-kit.ts';
import type { Promotion } from '@wps/contract';

/**
 * Issue 27, a new player's money path: the real name and date of birth the cashier needs are set
 * by the player (once, validated) or the operator (audited); every refusal for a missing profile
 * field is PROFILE_INCOMPLETE naming the fields; the deposit form's bonus offer joins the
 * promotion as the promotions page does; a closed promotion says why.
 */
describe('money path: profile the cashier needs, deposit bonus offer, why closed', () => {
  const kit = promotionsTestKit({ config: { depositPendingMax: 100 } });
  const { api } = kit;
  const PAY = '246810';

  const firstDepositBonus = (title: string, extra: Record<string, unknown> = {}) =>
    createPromotion(kit.t.app, kit.op.token, {
      title,
      summary: 'Double your first deposit',
      body: 'Rules',
      category: 'newbie',
      labels: ['NEWBIE'],
      kind: 'deposit_bonus',
      depositNth: 1,
      percent: 100,
      cap: '500.00',
      minDeposit: '200.00',
      wageringMultiplier: 10,
      expiryDays: 7,
      contributions: { RNG: 100 },
      ...extra,
    });

  it('PUT /wps/member/profile sets the real name once (register rule, normalised), then only an operator changes it, audited', async () => {
    const p = await createMember(kit.t.app, { birthday: null });
    const info = async () => (await api(p.token, 'GET', '/wps/member/info')).body.value;
    expect((await info()).payeeName).toBeNull();

    // One word is not a full name: the register rule's real-name message, in the caller's field.
    const one = await api(p.token, 'PUT', '/wps/member/profile', { payeeName: 'Ram' });
    expect(one.status).toBe(400);
    expect(one.body.value.fields.payeeName).toBe('Real name format is incorrect');

    const set = await api(p.token, 'PUT', '/wps/member/profile', {
      payeeName: '  Sita   Kumari  Rai ',
      birthday: '1995-08-17',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(await info()).toMatchObject({
      payeeName: 'Sita Kumari Rai',
      profile: { birthday: '1995-08-17' },
    });

    // The same name again (case, spacing) is no change; another one is refused and nothing moves.
    expect((await api(p.token, 'PUT', '/wps/member/profile', { payeeName: 'sita kumari  rai' })).status).toBe(
      200,
    );
    const other = await api(p.token, 'PUT', '/wps/member/profile', { payeeName: 'Gita Rai', zalo: '' });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('CONFLICT');
    expect(other.body.value.fields.payeeName).toBe(
      'Your real name is already set. To change it, please contact customer service.',
    );
    expect((await api(p.token, 'PUT', '/wps/member/profile', { payeeName: '' })).status).toBe(409);
    expect((await info()).payeeName).toBe('Sita Kumari Rai');

    // Under age is refused when it is entered, not at the first deposit.
    const kid = `${new Date().getUTCFullYear() - 15}-01-01`;
    const young = await api(p.token, 'PUT', '/wps/member/profile', { birthday: kid });
    expect(young.status).toBe(403);
    expect(young.body.value.fields.birthday).toBe('You must be at least 18 years old to play.');
    expect((await info()).profile.birthday).toBe('1995-08-17');

    // The operator's player edit changes it, and the audit keeps what it was.
    const kyc = await createOperator(kit.t.app, { permissions: ['players.kyc', 'audit'] });
    const edit = await kit.t.app.inject({
      method: 'PUT',
      url: `/wps/admin/players/${p.id}/kyc/identity`,
      headers: { token: kyc.token },
      payload: { payeeName: 'Gita  Kumari Rai' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await info()).payeeName).toBe('Gita Kumari Rai');
    const audit = await kit.t.app.services.audit.list({
      pageNo: 1,
      pageSize: 10,
      targetId: String(p.id),
    });
    const entry = audit.content.find((a) => a.action === 'player.kyc.identity');
    expect(entry?.before).toMatchObject({ payeeName: 'Sita Kumari Rai' });
    expect(entry?.after).toMatchObject({ payeeName: 'Gita  Kumari Rai' });
    // Players still cannot take it back.
    expect((await api(p.token, 'PUT', '/wps/member/profile', { payeeName: 'Sita Kumari Rai' })).status).toBe(
      409,
    );
  });

  it('every refusal for a missing profile field is PROFILE_INCOMPLETE with value.fields naming it', async () => {
    const p = await createMember(kit.t.app, { birthday: null });
    const deposit = await api(p.token, 'POST', '/wps/cashier/deposits', {
      channelId: kit.channelId,
      amount: '300.00',
      reference: 'ESW-1',
    });
    expect(deposit.status).toBe(409);
    expect(deposit.body.code).toBe('PROFILE_INCOMPLETE');
    expect(Object.keys(deposit.body.value.fields)).toEqual(['birthday']);
    expect(deposit.body.value.fields.birthday).toMatch(/security centre/);

    const bind = await api(p.token, 'POST', '/wps/cashier/payout-accounts', {
      kind: 'wallet',
      provider: 'ESEWA',
      accountNumber: '9841000001',
      accountName: 'Hari Bahadur KC',
    });
    expect(bind.status).toBe(409);
    expect(bind.body.code).toBe('PROFILE_INCOMPLETE');
    expect(Object.keys(bind.body.value.fields)).toEqual(['payeeName']);

    const withdraw = await api(p.token, 'POST', '/wps/cashier/withdrawals', {
      payoutAccountId: 1,
      amount: '100.00',
      paymentPassword: '123456',
    });
    expect(withdraw.status).toBe(409);
    expect(withdraw.body).toMatchObject({ code: 'PROFILE_INCOMPLETE', success: false });
    expect(Object.keys(withdraw.body.value.fields).sort()).toEqual(['payeeName', 'paymentPassword']);
    expect(withdraw.body.message).toBe('Some details are missing. Please complete them to continue.');

    // In Nepali too.
    const ne = await kit.t.app.inject({
      method: 'POST',
      url: '/wps/cashier/withdrawals',
      headers: { token: p.token, lang: 'NE' },
      payload: { payoutAccountId: 1, amount: '100.00', paymentPassword: '123456' },
    });
    expect(ne.json().message).toBe('केही विवरण छुटेका छन्। अगाडि बढ्न कृपया ती पूरा गर्नुहोस्।');

    // Once set where asked, the same calls go through.
    expect(
      (
        await api(p.token, 'PUT', '/wps/member/profile', {
          payeeName: 'Hari Bahadur KC',
          birthday: '1990-02-03',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api(p.token, 'POST', '/wps/cashier/deposits', {
          channelId: kit.channelId,
          amount: '300.00',
          reference: 'ESW-1',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api(p.token, 'POST', '/wps/cashier/payout-accounts', {
          kind: 'wallet',
          provider: 'ESEWA',
          accountNumber: '9841000001',
          accountName: 'hari bahadur kc',
        })
      ).status,
    ).toBe(200);
  });

  it('the deposit form offers the first-deposit bonus; opting in joins it as Join does, and approval pays it', async () => {
    const promoId = await firstDepositBonus('Money path welcome 100%');
    const p = await createMember(kit.t.app, { paymentPassword: PAY });
    const offer = await api(p.token, 'GET', '/wps/cashier/deposit-bonus');
    expect(offer.status).toBe(200);
    expect(offer.body.value.depositNth).toBe(1);
    expect(offer.body.value.offer).toMatchObject({
      id: promoId,
      status: 'join',
      percent: 100,
      cap: '500.00',
      minDeposit: '200.00',
      wageringMultiplier: 10,
      expiryDays: 7,
    });

    const ask = (body: Record<string, unknown>) =>
      api(p.token, 'POST', '/wps/cashier/deposits', {
        channelId: kit.channelId,
        reference: 'ESW-BONUS',
        ...body,
      });
    // Below the bonus minimum with the bonus ticked: refused before anything is joined.
    const small = await ask({ amount: '150.00', bonusPromotionId: promoId });
    expect(small.status).toBe(400);
    expect(small.body.value.fields.amount).toBe(
      'The bonus needs a deposit of at least 200.00. Deposit more, or untick the bonus.',
    );
    // A bonus that is not the one offered for this deposit.
    const stranger = await ask({ amount: '300.00', bonusPromotionId: 987_654 });
    expect(stranger.status).toBe(409);
    expect(stranger.body.value.fields.bonusPromotionId).toBe('This bonus is not offered for this deposit.');
    expect((await api(p.token, 'GET', '/wps/cashier/deposit-bonus')).body.value.offer.status).toBe('join');

    const ok = await ask({ amount: '300.00', bonusPromotionId: promoId, requestId: 'money-path-1' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // Joined, as the promotions page shows it; a retried submit is the same deposit, joined once.
    expect((await api(p.token, 'GET', `/wps/promotions/${promoId}`)).body.value.status).toBe('joined');
    expect((await api(p.token, 'GET', '/wps/cashier/deposit-bonus')).body.value.offer).toMatchObject({
      id: promoId,
      status: 'joined',
    });
    const again = await ask({ amount: '300.00', bonusPromotionId: promoId, requestId: 'money-path-1' });
    expect(again.body.value.id).toBe(ok.body.value.id);

    await kit.t.app.services.cashier.approveDeposit(kit.actor(), ok.body.value.id);
    const bonuses = await api(p.token, 'GET', '/wps/promotions/bonuses');
    expect(bonuses.body.value.bonusBalance).toBe('300.00');
    expect(bonuses.body.value.grants[0]).toMatchObject({ amount: '300.00', wageringRequired: '3000.00' });
    const after = await api(p.token, 'GET', '/wps/cashier/deposit-bonus');
    expect(after.body.value).toMatchObject({ depositNth: 2, offer: null });
  });

  it('opting out joins nothing; afterwards the first-deposit bonus is closed and says why', async () => {
    const promoId = await firstDepositBonus('Money path opt-out 100%');
    const p = await createMember(kit.t.app);
    const d = await api(p.token, 'POST', '/wps/cashier/deposits', {
      channelId: kit.channelId,
      amount: '300.00',
      reference: 'ESW-OUT',
    });
    expect(d.status).toBe(200);
    await kit.t.app.services.cashier.approveDeposit(kit.actor(), d.body.value.id);
    expect((await api(p.token, 'GET', '/wps/promotions/bonuses')).body.value.bonusBalance).toBe('0.00');
    const view = (await api(p.token, 'GET', `/wps/promotions/${promoId}`)).body.value;
    expect(view).toMatchObject({ status: 'closed', closedReason: 'depositMade', depositNth: 1 });
  });

  it('closed reasons: ended, audience, a joined deposit that did not qualify; none while open', async () => {
    // Ended two days ago: still listed for a week, closed.
    const ended = await firstDepositBonus('Money path ended', {
      endsAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    });
    const agentsOnly = await firstDepositBonus('Money path agents', { audience: 'agents' });
    const joinable = await firstDepositBonus('Money path joinable');
    const p = await createMember(kit.t.app);
    const list = (await api(p.token, 'GET', '/wps/promotions')).body.value as Promotion[];
    const of = (id: number) => list.find((x) => x.id === id)!;
    expect(of(ended)).toMatchObject({ status: 'closed', closedReason: 'ended' });
    expect(of(agentsOnly)).toMatchObject({ status: 'closed', closedReason: 'agentsOnly' });
    expect(of(joinable).status).toBe('join');
    expect(of(joinable).closedReason ?? null).toBeNull();
    // Visitors see no status and no reason.
    const anon = (await api(null, 'GET', `/wps/promotions/${ended}`)).body.value;
    expect(anon.status).toBeNull();
    expect(anon.closedReason ?? null).toBeNull();

    // Joined, then a deposit below its minimum: the approval closes it, and it says so.
    expect((await api(p.token, 'POST', `/wps/promotions/${joinable}/join`)).status).toBe(200);
    await kit.deposit(p.id, '100.00');
    expect((await api(p.token, 'GET', `/wps/promotions/${joinable}`)).body.value).toMatchObject({
      status: 'closed',
      closedReason: 'notQualified',
    });
  });

  it('picks the joined bonus, else the lowest id, for exactly the next deposit number', () => {
    const promo = (id: number, o: Partial<Promotion>) =>
      ({ id, kind: 'deposit_bonus', depositNth: 1, status: 'join', ...o }) as Promotion;
    expect(pickDepositOffer([promo(5, {}), promo(3, {})], 1)?.id).toBe(3);
    expect(pickDepositOffer([promo(5, { status: 'joined' }), promo(3, {})], 1)?.id).toBe(5);
    expect(pickDepositOffer([promo(3, { depositNth: 2 })], 1)).toBeNull();
    expect(pickDepositOffer([promo(3, { depositNth: 2 })], 2)?.id).toBe(3);
    expect(pickDepositOffer([promo(3, { status: 'closed' }), promo(4, { kind: 'reload' })], 1)).toBeNull();
    expect(pickDepositOffer([promo(3, { depositNth: null })], 1)?.id).toBe(3);
  });
});
