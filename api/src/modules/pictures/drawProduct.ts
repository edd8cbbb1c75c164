/**
 * Product pictures drawn as SVG, so the shop has recognisable images without fetching any:
 * a shape for what the product is (by its name, else its category) in its colour, with its name underneath. Pure and
 * deterministic: the same product and picture number always give the same bytes.
 *
 * A small picture (a card's, a cart line's) leaves the name out: the card or line writes it right
 * beside the picture (drawn, it came out 8–16 px tall). Sent as WebP (webp.ts) it is smaller so,
 * and needs no font on the server; sent as SVG (its old address, or the encoder's queue full), the
 * browser, which lays out and paints an SVG picture on its page's main thread, has no text to shape.
 */

export interface PictureSubject {
  name: string;
  /** Category ids, parent first; the most specific one picks the drawing. */
  categories: readonly string[];
  /** Hex colour of the item. */
  colour: string;
  /** 1-based picture number; later pictures show the item from a slightly different angle. */
  position: number;
  size: number;
  /** Drawn without the name, the item centred (a small picture: see above). */
  withoutName?: boolean;
}

type Drawing = (fill: string, stroke: string) => string;

const tee: Drawing = (fill, stroke) => `
  <path d="M270 190 L345 160 Q400 215 455 160 L530 190 L640 300 L570 370 L530 330 L530 630 L270 630 L270 330 L230 370 L160 300 Z"
    fill="${fill}" stroke="${stroke}" stroke-width="8" stroke-linejoin="round"/>
  <path d="M345 160 Q400 215 455 160" fill="none" stroke="${stroke}" stroke-width="8"/>`;

const trousers: Drawing = (fill, stroke) => `
  <path d="M280 160 L520 160 L550 640 L435 640 L400 320 L365 640 L250 640 Z"
    fill="${fill}" stroke="${stroke}" stroke-width="8" stroke-linejoin="round"/>
  <rect x="280" y="160" width="240" height="34" fill="${stroke}" opacity="0.35"/>
  <line x1="400" y1="194" x2="400" y2="300" stroke="${stroke}" stroke-width="6"/>`;

const jacket: Drawing = (fill, stroke) => `
  <path d="M280 180 L350 150 L400 200 L450 150 L520 180 L600 260 L640 600 L570 610 L540 360 L540 640 L260 640 L260 360 L230 610 L160 600 L200 260 Z"
    fill="${fill}" stroke="${stroke}" stroke-width="8" stroke-linejoin="round"/>
  <line x1="400" y1="200" x2="400" y2="640" stroke="${stroke}" stroke-width="8"/>
  <circle cx="380" cy="300" r="8" fill="${stroke}"/><circle cx="380" cy="400" r="8" fill="${stroke}"/>
  <circle cx="380" cy="500" r="8" fill="${stroke}"/>`;

const dress: Drawing = (fill, stroke) => `
  <path d="M345 150 L365 150 L375 210 L425 210 L435 150 L455 150 L470 280 L590 640 L210 640 L330 280 Z"
    fill="${fill}" stroke="${stroke}" stroke-width="8" stroke-linejoin="round"/>
  <path d="M330 280 Q400 310 470 280" fill="none" stroke="${stroke}" stroke-width="8"/>`;

const blouse: Drawing = (fill, stroke) => `
  <path d="M285 180 L355 155 L400 210 L445 155 L515 180 L620 320 L565 370 L525 320 L540 600 L260 600 L275 320 L235 370 L180 320 Z"
    fill="${fill}" stroke="${stroke}" stroke-width="8" stroke-linejoin="round"/>
  <path d="M355 155 L400 245 L445 155" fill="none" stroke="${stroke}" stroke-width="8"/>
  <circle cx="400" cy="320" r="9" fill="#ffffff" stroke="${stroke}" stroke-width="4"/>
  <circle cx="400" cy="410" r="9" fill="#ffffff" stroke="${stroke}" stroke-width="4"/>
  <circle cx="400" cy="500" r="9" fill="#ffffff" stroke="${stroke}" stroke-width="4"/>`;

