export type BuildName = 'client' | 'server';
export function buildIsCurrent(name: BuildName): boolean;
export function ensureBuild(name: BuildName): void;
export function ensureClientBuild(): void;
export function ensureServerBuild(): void;
export const serverEntry: string;
