export declare const DEFAULT_SERVER_HEAP_MB: number;
export declare function serverNodeArgs(command: string, env: Record<string, string | undefined>): string[];
