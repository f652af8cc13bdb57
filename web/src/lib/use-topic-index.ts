//! Reads `?index=` for a page with topics and keeps the header's shared selection in step.
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { parseIndex } from './index-param';
import { setSelection } from './selection';

export function useTopicIndex(count: number, fallback: number | null = 0): number | null {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const index = parseIndex(params.get('index'), count, fallback);
  useEffect(() => {
    setSelection({ page: pathname, index });
  }, [pathname, index]);
  return index;
}
