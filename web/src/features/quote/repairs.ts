//! The repairs the engine made before measuring a part (welded vertices, turned faces, bodies
//! turned inside out): its `repaired_*` warnings, in plain French. For a body split out of a file,
//! the analysis is the body's, so these are the repairs made on that body.
import type { Analysis } from '@/wasm/types';

export function repairMessages(analysis: Pick<Analysis, 'warnings'>): string[] {
  return analysis.warnings.filter((w) => w.code.startsWith('repaired_')).map((w) => w.message);
}
