import { createHash } from 'node:crypto';

/**
 * Game artwork drawn by us, deterministically from the game (no third-party images, nothing
 * fetched): a two-colour gradient, a few shapes and the game's initials, all chosen by a hash of
 * the game id and name, so the same game always gets the same picture and a new name a new one.
 */
export const ART_SIZE = 300;

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** A short, stable fingerprint of what the picture depends on: part of the URL, so caches can be immutable. */
export function artVersion(parts: Array<string | number>): string {
  return createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 10);
}

export function initialsOf(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? words[0]!.slice(0, 2) : words[0]![0]! + words[1]![0]!;
  return letters.toUpperCase();
}

function bytesOf(seed: string): Buffer {
  return createHash('sha256').update(seed).digest();
}

export function gameArtSvg(input: {
  gameId: number;
  name: string;
  vendorMark: string;
  gameType: string;
}): string {
  const b = bytesOf(`${input.gameId}|${input.name}`);
  const hue1 = Math.round((b[0]! / 255) * 360);
  const hue2 = (hue1 + 40 + Math.round((b[1]! / 255) * 120)) % 360;
  const angle = b[2]! % 4;
  const [x2, y2] = [
    ['1', '1'],
    ['1', '0'],
    ['0', '1'],
    ['1', '0.5'],
  ][angle]!;
  const shapes: string[] = [];
  for (let i = 0; i < 5; i++) {
    const o = 3 + i * 5;
    const cx = Math.round((b[o]! / 255) * ART_SIZE);
    const cy = Math.round((b[o + 1]! / 255) * ART_SIZE);
    const r = 20 + Math.round((b[o + 2]! / 255) * 70);
    const opacity = (0.08 + (b[o + 3]! / 255) * 0.22).toFixed(2);
    if (b[o + 4]! % 2 === 0) {
      shapes.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity="${opacity}"/>`);
    } else {
      const pts = [0, 1, 2]
        .map((k) => {
          const a = (k * 2 * Math.PI) / 3 + (b[o]! / 255) * Math.PI;
          return `${Math.round(cx + r * Math.cos(a))},${Math.round(cy + r * Math.sin(a))}`;
        })
        .join(' ');
      shapes.push(`<polygon points="${pts}" fill="#fff" fill-opacity="${opacity}"/>`);
    }
  }
  const initials = escapeXml(initialsOf(input.name));
  const mark = escapeXml(input.vendorMark.slice(0, 8));
  const type = escapeXml(input.gameType);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_SIZE}" height="${ART_SIZE}" viewBox="0 0 ${ART_SIZE} ${ART_SIZE}" role="img" aria-label="${escapeXml(input.name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="hsl(${hue1},70%,45%)"/><stop offset="1" stop-color="hsl(${hue2},75%,28%)"/></linearGradient></defs>
<rect width="${ART_SIZE}" height="${ART_SIZE}" rx="24" fill="url(#g)"/>
${shapes.join('\n')}
<text x="50%" y="54%" text-anchor="middle" dominant-baseline="middle" font-family="system-ui,sans-serif" font-size="110" font-weight="800" fill="#fff" fill-opacity="0.95">${initials}</text>
<rect x="14" y="14" width="${18 + mark.length * 11}" height="30" rx="8" fill="#000" fill-opacity="0.35"/>
<text x="23" y="35" font-family="system-ui,sans-serif" font-size="18" font-weight="700" fill="#fff">${mark}</text>
<text x="${ART_SIZE - 16}" y="${ART_SIZE - 18}" text-anchor="end" font-family="system-ui,sans-serif" font-size="16" fill="#fff" fill-opacity="0.8">${type}</text>
</svg>`;
}

/** A vendor's badge: its own short text on its colour (our mark, not the brand's logo). */
export function vendorMarkSvg(input: { text: string; color: string }): string {
  const text = escapeXml(input.text.slice(0, 10));
  const color = /^#[0-9a-fA-F]{3,8}$/.test(input.color) ? input.color : '#444444';
  const width = Math.max(80, 24 + text.length * 16);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="40" viewBox="0 0 ${width} 40" role="img" aria-label="${text}">
<rect width="${width}" height="40" rx="10" fill="${color}"/>
<text x="50%" y="52%" text-anchor="middle" dominant-baseline="middle" font-family="system-ui,sans-serif" font-size="20" font-weight="800" fill="#fff">${text}</text>
</svg>`;
}
