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
