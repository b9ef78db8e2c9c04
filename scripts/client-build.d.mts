export function clientBuildIsCurrent(): boolean;
export function ensureClientBuild(): void;
