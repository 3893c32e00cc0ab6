import { describe, expect, it } from 'vitest';
import { adminModulesIn, cssFor, firstRouteChunks } from '../../scripts/bundle-size.mjs';

const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    css: ['assets/index.css'],
  },
  '_vendor.js': { file: 'assets/vendor.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js' },
  'src/features/home/routes/home-page.tsx': { file: 'assets/home.js', imports: ['_shared.js', '_ui.js'] },
  '_ui.js': { file: 'assets/ui.js', css: ['assets/ui.css'] },
  'src/admin/admin-app.tsx': { file: 'assets/admin.js', imports: ['_vendor.js'] },
};

describe('bundle budget arithmetic', () => {
  it('follows static imports transitively from the entry and the listed lazy chunks, once each', () => {
    const { staticKeys, allKeys } = firstRouteChunks(manifest, ['src/features/home/routes/home-page.tsx']);
    expect(staticKeys).toEqual(['index.html', '_vendor.js', '_shared.js']);
    expect(allKeys).toEqual([
      'index.html',
      '_vendor.js',
      '_shared.js',
      'src/features/home/routes/home-page.tsx',
      '_ui.js',
    ]);
    expect(cssFor(manifest, allKeys)).toEqual(['assets/index.css', 'assets/ui.css']);
  });

  it('fails loudly when a listed lazy chunk no longer exists', () => {
    expect(() => firstRouteChunks(manifest, ['src/features/home/routes/renamed.tsx'])).toThrow(/no chunk/);
  });

  it('finds console modules merged into a first-route chunk', () => {
    const modules = {
      'assets/index.js': { 'src/main.tsx': 100 },
      'assets/vendor.js': { '../../node_modules/react/index.js': 10, 'src/admin/session-store.ts': 5 },
    };
    expect(adminModulesIn(modules, ['assets/index.js', 'assets/vendor.js'])).toEqual([
      'assets/vendor.js: src/admin/session-store.ts',
    ]);
    expect(adminModulesIn(modules, ['assets/index.js'])).toEqual([]);
  });
});
