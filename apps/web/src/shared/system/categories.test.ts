import type { WhitelabelModule } from '@wps/contract';
import { describe, expect, it } from 'vitest';
import { enabledCategories, isModuleEnabled } from './categories.ts';

const m = (modId: string, enabled = true, childrenNodes: WhitelabelModule[] = []): WhitelabelModule => ({
  modId,
  name: modId,
  enabled,
  childrenNodes,
});

describe('game categories from the module tree', () => {
  const tree = [
    m('HOME'),
    m('GAMES', true, [m('INHOUSE'), m('RNG'), m('LIVE', false), m('SPORTS'), m('MYSTERY'), m('LOTT')]),
    m('PROMO', false),
  ];

  it('lists the enabled categories in tree order with their routes, skipping unknown ones', () => {
    expect(enabledCategories(tree)).toEqual([
      { id: 'INHOUSE', href: '/rng?vassalage=INHOUSE' },
      { id: 'RNG', href: '/rng' },
      { id: 'SPORTS', href: '/sports' },
      { id: 'LOTT', href: '/lott' },
    ]);
  });

  it('hides every category when GAMES is off', () => {
    expect(enabledCategories([m('GAMES', false, [m('RNG')])])).toEqual([]);
    expect(enabledCategories([])).toEqual([]);
  });

  it('treats a module as on only when it and its ancestors are on', () => {
    expect(isModuleEnabled(tree, 'RNG')).toBe(true);
    expect(isModuleEnabled(tree, 'LIVE')).toBe(false);
    expect(isModuleEnabled(tree, 'PROMO')).toBe(false);
    expect(isModuleEnabled([m('GAMES', false, [m('RNG')])], 'RNG')).toBe(false);
    expect(isModuleEnabled(tree, 'NOPE')).toBe(false);
  });
});
