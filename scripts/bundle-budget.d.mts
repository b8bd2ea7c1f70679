export declare const BUDGET: { shellKb: number; routeKb: number };
export declare const SHELL_SOURCES: string[];
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export declare function readManifest(dist: string): Record<string, ManifestChunk>;
export declare function measureBundle(dist: string): {
  shell: { gzipKb: number; files: string[] };
  routes: { src: string; gzipKb: number; files: string[] }[];
};
