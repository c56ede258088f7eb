import type { Rule } from 'eslint';

export declare const PACKAGES: readonly { dir: string; name: string; may: readonly string[] }[];
export declare function packageOf(relativePath: string): (typeof PACKAGES)[number] | undefined;
export declare const boundariesRule: Rule.RuleModule;
declare const plugin: { rules: { boundaries: Rule.RuleModule } };
export default plugin;
export declare const GROUPED: readonly {
  dir: string;
  floor: readonly string[];
  composition: readonly string[];
  groups: Readonly<Record<string, readonly string[]>>;
}[];
export declare function partOf(
  relativePath: string,
): { kind: 'group' | 'floor' | 'composition'; name: string; isEntry?: boolean } | undefined;
