import type { WhitelabelModule } from '@wps/contract';
import { describe, expect, it } from 'vitest';
import { enabledCategories, isModuleEnabled, navCategories } from './categories.ts';

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

describe('main navigation from the game menus (SPEC §2)', () => {
  const tree = [m('GAMES', true, [m('INHOUSE'), m('RNG'), m('LIVE', false), m('SPORTS'), m('LOTT')])];
  const lane = (title: string, vendors: number) => ({ title, gameClassify: Array.from({ length: vendors }) });

  it('lists in-house and each category with at least one vendor, the tree switching some off', () => {
    const lanes = [
      lane('RNG', 3),
      lane('LIVE', 2),
      lane('SPORTS', 0),
      lane('ELOTT', 1),
      lane('BGS', 1),
      lane('LOTT', 1),
    ];
    expect(navCategories(tree, lanes).map((c) => c.id)).toEqual(['INHOUSE', 'RNG', 'LOTT', 'ELOTT', 'BGS']);
    expect(navCategories(tree, [lane('RNG', 1)]).map((c) => c.id)).toEqual(['INHOUSE', 'RNG']);
  });

  it('falls back to the tree until the menus arrive, and a disabled GAMES hides everything', () => {
    expect(navCategories(tree, undefined)).toEqual(enabledCategories(tree));
    expect(navCategories([m('GAMES', false, [m('RNG')])], [lane('RNG', 1)])).toEqual([]);
  });
});
