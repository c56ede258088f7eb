import type { Rule } from 'eslint';

export declare const PERMISSION_FLAGS: readonly string[];
export declare const ROLE_NAMES: readonly string[];
export declare const ORGANIZATION_TYPES: readonly string[];
export declare const permissionRulesRule: Rule.RuleModule;
declare const plugin: { rules: { 'no-permission-rules': Rule.RuleModule } };
export default plugin;
