import type { RecordType } from '@pest/contracts';
import { measureText, textOutline } from '../../platform/demo-art/glyph-outlines';

// Demo pictures: simple stylised drawings made at seed time (no photographs are shipped or
// downloaded), each clearly labelled 示意圖 with the record's name and what the view shows.

export const illustrationSize = { width: 960, height: 720 } as const;

/** What a picture shows; the drawing and the label follow from it. */
export type IllustrationView = 'adult' | 'juvenile' | 'damage' | 'symptom' | 'pathogen' | 'field' | 'feature' | 'life';

/** What the caption calls a view; mites have their own words for their stages. */
export function viewLabel(type: RecordType, view: IllustrationView): string {
  if (type === 'mite' && view === 'adult') return '成蟎';
  if (type === 'mite' && view === 'juvenile') return '幼蟎';
  return viewLabels[view];
}

export const viewLabels: Record<IllustrationView, string> = {
  adult: '成蟲',
  juvenile: '幼期',
  damage: '為害狀',
  symptom: '病徵',
  pathogen: '病原',
  field: '田間',
  feature: '特徵',
  life: '生活史',
};

/** Three album views per type, then the extra classes. */
export function albumViews(type: RecordType): IllustrationView[] {
  if (type === 'disease') return ['symptom', 'pathogen', 'field'];
  if (type === 'beneficial') return ['adult', 'juvenile', 'field'];
  return ['adult', 'juvenile', 'damage'];
}

/** A stable colour per record, so its pictures belong together. */
export function recordHue(key: string): number {
  let hash = 0;
  for (const character of key) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  return hash % 360;
}

const hsl = (hue: number, saturation: number, lightness: number) => `hsl(${hue % 360} ${saturation}% ${lightness}%)`;

