import { storeByHash } from '../../platform/pictures.js';
import { PUBLIC_MEDIA, type Storage } from '../../platform/storage/index.js';

/**
 * The demo shop's product pictures, made at seed time as the downloads' files are (`demo-files.ts`): each a
 * drawing (SVG, no text, so no font decides how it looks) turned into a WebP by the image library, stored in
 * the picture library's folder under its content hash. The same bytes come out every time, so a second seed
 * stores nothing new. The image library is loaded here only, by the seed.
 */

/** A demo picture, stored in the picture library's folder: what its library row and the product need. */
export interface DemoPicture {
  title: string;
  /** Public: `/uploads/images/<sha256>.webp`, as an uploaded picture's. */
  url: string;
  width: number;
  height: number;
  bytes: number;
}

/** The shop's cards and product pages show pictures at 4:3. */
const WIDTH = 800;
const HEIGHT = 600;

type Motif = 'waves' | 'stack' | 'lines' | 'grid' | 'circles' | 'pen';
type Drawing = { kind: 'book'; motif: Motif } | { kind: 'tote' } | { kind: 'notebook' } | { kind: 'download'; format: 'epub' | 'pdf' } | { kind: 'membership' };

interface PictureSpec {
  title: string;
  /** Background, the object's main colour and its accent. */
  palette: [string, string, string];
  drawing: Drawing;
}

/** The products that have no picture of their own, by slug; the membership plans share one (`MEMBERSHIP_PICTURE`). */
export const DEMO_PICTURES: Record<string, PictureSpec> = {
  'offline-first-web-apps': { title: 'Offline-First Web Apps, the cover', palette: ['#dfe9f3', '#1f4e79', '#f2b134'], drawing: { kind: 'book', motif: 'waves' } },
  'field-guide-to-caching': { title: 'A Field Guide to Caching, the cover', palette: ['#e8efe4', '#2f6b3b', '#e9d36c'], drawing: { kind: 'book', motif: 'stack' } },
  'the-pragmatic-reader': { title: 'The Pragmatic Reader, the cover', palette: ['#f4ebe1', '#8a3b2e', '#f0d9b5'], drawing: { kind: 'book', motif: 'lines' } },
  'writing-clearly-about-code': { title: 'Writing Clearly about Code, the cover', palette: ['#ece8f4', '#4b3a7a', '#9fd3c7'], drawing: { kind: 'book', motif: 'pen' } },
  'designing-calm-interfaces': { title: 'Designing Calm Interfaces, the cover', palette: ['#e4f1f1', '#2c6e6a', '#f6c6a8'], drawing: { kind: 'book', motif: 'circles' } },
  'typography-for-the-screen': { title: 'Typography for the Screen, the cover', palette: ['#f3efe6', '#2b2b2b', '#d9472b'], drawing: { kind: 'book', motif: 'grid' } },
  'lectern-tote-bag': { title: 'Lectern tote bag', palette: ['#e9e4da', '#d8c9a8', '#2b4a6f'], drawing: { kind: 'tote' } },
  'dotted-notebook-a5': { title: 'Dotted notebook, A5', palette: ['#e6ecef', '#2d3e50', '#f4f1ea'], drawing: { kind: 'notebook' } },
  'offline-first-web-apps-epub': { title: 'Offline-First Web Apps (EPUB), the e-book', palette: ['#dfe9f3', '#1f4e79', '#f2b134'], drawing: { kind: 'download', format: 'epub' } },
  'reading-habits-workbook-pdf': { title: 'Reading Habits Workbook (PDF)', palette: ['#f6eadf', '#b5532f', '#fff7ee'], drawing: { kind: 'download', format: 'pdf' } },
};

/** The key of the picture every membership plan shows. */
export const MEMBERSHIP_PICTURE = 'membership';
const MEMBERSHIP_SPEC: PictureSpec = { title: 'Membership', palette: ['#f5edd6', '#7a5a12', '#f2c14e'], drawing: { kind: 'membership' } };

/** The motif printed on a book's cover, inside the cover's box (x, y, w, h). */
function motif(name: Motif, x: number, y: number, w: number, h: number, ink: string): string {
  const cx = x + w / 2;
  switch (name) {
    case 'waves':
      return [0, 1, 2]
        .map((i) => {
          const wy = y + h * (0.45 + i * 0.12);
          return `<path d="M${x + 24} ${wy} q${w / 8} -28 ${w / 4} 0 t${w / 4} 0 t${w / 4} 0" fill="none" stroke="${ink}" stroke-width="9" stroke-linecap="round" opacity="${1 - i * 0.25}"/>`;
        })
        .join('');
    case 'stack':
      return [0, 1, 2, 3].map((i) => `<rect x="${x + 30 + i * 14}" y="${y + h * 0.36 + i * 34}" width="${w - 60 - i * 28}" height="24" rx="6" fill="${ink}" opacity="${1 - i * 0.18}"/>`).join('');
    case 'lines':
      return [0, 1, 2, 3, 4].map((i) => `<rect x="${x + 30}" y="${y + h * 0.38 + i * 26}" width="${(w - 60) * (i === 4 ? 0.55 : 1)}" height="9" rx="4" fill="${ink}"/>`).join('');
    case 'grid':
      return [0, 1, 2]
        .flatMap((r) => [0, 1, 2].map((c) => `<rect x="${x + 36 + c * ((w - 72) / 3)}" y="${y + h * 0.34 + r * 44}" width="${(w - 72) / 3 - 12}" height="32" fill="${ink}" opacity="${(r + c) % 2 ? 0.45 : 1}"/>`))
        .join('');
    case 'circles':
      return `<circle cx="${cx}" cy="${y + h * 0.55}" r="${w * 0.3}" fill="none" stroke="${ink}" stroke-width="8"/><circle cx="${cx}" cy="${y + h * 0.55}" r="${w * 0.16}" fill="${ink}" opacity="0.7"/>`;
    case 'pen':
      return `<path d="M${x + 40} ${y + h * 0.78} L${x + w - 60} ${y + h * 0.36} l22 22 L${x + 62} ${y + h * 0.8} Z" fill="${ink}"/><path d="M${x + 30} ${y + h * 0.88} h${w - 60}" stroke="${ink}" stroke-width="7" stroke-linecap="round"/>`;
  }
}

