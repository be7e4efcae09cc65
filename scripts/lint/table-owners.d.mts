import type { Rule } from 'eslint';

export declare const TABLE_OWNERS: Record<string, readonly string[]>;
export declare const tableOwnerRule: Rule.RuleModule;
