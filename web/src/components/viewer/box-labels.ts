//! Where the bounding box's dimension labels sit: the middle of an X, a Y and a Z edge.
import { formatMm } from './format-mm';

export type Vec3 = [number, number, number];

/** The three labels (text and the 3D point they sit on): X, Y and Z edges of the box. */
export function boxLabels(min: Vec3, max: Vec3): { text: string; at: Vec3 }[] {
  const c: Vec3 = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];
  return [
    { text: `X ${formatMm(max[0] - min[0])}`, at: [c[0], min[1], min[2]] },
    { text: `Y ${formatMm(max[1] - min[1])}`, at: [max[0], c[1], min[2]] },
    { text: `Z ${formatMm(max[2] - min[2])}`, at: [max[0], min[1], c[2]] },
  ];
}

/** A label on screen: its centre and size in pixels. */
export interface LabelRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Gap kept between two labels moved apart, px. */
const LABEL_GAP = 2;

/**
 * The labels' centres after moving each one down, in order, below any earlier label it would
 * cover: on a box thin in two directions (a 20 × 10 × 5 mm plate) two edge middles project to
 * nearly the same point and the texts would sit on each other.
 */
export function spreadLabels(rects: LabelRect[]): LabelRect[] {
  const placed: LabelRect[] = [];
  for (const r of rects) {
    const moved = { ...r };
    // Each pass moves the label below one earlier label; n passes are enough for n labels.
    for (let pass = 0; pass <= placed.length; pass += 1) {
      const hit = placed.find(
        (p) => Math.abs(p.x - moved.x) < (p.w + moved.w) / 2 && Math.abs(p.y - moved.y) < (p.h + moved.h) / 2,
      );
      if (!hit) break;
      moved.y = hit.y + (hit.h + moved.h) / 2 + LABEL_GAP;
    }
    placed.push(moved);
  }
  return placed;
}
