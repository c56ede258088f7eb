export declare const LOCK_FILE: string;
export declare function migrationFolders(): string[];
export declare function migrationFiles(dir: string): string[];
export declare function readLock(dir: string): Record<string, string>;
export declare function checkFolder(dir: string): string[];
export declare function lockNewFiles(dir: string): string[];
