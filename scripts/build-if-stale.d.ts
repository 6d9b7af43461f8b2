export function sourceHash(): string;
export function ensureBuild(options?: { quiet?: boolean }): boolean;
