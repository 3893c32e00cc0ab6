import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameInfo } from '../api/inhouse.ts';
import { StakeField, useStake } from './shared.tsx';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    defaultNS: 'inhouse',
    resources: { en: { inhouse: { stake: 'Stake', limits: '{{min}}–{{max}}' } } },
  });
});

function Field({ info }: { info: GameInfo | undefined }) {
  const [stake, setStake] = useStake(info);
  return <StakeField value={stake} onChange={setStake} info={info} />;
}
const render = (info: GameInfo | undefined) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <Field info={info} />
    </I18nextProvider>,
  );

describe('the in-house stake field', () => {
  it('takes no input and shows no made-up stake until the game limits are known', () => {
    // A value that changed to the minimum under the cursor once sent "1.0020" (400 Invalid amount).
    const html = render(undefined);
    expect(html).toContain('disabled=""');
    expect(html).toContain('value=""');
  });

  it("starts at the game's minimum once its limits are known, and takes input", () => {
    const html = render({ minBet: '1.00', maxBet: '500.00' } as GameInfo);
    expect(html).not.toContain('disabled');
    expect(html).toContain('value="1.00"');
  });
});
