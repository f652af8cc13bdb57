//! The 3D preview of a part: orbit and zoom, its bounding box with dimensions, overhangs in orange,
//! thin walls in violet and open edges in red. Rendered on demand (no frame loop while nothing moves).
import { Suspense, useRef } from 'react';
import { Canvas } from '@react-three/fiber';
import { OrbitControls } from '@react-three/drei';
import { BoundingBox } from './bounding-box';
import { boxLabels } from './box-labels';
import { OpenEdges } from './open-edges';
import { PreviewMesh, type PreviewBuffers } from './preview-mesh';
import './viewer.css';

type Vec3 = [number, number, number];

export interface ModelViewerProps {
  buffers: PreviewBuffers;
  bboxMin: Vec3;
  bboxMax: Vec3;
  /** Shown under the canvas when the preview keeps one triangle in `stride`. */
  stride?: number;
  /** Open edges to draw (the analysis's `open_edges`: a bounded list) and their full count. */
  openEdges?: [Vec3, Vec3][];
  openEdgeCount?: number;
}

function openEdgeLegend(listed: number, count: number): string {
  const shown = listed < count ? ` (${listed.toLocaleString('fr-FR')} premières montrées)` : '';
  return `arêtes ouvertes : ${count.toLocaleString('fr-FR')}${shown}`;
}

export function ModelViewer({ buffers, bboxMin, bboxMax, stride = 1, openEdges = [], openEdgeCount = openEdges.length }: ModelViewerProps) {
  const center: Vec3 = [(bboxMin[0] + bboxMax[0]) / 2, (bboxMin[1] + bboxMax[1]) / 2, (bboxMin[2] + bboxMax[2]) / 2];
  const radius = Math.max(Math.hypot(bboxMax[0] - bboxMin[0], bboxMax[1] - bboxMin[1], bboxMax[2] - bboxMin[2]) / 2, 1e-3);
  // Far enough for the whole box and its labels to fit the 40° field of view.
  const position: Vec3 = [center[0] + radius * 2.2, center[1] - radius * 3.0, center[2] + radius * 1.8];
  const labelRefs = useRef<(HTMLElement | null)[]>([]);
  return (
    <figure className="viewer" aria-label="Aperçu 3D de la pièce">
      <div className="viewer-stage">
        <Suspense fallback={<div className="viewer-fallback">Préparation de l’aperçu…</div>}>
          <Canvas
            frameloop="demand"
            dpr={[1, 2]}
            gl={{ preserveDrawingBuffer: true, antialias: true }}
            camera={{ position, up: [0, 0, 1], fov: 40, near: radius / 100, far: radius * 100 }}
          >
            <color attach="background" args={['#f4f6fa']} />
            <hemisphereLight args={['#ffffff', '#8a94a6', 1.1]} />
            <directionalLight position={[radius * 2, -radius * 3, radius * 4]} intensity={1.6} />
            <directionalLight position={[-radius * 2, radius * 2, -radius]} intensity={0.5} />
            <PreviewMesh buffers={buffers} />
            {openEdges.length > 0 && <OpenEdges segments={openEdges} />}
            <BoundingBox min={bboxMin} max={bboxMax} labels={labelRefs} />
            <OrbitControls makeDefault target={center} enableDamping={false} />
          </Canvas>
        </Suspense>
        {boxLabels(bboxMin, bboxMax).map((l, i) => (
          <span key={l.text.slice(0, 1)} className="bbox-label" ref={(el) => void (labelRefs.current[i] = el)}>
            {l.text}
          </span>
        ))}
      </div>
      <figcaption className="viewer-legend">
        <span className="swatch swatch-overhang" /> surplombs à supporter
        <span className="swatch swatch-thin" /> parois trop fines
        {openEdgeCount > 0 && (
          <span className="legend-open-edges" data-testid="legend-open-edges">
            <span className="swatch swatch-open-edge" /> {openEdgeLegend(openEdges.length, openEdgeCount)}
          </span>
        )}
        {stride > 1 && <span> · aperçu simplifié (1 triangle sur {stride})</span>}
      </figcaption>
    </figure>
  );
}
