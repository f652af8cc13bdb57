//! Ambient declarations for Vite and the build id injected by vite.config.ts.
/// <reference types="vite/client" />

declare const __BUILD_ID__: string;
