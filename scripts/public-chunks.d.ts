export const EDITOR_MARKERS: { marker: string; what: string }[];
export interface ClientManifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { id: string; module: string; imports?: string[] }>;
}
export function readClientManifest(root: string): ClientManifest;
export function publicRouteScripts(root: string): Map<string, Set<string>>;
export function editorCodeInPublicScripts(
  root: string,
): { src: string; what: string; routes: string[] }[];
