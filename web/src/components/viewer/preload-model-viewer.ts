//! The 3D viewer's code (three.js and react-three-fiber, about 250 kB compressed), fetched on
//! demand: `LazyModelViewer` when a preview is shown, or earlier through `preloadModelViewer`.

export const loadModelViewer = () => import('./model-viewer');

/** Starts fetching the viewer's code, so that it is there when the preview is ready. */
export function preloadModelViewer(): void {
  void loadModelViewer().catch(() => undefined);
}
