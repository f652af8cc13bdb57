// The part of occt-import-js (OpenCascade compiled to WebAssembly with Emscripten) the STEP
// benchmark uses: the module factory and ReadStepFile's result.
declare module 'occt-import-js' {
  export interface OcctMesh {
    name: string;
    attributes: { position: { array: number[] }; normal?: { array: number[] } };
    index: { array: number[] };
  }
  export interface OcctResult {
    success: boolean;
    meshes: OcctMesh[];
  }
  export interface Occt {
    ReadStepFile(content: Uint8Array, params: Record<string, unknown> | null): OcctResult;
  }
  export default function occtimportjs(module?: { locateFile?: (path: string) => string }): Promise<Occt>;
}
