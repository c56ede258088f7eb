import type { Rule } from 'eslint';

export declare const PACKAGES: readonly { dir: string; name: string; may: readonly string[] }[];
export declare function packageOf(relativePath: string): (typeof PACKAGES)[number] | undefined;
export declare const boundariesRule: Rule.RuleModule;
declare const plugin: { rules: { boundaries: Rule.RuleModule } };
export default plugin;
