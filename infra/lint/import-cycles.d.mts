export declare function sourceFiles(root?: string): string[];
export declare function importGraph(root?: string, files?: string[]): Map<string, string[]>;
export declare function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[];
