//! The one Toast of the app (top right), connected to the toast service of lib/toast.
import { useEffect, useRef } from 'react';
import { Toast } from 'primereact/toast';
import { registerToastSink } from '@/lib/toast';

export function ToastHost() {
  const ref = useRef<Toast>(null);
  useEffect(() => {
    registerToastSink((message) => ref.current?.show(message));
    return () => registerToastSink(null);
  }, []);
  return <Toast ref={ref} position="top-right" />;
}
