//! The 3D preview loaded on demand: three.js and react-three-fiber come when a page first shows a
//! preview (the quote page asks for them earlier, when a file is dropped, while it is analysed),
//! never with the page itself.
import { lazy, Suspense } from 'react';
import { Loading } from '@/components/ui/loading';
import type { ModelViewerProps } from './model-viewer';
import { loadModelViewer } from './preload-model-viewer';
import './viewer.css';

const Viewer = lazy(() => loadModelViewer().then((m) => ({ default: m.ModelViewer })));

export function LazyModelViewer(props: ModelViewerProps) {
  return (
    <Suspense
      fallback={
        <div className="viewer-fallback">
          <Loading label="Préparation de l’aperçu 3D…" />
        </div>
      }
    >
      <Viewer {...props} />
    </Suspense>
  );
}
