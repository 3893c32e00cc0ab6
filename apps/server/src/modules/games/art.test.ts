import { describe, expect, it } from 'vitest';
import { gameArtSvg, initialsOf, vendorMarkSvg } from './art.ts';
import { fillTemplate, maskName } from './service.ts';

describe('games helpers', () => {
  it('masks winner names to the first two and last two characters', () => {
    expect(maskName('demo01')).toBe('de***01');
    expect(maskName('abcd')).toBe('a***');
    expect(maskName('')).toBe('***');
  });

  it('fills launch templates with encoded values and leaves unknown placeholders', () => {
    expect(
      fillTemplate('https://v.example/l?t={token}&g={gameCode}&x={other}', {
        token: 'a+b/c',
        gameCode: 'G 1',
      }),
    ).toBe('https://v.example/l?t=a%2Bb%2Fc&g=G%201&x={other}');
  });

  it('draws the same picture for the same game, escapes text, and fetches nothing', () => {
    const a = gameArtSvg({ gameId: 7, name: 'Golden <Dragon> & "Co"', vendorMark: 'PG', gameType: 'RNG' });
    expect(gameArtSvg({ gameId: 7, name: 'Golden <Dragon> & "Co"', vendorMark: 'PG', gameType: 'RNG' })).toBe(
      a,
    );
    expect(
      gameArtSvg({ gameId: 8, name: 'Golden <Dragon> & "Co"', vendorMark: 'PG', gameType: 'RNG' }),
    ).not.toBe(a);
    expect(a).not.toContain('<Dragon>');
    expect(a).toContain('&lt;Dragon&gt;');
    expect(a).not.toMatch(/href=|https?:\/\/(?!www\.w3\.org)/);
    expect(initialsOf('Golden Dragon')).toBe('GD');
    expect(initialsOf('Keno')).toBe('KE');
    expect(initialsOf('सुनौलो ड्र्यागन').length).toBeGreaterThan(0);
    expect(vendorMarkSvg({ text: 'PG', color: 'red;x' })).toContain('#444444');
  });
});