const bag: Drawing = (fill, stroke) => `
  <path d="M320 300 Q320 170 400 170 Q480 170 480 300" fill="none" stroke="${stroke}" stroke-width="18"/>
  <path d="M210 290 L590 290 L560 630 L240 630 Z" fill="${fill}" stroke="${stroke}" stroke-width="8" stroke-linejoin="round"/>
  <rect x="350" y="380" width="100" height="60" rx="10" fill="#ffffff" opacity="0.6"/>`;

const watch: Drawing = (fill, stroke) => `
  <rect x="330" y="120" width="140" height="200" rx="20" fill="${fill}" stroke="${stroke}" stroke-width="8"/>
  <rect x="330" y="480" width="140" height="200" rx="20" fill="${fill}" stroke="${stroke}" stroke-width="8"/>
  <circle cx="400" cy="400" r="130" fill="#f8fafc" stroke="${stroke}" stroke-width="16"/>
  <line x1="400" y1="400" x2="400" y2="310" stroke="${stroke}" stroke-width="10" stroke-linecap="round"/>
  <line x1="400" y1="400" x2="465" y2="430" stroke="${stroke}" stroke-width="8" stroke-linecap="round"/>
  <circle cx="400" cy="400" r="10" fill="${stroke}"/>`;

const headphones: Drawing = (fill, stroke) => `
  <path d="M220 450 L220 380 Q220 190 400 190 Q580 190 580 380 L580 450" fill="none" stroke="${stroke}" stroke-width="26" stroke-linecap="round"/>
  <rect x="180" y="400" width="100" height="190" rx="40" fill="${fill}" stroke="${stroke}" stroke-width="8"/>
  <rect x="520" y="400" width="100" height="190" rx="40" fill="${fill}" stroke="${stroke}" stroke-width="8"/>`;

const gadget: Drawing = (fill, stroke) => `
  <rect x="230" y="190" width="340" height="440" rx="48" fill="${fill}" stroke="${stroke}" stroke-width="8"/>
  <circle cx="400" cy="320" r="70" fill="#f8fafc" stroke="${stroke}" stroke-width="8"/>
  <circle cx="400" cy="320" r="24" fill="${stroke}"/>
  <circle cx="400" cy="510" r="50" fill="#f8fafc" stroke="${stroke}" stroke-width="8"/>`;

const toyBlock: Drawing = (fill, stroke) => `
  <path d="M400 170 L610 280 L400 390 L190 280 Z" fill="#ffffff" opacity="0.55" stroke="${stroke}" stroke-width="8" stroke-linejoin="round"/>
  <path d="M190 280 L400 390 L400 640 L190 530 Z" fill="${fill}" stroke="${stroke}" stroke-width="8" stroke-linejoin="round"/>
  <path d="M610 280 L400 390 L400 640 L610 530 Z" fill="${fill}" opacity="0.75" stroke="${stroke}" stroke-width="8" stroke-linejoin="round"/>
  <text x="295" y="500" font-family="Arial, Helvetica, sans-serif" font-size="110" font-weight="700" fill="#ffffff" text-anchor="middle">A</text>`;

const belt: Drawing = (fill, stroke) => `
  <path d="M140 360 L560 360 Q660 360 660 440 Q660 520 560 520 L240 520" fill="none" stroke="${stroke}" stroke-width="8"/>
  <rect x="140" y="360" width="520" height="70" rx="12" fill="${fill}" stroke="${stroke}" stroke-width="8"/>
  <rect x="470" y="335" width="120" height="120" rx="14" fill="none" stroke="#d4a017" stroke-width="16"/>
  <line x1="530" y1="350" x2="530" y2="440" stroke="#d4a017" stroke-width="12"/>
  <circle cx="260" cy="395" r="10" fill="${stroke}"/><circle cx="330" cy="395" r="10" fill="${stroke}"/><circle cx="400" cy="395" r="10" fill="${stroke}"/>`;

