// Renders public/favicon.svg into the PNG app icons committed beside it (home-screen icons need
// PNG). Run after changing the mark: `node apps/web/scripts/make-icons.mjs` (uses system Chromium).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
const svg = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
// Home screens crop icons to their own shape: the chip sits on the night colour with a margin.
const SIZES = [
  { file: 'apple-touch-icon.png', size: 180 },
  { file: 'icon-192.png', size: 192 },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const { file, size } of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const inner = Math.round(size * 0.78);
    await page.setContent(
      `<body style="margin:0;display:grid;place-items:center;height:100vh;background:#0e1424">${svg.replace(
        '<svg ',
        `<svg width="${inner}" height="${inner}" `,
      )}</body>`,
    );
    await page.screenshot({ path: path.join(publicDir, file) });
    await page.close();
  }
} finally {
  await browser.close();
}
