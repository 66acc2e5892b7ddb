export declare const DEFAULT_SERVER_HEAP_MB: number;
export declare function serverNodeArgs(command: string, env: Record<string, string | undefined>): string[];
export declare const DEFAULT_MALLOC_ARENAS: number;
export declare function serverEnv(command: string, env: Record<string, string | undefined>): Record<string, string>;
