/**
 * Product pictures drawn as SVG, so the shop has recognisable images without fetching any:
 * a shape per category in the product's colour, with its name underneath. Pure and
 * deterministic: the same product and picture number always give the same bytes.
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

export function drawingFor(categories: readonly string[]): Drawing {
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
  const drawing = drawingFor(subject.categories)(subject.colour, darken(subject.colour));
  const lines = wrapName(subject.name);
  const text = lines
    .map(
      (line, index) =>
        `<text x="400" y="${705 + index * 46}" font-family="Arial, Helvetica, sans-serif" font-size="38" fill="#111827" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${subject.size}" height="${subject.size}" viewBox="0 0 800 800" role="img" aria-label="${escapeXml(subject.name)}">
<rect width="800" height="800" fill="${background}"/>
<g transform="rotate(${angle} 400 400) translate(0 -20)">${drawing}
</g>
${text}
</svg>
`;
}
