//! The part's axis-aligned bounding box with its three dimensions in millimetres.
import { useEffect, useMemo } from 'react';
import { Html } from '@react-three/drei';
import { BoxGeometry, EdgesGeometry } from 'three';
import { formatMm } from './format-mm';

type Vec3 = [number, number, number];


export function BoundingBox({ min, max }: { min: Vec3; max: Vec3 }) {
  const size: Vec3 = [max[0] - min[0], max[1] - min[1], max[2] - min[2]];
  const center: Vec3 = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];
  const edges = useMemo(
    () => new EdgesGeometry(new BoxGeometry(Math.max(size[0], 1e-6), Math.max(size[1], 1e-6), Math.max(size[2], 1e-6))),
    [size[0], size[1], size[2]], // eslint-disable-line react-hooks/exhaustive-deps
  );
  useEffect(() => () => edges.dispose(), [edges]);
  const labels: [string, Vec3][] = [
    [`X ${formatMm(size[0])}`, [center[0], min[1], min[2]]],
    [`Y ${formatMm(size[1])}`, [max[0], center[1], min[2]]],
    [`Z ${formatMm(size[2])}`, [max[0], min[1], center[2]]],
  ];
  return (
    <group>
      <lineSegments geometry={edges} position={center}>
        <lineBasicMaterial color="#1d4ed8" />
      </lineSegments>
      {labels.map(([text, position]) => (
        <Html key={text.slice(0, 1)} position={position} center zIndexRange={[10, 0]}>
          <span className="bbox-label">{text}</span>
        </Html>
      ))}
    </group>
  );
}
