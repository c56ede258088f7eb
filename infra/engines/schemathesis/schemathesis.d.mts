export declare const SCHEMATHESIS_VERSION: string;
export declare const SCHEMATHESIS_DIR: string;
export declare const SCHEMATHESIS_BIN: string;
export declare function ensureSchemathesis(options?: { log?: (line: string) => void }): Promise<string>;
