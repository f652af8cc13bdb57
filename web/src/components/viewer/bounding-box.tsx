//! The part's axis-aligned bounding box, and its three dimensions as page labels that follow the
//! box's edges on screen (plain DOM over the canvas, placed each rendered frame).
import { useEffect, useMemo, type RefObject } from 'react';
import { useFrame } from '@react-three/fiber';
import { BoxGeometry, EdgesGeometry, Vector3 } from 'three';
import { boxLabels, spreadLabels, type Vec3 } from './box-labels';

interface Props {
  min: Vec3;
  max: Vec3;
  /** The label elements, in the order of `boxLabels`. */
  labels: RefObject<(HTMLElement | null)[]>;
}

export function BoundingBox({ min, max, labels }: Props) {
  const size: Vec3 = [max[0] - min[0], max[1] - min[1], max[2] - min[2]];
  const center: Vec3 = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];
  const edges = useMemo(
    () => new EdgesGeometry(new BoxGeometry(Math.max(size[0], 1e-6), Math.max(size[1], 1e-6), Math.max(size[2], 1e-6))),
    [size[0], size[1], size[2]], // eslint-disable-line react-hooks/exhaustive-deps
  );
  useEffect(() => () => edges.dispose(), [edges]);
  const points = useMemo(() => boxLabels(min, max).map((l) => new Vector3(...l.at)), [min, max]);
  const projected = useMemo(() => new Vector3(), []);
  useFrame(({ camera, size: view }) => {
    const shown: { el: HTMLElement; x: number; y: number; w: number; h: number }[] = [];
    points.forEach((p, i) => {
      const el = labels.current?.[i];
      if (!el) return;
      projected.copy(p).project(camera);
      el.style.visibility = projected.z < 1 ? 'visible' : 'hidden';
      const x = ((projected.x + 1) / 2) * view.width;
      const y = ((1 - projected.y) / 2) * view.height;
      shown.push({ el, x, y, w: el.offsetWidth, h: el.offsetHeight });
    });
    // Labels whose edges project close together are moved apart rather than drawn on each other.
    spreadLabels(shown).forEach(({ x, y }, i) => {
      shown[i].el.style.transform = `translate(${x}px, ${y}px) translate(-50%, -50%)`;
    });
  });
  return (
    <lineSegments geometry={edges} position={center}>
      <lineBasicMaterial color="#1d4ed8" />
    </lineSegments>
  );
}