const hat: Drawing = (fill, stroke) => `
  <ellipse cx="400" cy="470" rx="290" ry="90" fill="${fill}" stroke="${stroke}" stroke-width="8"/>
  <path d="M270 470 Q270 250 400 250 Q530 250 530 470 Z" fill="${fill}" stroke="${stroke}" stroke-width="8" stroke-linejoin="round"/>
  <path d="M275 420 Q400 450 525 420 L530 460 Q400 490 270 460 Z" fill="${stroke}" opacity="0.6"/>`;

const sunglasses: Drawing = (fill, stroke) => `
  <path d="M150 330 L650 330" stroke="${stroke}" stroke-width="16" stroke-linecap="round"/>
  <path d="M170 335 L370 335 Q380 470 290 490 Q190 500 170 335 Z" fill="${fill}" stroke="${stroke}" stroke-width="8"/>
  <path d="M430 335 L630 335 Q610 500 510 490 Q420 470 430 335 Z" fill="${fill}" stroke="${stroke}" stroke-width="8"/>
  <path d="M370 350 Q400 320 430 350" fill="none" stroke="${stroke}" stroke-width="10"/>`;

const scarf: Drawing = (fill, stroke) => `
  <path d="M260 200 Q400 300 540 200 L560 260 Q400 380 240 260 Z" fill="${fill}" stroke="${stroke}" stroke-width="8" stroke-linejoin="round"/>
  <path d="M300 290 L360 330 L330 620 L250 600 Z" fill="${fill}" stroke="${stroke}" stroke-width="8" stroke-linejoin="round"/>
  <path d="M250 600 L240 650 M275 606 L270 656 M300 612 L300 662 M325 618 L330 668" stroke="${stroke}" stroke-width="6"/>`;

const wallet: Drawing = (fill, stroke) => `
  <rect x="200" y="260" width="400" height="290" rx="28" fill="${fill}" stroke="${stroke}" stroke-width="8"/>
  <path d="M200 330 L600 330" stroke="${stroke}" stroke-width="6"/>
  <rect x="250" y="220" width="210" height="120" rx="10" fill="#f8fafc" stroke="${stroke}" stroke-width="6"/>
  <rect x="270" y="250" width="80" height="16" rx="4" fill="${stroke}" opacity="0.5"/>`;

const powerBank: Drawing = (fill, stroke) => `
  <rect x="280" y="160" width="240" height="480" rx="36" fill="${fill}" stroke="${stroke}" stroke-width="8"/>
  <rect x="370" y="140" width="60" height="24" rx="6" fill="${stroke}"/>
  <rect x="330" y="260" width="140" height="40" rx="8" fill="#f8fafc"/><rect x="330" y="320" width="140" height="40" rx="8" fill="#f8fafc"/>
  <rect x="330" y="380" width="140" height="40" rx="8" fill="#f8fafc" opacity="0.4"/>`;

const lamp: Drawing = (fill, stroke) => `
  <ellipse cx="400" cy="630" rx="150" ry="30" fill="${fill}" stroke="${stroke}" stroke-width="8"/>
  <path d="M400 620 L330 400 L470 250" fill="none" stroke="${stroke}" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"/>
  <path d="M440 200 L600 230 L560 330 Z" fill="${fill}" stroke="${stroke}" stroke-width="8" stroke-linejoin="round"/>
  <path d="M575 340 L610 400 M545 345 L555 410" stroke="#f59e0b" stroke-width="8" stroke-linecap="round"/>`;