/** The drawing of one product, 800 x 600. */
export function pictureSvg({ palette: [bg, main, accent], drawing }: PictureSpec): string {
  let body: string;
  switch (drawing.kind) {
    case 'book': {
      // A hardback standing upright, its spine on the left, with a shadow on the table.
      const [x, y, w, h] = [270, 70, 260, 400];
      body = `<ellipse cx="${x + w / 2 + 20}" cy="${y + h + 18}" rx="${w * 0.72}" ry="22" fill="#000" opacity="0.12"/>
<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="${main}"/>
<rect x="${x}" y="${y}" width="26" height="${h}" rx="8" fill="#000" opacity="0.22"/>
<rect x="${x + 50}" y="${y + 40}" width="${w - 80}" height="14" rx="7" fill="${accent}"/>
<rect x="${x + 50}" y="${y + 66}" width="${(w - 80) * 0.6}" height="10" rx="5" fill="${accent}" opacity="0.7"/>
${motif(drawing.motif, x + 26, y, w - 26, h, accent)}`;
      break;
    }
    case 'tote':
      body = `<ellipse cx="400" cy="530" rx="200" ry="22" fill="#000" opacity="0.12"/>
<path d="M330 250 C330 130 470 130 470 250" fill="none" stroke="${accent}" stroke-width="18" stroke-linecap="round"/>
<path d="M250 220 H550 L580 520 H220 Z" fill="${main}"/>
<path d="M250 220 H550 L556 270 H244 Z" fill="#000" opacity="0.08"/>
<rect x="345" y="330" width="110" height="110" rx="18" fill="${accent}"/>
<path d="M372 410 V362 h56 v48 M372 386 h56" stroke="${main}" stroke-width="10" fill="none" stroke-linecap="round"/>`;
      break;
    case 'notebook': {
      const dots: string[] = [];
      for (let r = 0; r < 9; r += 1) for (let c = 0; c < 7; c += 1) dots.push(`<circle cx="${336 + c * 28}" cy="${140 + r * 34}" r="3" fill="${main}" opacity="0.35"/>`);
      body = `<ellipse cx="410" cy="500" rx="190" ry="20" fill="#000" opacity="0.12"/>
<rect x="270" y="100" width="270" height="390" rx="14" fill="${main}"/>
<rect x="300" y="112" width="228" height="366" rx="8" fill="${accent}"/>
${dots.join('')}
<rect x="510" y="100" width="14" height="390" fill="#b33a3a"/>`;
      break;
    }
    case 'download':
      // A tablet showing a page, with the download arrow: the file comes by link, not by post.
      body = `<ellipse cx="400" cy="528" rx="190" ry="20" fill="#000" opacity="0.12"/>
<rect x="265" y="80" width="270" height="430" rx="28" fill="${main}"/>
<rect x="287" y="110" width="226" height="360" rx="8" fill="${accent}"/>
${[0, 1, 2, 3].map((i) => `<rect x="315" y="${140 + i * 28}" width="${i === 3 ? 100 : 170}" height="10" rx="5" fill="${main}" opacity="0.35"/>`).join('')}
<circle cx="400" cy="360" r="62" fill="${main}"/>
<path d="M400 322 V392 M372 366 L400 394 L428 366" stroke="${accent}" stroke-width="12" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
${drawing.format === 'epub' ? `<path d="M330 440 h140" stroke="${main}" stroke-width="8" stroke-linecap="round" opacity="0.5"/>` : `<rect x="330" y="432" width="140" height="16" rx="8" fill="${main}" opacity="0.5"/>`}`;
      break;
    case 'membership':
      body = `<circle cx="400" cy="300" r="170" fill="${main}"/>
<circle cx="400" cy="300" r="140" fill="none" stroke="${accent}" stroke-width="8" stroke-dasharray="6 14"/>
<path d="M400 190 L431 258 L505 265 L449 315 L466 388 L400 350 L334 388 L351 315 L295 265 L369 258 Z" fill="${accent}"/>`;
      break;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="${bg}"/>
${body}
</svg>`;
}

/**
 * Makes every demo product's picture and stores it in the picture library's folder (served under
 * `/uploads/images/`), by product slug (and `MEMBERSHIP_PICTURE` for the plans).
 */
export async function storeDemoPictures(storage: Storage): Promise<Map<string, DemoPicture>> {
  const { default: sharp } = await import('sharp');
  const specs: [string, PictureSpec][] = [...Object.entries(DEMO_PICTURES), [MEMBERSHIP_PICTURE, MEMBERSHIP_SPEC]];
  const pictures = new Map<string, DemoPicture>();
  for (const [key, spec] of specs) {
    const webp = await sharp(Buffer.from(pictureSvg(spec))).webp({ quality: 80 }).toBuffer();
    const name = await storeByHash(storage, `${PUBLIC_MEDIA}/images`, webp);
    pictures.set(key, { title: spec.title, url: `/uploads/images/${name}`, width: WIDTH, height: HEIGHT, bytes: webp.byteLength });
  }
  return pictures;
}
