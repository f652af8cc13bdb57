//! The part's triangles from the worker's buffers, coloured per triangle (overhang, thin wall).
import { useEffect, useMemo } from 'react';
import { BufferAttribute, BufferGeometry, DoubleSide } from 'three';

export interface PreviewBuffers {
  positions: Float32Array;
  normals: Float32Array;
  colors: Uint8Array;
}

export function PreviewMesh({ buffers }: { buffers: PreviewBuffers }) {
  const geometry = useMemo(() => {
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(buffers.positions, 3));
    g.setAttribute('normal', new BufferAttribute(buffers.normals, 3));
    g.setAttribute('color', new BufferAttribute(buffers.colors, 3, true));
    g.computeBoundingSphere();
    return g;
  }, [buffers]);
  // The GPU copy is freed when the part changes or the viewer goes away.
  useEffect(() => () => geometry.dispose(), [geometry]);
  return (
    <mesh geometry={geometry}>
      <meshStandardMaterial vertexColors roughness={0.65} metalness={0.05} side={DoubleSide} />
    </mesh>
  );
}