function insect(
  hue: number,
  options: { cx: number; cy: number; scale: number; spotted: boolean; legs: number; form: 'insect' | 'mite' },
) {
  const { cx, cy, scale, spotted, legs, form } = options;
  const body = hsl(hue, 55, 38);
  const parts: string[] = [];
  const legPairs = legs / 2;
  for (let i = 0; i < legPairs; i += 1) {
    const y = cy - 40 + (i * 90) / Math.max(1, legPairs - 1);
    for (const side of [-1, 1]) {
      const knee = cx + side * 150;
      parts.push(
        `<path d="M${cx} ${y} L${knee} ${y - 40 + i * 25} L${cx + side * 210} ${y + 30 + i * 20}" stroke="${body}" stroke-width="10" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
      );
    }
  }
  if (form === 'insect') {
    parts.push(
      `<path d="M${cx - 20} ${cy - 150} Q ${cx - 80} ${cy - 240} ${cx - 150} ${cy - 250}" stroke="${body}" stroke-width="8" fill="none"/>`,
      `<path d="M${cx + 20} ${cy - 150} Q ${cx + 80} ${cy - 240} ${cx + 150} ${cy - 250}" stroke="${body}" stroke-width="8" fill="none"/>`,
      `<ellipse cx="${cx - 90}" cy="${cy - 10}" rx="95" ry="45" transform="rotate(-30 ${cx - 90} ${cy - 10})" fill="${hsl(hue, 30, 92)}" fill-opacity="0.75" stroke="${hsl(hue, 30, 60)}" stroke-width="3"/>`,
      `<ellipse cx="${cx + 90}" cy="${cy - 10}" rx="95" ry="45" transform="rotate(30 ${cx + 90} ${cy - 10})" fill="${hsl(hue, 30, 92)}" fill-opacity="0.75" stroke="${hsl(hue, 30, 60)}" stroke-width="3"/>`,
      `<circle cx="${cx}" cy="${cy - 130}" r="38" fill="${body}"/>`,
      `<ellipse cx="${cx}" cy="${cy + 40}" rx="70" ry="130" fill="${hsl(hue, 60, 48)}"/>`,
    );
  } else {
    parts.push(
      `<circle cx="${cx}" cy="${cy - 95}" r="30" fill="${body}"/>`,
      `<ellipse cx="${cx}" cy="${cy + 10}" rx="115" ry="100" fill="${hsl(hue, 65, 50)}"/>`,
    );
  }
  if (spotted) {
    for (const [dx, dy] of [
      [-30, 0],
      [30, 20],
      [-20, 80],
      [25, 100],
      [0, 40],
    ] as const) {
      parts.push(`<circle cx="${cx + dx}" cy="${cy + dy}" r="14" fill="${hsl(hue, 40, 18)}"/>`);
    }
  }
  return `<g transform="translate(${cx} ${cy}) scale(${scale}) translate(${-cx} ${-cy})">${parts.join('')}</g>`;
}

function larva(hue: number, cx: number, cy: number) {
  const segments = Array.from({ length: 9 }, (_, i) => {
    const x = cx - 240 + i * 60;
    const y = cy + Math.sin(i / 1.6) * 30;
    return `<circle cx="${x}" cy="${y}" r="${i === 8 ? 40 : 36}" fill="${hsl(hue, 55, 45 + (i % 2) * 8)}"/>`;
  });
  return `${segments.join('')}<circle cx="${cx + 262}" cy="${cy + Math.sin(8 / 1.6) * 30 - 10}" r="6" fill="#1b1b1b"/>`;
}

function leaf(hue: number, options: { lesions: boolean; holes: boolean; cx: number; cy: number }) {
  const { cx, cy } = options;
  const outline = `M${cx - 300} ${cy} C ${cx - 150} ${cy - 230}, ${cx + 170} ${cy - 230}, ${cx + 300} ${cy} C ${cx + 170} ${cy + 230}, ${cx - 150} ${cy + 230}, ${cx - 300} ${cy} Z`;
  const parts = [
    `<clipPath id="leaf"><path d="${outline}"/></clipPath>`,
    `<path d="${outline}" fill="#5f9e4a" stroke="#3d6e2f" stroke-width="6"/>`,
    `<g clip-path="url(#leaf)">`,
    `<path d="M${cx - 300} ${cy} L${cx + 300} ${cy}" stroke="#3d6e2f" stroke-width="6"/>`,
  ];
  for (let i = -2; i <= 2; i += 1) {
    parts.push(
      `<path d="M${cx + i * 100} ${cy} L${cx + i * 100 + 70} ${cy - 110}" stroke="#3d6e2f" stroke-width="4"/>`,
      `<path d="M${cx + i * 100} ${cy} L${cx + i * 100 + 70} ${cy + 110}" stroke="#3d6e2f" stroke-width="4"/>`,
    );
  }
  if (options.lesions) {
    for (const [dx, dy, r] of [
      [-150, -50, 34],
      [-40, 70, 26],
      [90, -60, 42],
      [180, 40, 22],
      [20, -20, 18],
    ] as const) {
      parts.push(
        `<circle cx="${cx + dx}" cy="${cy + dy}" r="${r + 10}" fill="${hsl(hue, 70, 70)}" fill-opacity="0.8"/>`,
        `<circle cx="${cx + dx}" cy="${cy + dy}" r="${r}" fill="${hsl(hue, 45, 28)}"/>`,
      );
    }
  }
  if (options.holes) {
    for (const [dx, dy, rx] of [
      [-120, 60, 40],
      [60, -80, 55],
      [170, 50, 30],
    ] as const) {
      parts.push(
        `<ellipse cx="${cx + dx}" cy="${cy + dy}" rx="${rx}" ry="${rx * 0.7}" fill="#f3f1e7" stroke="#8a6d3b" stroke-width="4"/>`,
      );
    }
  }
  parts.push('</g>');
  return parts.join('');
}

function spores(hue: number, cx: number, cy: number) {
  const cells: string[] = [];
  for (let i = 0; i < 14; i += 1) {
    const angle = (i / 14) * Math.PI * 2;
    const radius = 70 + (i % 3) * 70;
    const x = cx + Math.cos(angle) * radius * 1.4;
    const y = cy + Math.sin(angle) * radius * 0.9;
    cells.push(
      `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="34" ry="16" transform="rotate(${(i * 37) % 180} ${x.toFixed(0)} ${y.toFixed(0)})" fill="${hsl(hue, 50, 55)}" stroke="${hsl(hue, 50, 30)}" stroke-width="4"/>`,
    );
  }
  return `<clipPath id="lens"><circle cx="${cx}" cy="${cy}" r="246"/></clipPath><circle cx="${cx}" cy="${cy}" r="250" fill="#ffffff" stroke="#9aa5a0" stroke-width="8"/><g clip-path="url(#lens)">${cells.join('')}</g>`;
}

function field(hue: number, cx: number, cy: number, sick: boolean) {
  const plants: string[] = [];
  for (let row = 0; row < 3; row += 1) {
    for (let column = 0; column < 6; column += 1) {
      const x = cx - 300 + column * 120 + row * 20;
      const y = cy - 60 + row * 110;
      const ill = sick && (column + row * 2) % 4 === 1;
      plants.push(
        `<path d="M${x} ${y + 60} L${x} ${y}" stroke="#4a7a35" stroke-width="6"/>`,
        `<ellipse cx="${x - 22}" cy="${y + 10}" rx="28" ry="13" fill="${ill ? hsl(hue, 60, 45) : '#6aae4f'}"/>`,
        `<ellipse cx="${x + 22}" cy="${y}" rx="28" ry="13" fill="${ill ? hsl(hue, 60, 45) : '#6aae4f'}"/>`,
      );
    }
  }
  return `<rect x="${cx - 380}" y="${cy - 110}" width="760" height="380" rx="24" fill="#c9b48a"/>${plants.join('')}`;
}

function lifeCycle(hue: number, cx: number, cy: number, mite: boolean) {
  const stages = mite ? ['卵', '幼蟎', '若蟎', '成蟎'] : ['卵', '幼期', '蛹', '成蟲'];
  const radius = 165;
  const parts = [
    `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="none" stroke="${hsl(hue, 40, 55)}" stroke-width="10" stroke-dasharray="30 18"/>`,
  ];
  stages.forEach((stage, i) => {
    const angle = -Math.PI / 2 + (i / stages.length) * Math.PI * 2;
    const x = cx + Math.cos(angle) * radius * 1.3;
    const y = cy + Math.sin(angle) * radius;
    parts.push(
      `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="62" fill="${hsl(hue, 55, 88)}" stroke="${hsl(hue, 55, 40)}" stroke-width="6"/>`,
      textOutline(stage, { x, y: y + 14, size: 40, fill: hsl(hue, 55, 22), anchor: 'middle' }),
    );
  });
  return parts.join('');
}

/** The drawing of one view of one record. */
function drawing(type: RecordType, view: IllustrationView, hue: number): string {
  const cx = illustrationSize.width / 2;
  const cy = 380;
  const mite = type === 'mite';
  switch (view) {
    case 'adult':
    case 'feature':
      return insect(hue, {
        cx,
        cy,
        scale: view === 'feature' ? 1.25 : 1,
        spotted: type === 'beneficial',
        legs: mite ? 8 : 6,
        form: mite ? 'mite' : 'insect',
      });
    case 'juvenile':
      // A mite larva has six legs; an insect's young is drawn as a caterpillar-like larva.
      return mite
        ? insect(hue + 20, { cx, cy, scale: 0.7, spotted: false, legs: 6, form: 'mite' })
        : larva(hue, cx, cy);
    case 'damage':
      return leaf(hue, { cx, cy, lesions: mite, holes: !mite });
    case 'symptom':
      return leaf(hue, { cx, cy, lesions: true, holes: false });
    case 'pathogen':
      return spores(hue, cx, cy);
    case 'field':
      return field(hue, cx, cy, type === 'disease');
    case 'life':
      return lifeCycle(hue, cx, cy - 20, mite);
  }
}

/** A complete labelled illustration as SVG text. */
export function illustrationSvg(options: {
  type: RecordType;
  view: IllustrationView;
  name: string;
  hue: number;
}): string {
  const { width, height } = illustrationSize;
  const { hue } = options;
  const caption = `${options.name}．${viewLabel(options.type, options.view)}`;
  // Long names get a smaller caption so the label always fits the picture.
  const captionSize = Math.min(48, (48 * (width - 120)) / Math.max(1, measureText(caption, 48)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="${hsl(hue, 35, 95)}"/>
<rect x="16" y="16" width="${width - 32}" height="${height - 32}" rx="28" fill="none" stroke="${hsl(hue, 35, 75)}" stroke-width="4"/>
${drawing(options.type, options.view, hue)}
<rect x="40" y="36" width="176" height="68" rx="34" fill="#b3261e"/>
${textOutline('示意圖', { x: 128, y: 84, size: 40, fill: '#ffffff', anchor: 'middle' })}
<rect x="0" y="${height - 110}" width="${width}" height="110" fill="#ffffff" fill-opacity="0.88"/>
${textOutline(caption, { x: width / 2, y: height - 42, size: captionSize, fill: '#1d1d1d', anchor: 'middle' })}
</svg>`;
}
