import { stablePick } from '../common/stable-pick.ts';
import { PhotoKind } from '../common/photo-kind.ts';

/** What a photo shows: the risk it was taken of, and whether before or after rectification. */
export interface RiskPhoto {
  id: number;
  kind: PhotoKind;
  storeName: string;
  regionName: string;
  issue: string;
  location: string;
  /** yyyy-MM-dd HH:mm: when the risk was raised (before) or rectified (after). */
  takenAt: string;
}

type Scene = 'drain' | 'shelf' | 'wall' | 'floor';

/** The layouts the photos have had since the first demo: a photo looks the same after an upgrade. */
const LAYOUT_SEED = 20260101;
const hashPick = (label: string, key: number, n: number) => stablePick(label, key, n, LAYOUT_SEED);

const WIDTH = 640;
const HEIGHT = 480;
const CAPTION_TOP = 380;

/**
 * A photo drawn as SVG, the same every time for a photo: the kind of place the risk was found
 * (by its location's words), the problem ringed in red before rectification and the same place
 * clean with a green tick after, and a caption with store, region, issue and date. The layout
 * varies with the photo id so the photos of one risk differ.
 */
export function riskPhotoSvg(photo: RiskPhoto): string {
  const before = photo.kind === PhotoKind.before;
  const pick = (label: string, n: number) => hashPick(label, photo.id, n);
  const scene = sceneOf(photo.location);
  const spot = { x: 140 + pick('photo-spot-x', 360), y: 200 + pick('photo-spot-y', 120) };
  const marks = before ? problemMarks(photo.id, spot) : cleanMark(spot);
  const tone = ['#d9d4c7', '#cfd8dc', '#d7ccc8', '#e0e0d1'][pick('photo-tone', 4)]!;
  const caption = [
    `${photo.storeName} · ${photo.regionName}`,
    `${photo.issue}（${photo.location}）`,
    `${photo.takenAt} ${before ? '整改前' : '整改后'}`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="${tone}"/>
${SCENES[scene]}
${marks}
<rect y="${CAPTION_TOP}" width="${WIDTH}" height="${HEIGHT - CAPTION_TOP}" fill="#000" fill-opacity="0.6"/>
${caption.map((line, i) => `<text x="16" y="${CAPTION_TOP + 28 + i * 28}" font-family="sans-serif" font-size="20" fill="#fff">${escapeXml(line)}</text>`).join('\n')}
</svg>
`;
}

function sceneOf(location: string): Scene {
  if (/排水|地漏|沟/.test(location)) return 'drain';
  if (/货架|柜/.test(location)) return 'shelf';
  if (/墙|门|窗|吊顶|管道/.test(location)) return 'wall';
  return 'floor';
}

const SCENES: Record<Scene, string> = {
  drain: `<rect y="240" width="${WIDTH}" height="140" fill="#9e9e9e"/>
<rect x="60" y="290" width="520" height="40" fill="#616161"/>
${Array.from({ length: 12 }, (_, i) => `<rect x="${70 + i * 42}" y="294" width="30" height="32" fill="#424242"/>`).join('')}`,
  shelf: `<rect y="320" width="${WIDTH}" height="60" fill="#a1887f"/>
${[80, 170, 260].map((y) => `<rect x="60" y="${y}" width="520" height="12" fill="#78909c"/>`).join('')}
<rect x="60" y="60" width="12" height="280" fill="#607d8b"/><rect x="568" y="60" width="12" height="280" fill="#607d8b"/>
${[0, 1, 2, 3, 4].map((i) => `<rect x="${90 + i * 95}" y="${120}" width="60" height="50" fill="#ffcc80"/>`).join('')}`,
  wall: `<rect width="${WIDTH}" height="300" fill="#eceff1"/>
<rect y="300" width="${WIDTH}" height="80" fill="#bcaaa4"/>
<rect x="420" y="80" width="140" height="220" fill="#90a4ae"/>
<line x1="0" y1="300" x2="${WIDTH}" y2="300" stroke="#8d6e63" stroke-width="6"/>`,
  floor: `<rect y="200" width="${WIDTH}" height="180" fill="#bdbdbd"/>
${Array.from({ length: 8 }, (_, i) => `<line x1="${i * 80}" y1="200" x2="${i * 80 - 40}" y2="380" stroke="#9e9e9e" stroke-width="2"/>`).join('')}
<rect x="40" y="90" width="200" height="130" fill="#b0bec5"/>`,
};

/** Debris or droppings around the spot, ringed in red. */
function problemMarks(id: number, spot: { x: number; y: number }): string {
  const dots = Array.from({ length: 6 + hashPick('photo-dots', id, 6) }, (_, i) => {
    const dx = hashPick(`photo-dot-x-${i}`, id, 70) - 35;
    const dy = hashPick(`photo-dot-y-${i}`, id, 40) - 20;
    return `<ellipse cx="${spot.x + dx}" cy="${spot.y + dy}" rx="5" ry="3" fill="#4e342e"/>`;
  });
  return `${dots.join('')}
<ellipse cx="${spot.x}" cy="${spot.y}" rx="60" ry="40" fill="none" stroke="#e53935" stroke-width="5"/>`;
}

/** The same spot, clean, with a green tick. */
function cleanMark(spot: { x: number; y: number }): string {
  return `<circle cx="${spot.x}" cy="${spot.y}" r="34" fill="#43a047" fill-opacity="0.85"/>
<polyline points="${spot.x - 16},${spot.y} ${spot.x - 4},${spot.y + 13} ${spot.x + 18},${spot.y - 12}" fill="none" stroke="#fff" stroke-width="6"/>`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
