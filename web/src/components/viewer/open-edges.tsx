//! The part's open edges (used by one triangle only) as bright red segments, drawn over the part
//! (no depth test) so that a hole shows from any side.
import { useEffect, useMemo } from 'react';
import { BufferAttribute, BufferGeometry } from 'three';

type Segment = [[number, number, number], [number, number, number]];

/** Open-edge red, also the legend's swatch (viewer.css). */
export const OPEN_EDGE_COLOR = '#ff0000';

export function OpenEdges({ segments }: { segments: Segment[] }) {
  const geometry = useMemo(() => {
    const positions = new Float32Array(segments.length * 6);
    segments.forEach(([a, b], i) => positions.set([...a, ...b], i * 6));
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(positions, 3));
    g.computeBoundingSphere();
    return g;
  }, [segments]);
  useEffect(() => () => geometry.dispose(), [geometry]);
  return (
    <lineSegments geometry={geometry} renderOrder={2}>
      <lineBasicMaterial color={OPEN_EDGE_COLOR} depthTest={false} toneMapped={false} />
    </lineSegments>
  );
}
