import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { Analysis } from '@/wasm/types';
import { AnalysisSummary } from '../components/analysis-summary';
import { formatVolume } from '../format';

afterEach(cleanup);

/** The engine's analysis of a 10 mm cube exported twice, the copy moved 3 mm along x. */
function twoCopies(): Analysis {
  const body = (x: number) => ({
    triangles: 12,
    shells: 1,
    voids: 0,
    volume_mm3: 1000,
    area_mm2: 600,
    bbox_min: [x, 0, 0] as [number, number, number],
    bbox_max: [x + 10, 10, 10] as [number, number, number],
    watertight: true,
    turned: false,
  });
  return {
    format: 'stl',
    triangles: 24,
    vertices: 16,
    volume_mm3: 1300,
    signed_volume_mm3: 2000,
    area_mm2: 1200,
    bbox_min: [0, 0, 0],
    bbox_max: [13, 10, 10],
    shells: 2,
    shell_details: [],
    bodies: 2,
    body_details: [body(0), body(3)],
    overlapping_bodies: 2,
    repairs: {
      welded_vertices: 0,
      removed_triangles: 0,
      turned_faces: 0,
      turned_bodies: 0,
      weld_closed: false,
      closed_as_read: true,
      watertight_as_read: true,
    },
    watertight: true,
    closed: true,
    boundary_edges: 0,
    open_edges: [],
    non_manifold_edges: 0,
    inconsistent_edges: 0,
    tolerant_weld_closes: false,
    degenerate_triangles: 0,
    inverted: false,
    min_wall_mm: null,
    fits: [],
    unit_suggestion: null,
    warnings: [{ code: 'overlapping_bodies', message: '2 corps qui se chevauchent\u00a0: volume de leur union' }],
  };
}

describe('AnalysisSummary', () => {
  it('shows the union’s volume and says in French that the bodies overlap', () => {
    render(<AnalysisSummary analysis={twoCopies()} unit="mm" onUnit={() => {}} />);
    expect(screen.getByTestId('volume').textContent).toBe(formatVolume(1300));
    const list = screen.getByRole('list', { name: 'Avertissements' });
    const item = list.querySelector('[data-code="overlapping_bodies"]');
    expect(item?.textContent).toBe('2 corps qui se chevauchent\u00a0: volume de leur union');
    expect(screen.getByTestId('bodies').textContent).toBe('2');
  });
});