const charger: Drawing = (fill, stroke) => `
  <rect x="280" y="250" width="240" height="260" rx="36" fill="${fill}" stroke="${stroke}" stroke-width="8"/>
  <rect x="330" y="170" width="26" height="90" rx="6" fill="#9ca3af" stroke="${stroke}" stroke-width="6"/>
  <rect x="444" y="170" width="26" height="90" rx="6" fill="#9ca3af" stroke="${stroke}" stroke-width="6"/>
  <path d="M400 510 L400 560 Q400 640 480 640 L600 640" fill="none" stroke="${stroke}" stroke-width="14" stroke-linecap="round"/>
  <path d="M410 320 L370 390 L415 390 L385 460" fill="none" stroke="#fde047" stroke-width="12" stroke-linejoin="round"/>`;

const camera: Drawing = (fill, stroke) => `
  <rect x="210" y="270" width="380" height="280" rx="36" fill="${fill}" stroke="${stroke}" stroke-width="8"/>
  <rect x="270" y="230" width="110" height="50" rx="10" fill="${stroke}"/>
  <circle cx="400" cy="410" r="95" fill="#f8fafc" stroke="${stroke}" stroke-width="12"/>
  <circle cx="400" cy="410" r="50" fill="${stroke}"/>
  <circle cx="540" cy="310" r="14" fill="#ef4444"/>`;

/** What a product's name says it is, before its category (an accessory may be a belt or a hat). */
const DRAWINGS_BY_NAME: readonly [RegExp, Drawing][] = [
  [/\bbelt\b/i, belt],
  [/\bhat\b/i, hat],
  [/sunglasses/i, sunglasses],
  [/\bscarf\b/i, scarf],
  [/wallet|card holder/i, wallet],
  [/power bank/i, powerBank],
  [/\blamp\b/i, lamp],
  [/charger/i, charger],
  [/camera/i, camera],
  [/tote|\bbag\b/i, bag],
  [/speaker/i, gadget],
];

const DRAWINGS: Readonly<Record<string, Drawing>> = {
  't-shirts': tee,
  trousers,
  fashion: jacket,
  dress,
  blouse,
  accessories: bag,
  watches: watch,
  headphone: headphones,
  electronics: gadget,
  toys: toyBlock,
};

export function drawingFor(categories: readonly string[], name = ''): Drawing {
  const named = DRAWINGS_BY_NAME.find(([pattern]) => pattern.test(name));
  if (named) return named[1];
  for (const category of [...categories].reverse()) {
    const drawing = DRAWINGS[category];
    if (drawing) return drawing;
  }
  return gadget;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Up to two lines of about `width` characters, the second ending in … if cut. */
export function wrapName(name: string, width = 26): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of name.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= 2) return lines;
  const second = lines.slice(1).join(' ');
  return [lines[0] ?? '', `${second.slice(0, width - 1).trimEnd()}…`];
}

/** A darker shade of a #rrggbb colour, for outlines. */
export function darken(hex: string, factor = 0.55): string {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) return '#111827';
  const value = Number.parseInt(match[1], 16);
  const channel = (shift: number) => Math.round(((value >> shift) & 0xff) * factor);
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

const BACKGROUNDS = ['#f3f4f6', '#eef2ff', '#ecfdf5', '#fef3c7'];
/** Each further picture turns the item a little, as if photographed from another side. */
const ANGLES = [0, -6, 6, -3];

export function drawProductPicture(subject: PictureSubject): string {
  const background = BACKGROUNDS[(subject.position - 1) % BACKGROUNDS.length];
  const angle = ANGLES[(subject.position - 1) % ANGLES.length];
  const drawing = drawingFor(subject.categories, subject.name)(subject.colour, darken(subject.colour));
  const lines = subject.withoutName ? [] : wrapName(subject.name);
  const text = lines
    .map(
      (line, index) =>
        `<text x="400" y="${705 + index * 46}" font-family="Arial, Helvetica, sans-serif" font-size="38" fill="#111827" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${subject.size}" height="${subject.size}" viewBox="0 0 800 800" role="img" aria-label="${escapeXml(subject.name)}">
<rect width="800" height="800" fill="${background}"/>
<g transform="rotate(${angle} 400 400)${subject.withoutName ? '' : ' translate(0 -20)'}">${drawing}
</g>
${text}
</svg>
`;
}
