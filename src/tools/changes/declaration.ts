import type { MoneyMeaning, ObjectKind, ObjectRef } from './change.ts';

/**
 * What a write tool changes, declared beside its schema: the level it acts at and every argument that
 * changes something, with its money meaning. The pipeline's rules apply by meaning, the spend-safety suite
 * is generated from these declarations, and "stop all agents" and revert find their tool by them.
 */
export interface ChangeDeclaration {
  object: ObjectKind;
  /**
   * Each argument that changes the object, with its money meaning; one whose meaning depends on the object
   * lists each it may have (TikTok's `budget`, daily or lifetime by the campaign's budget type).
   */
  fields: Readonly<Record<string, MoneyMeaning | readonly MoneyMeaning[]>>;
  /** Arguments that neither name the object nor change it (`allow_shared_budget`). */
  options?: readonly string[];
  /** Whether the tool makes the object rather than changing one that exists. */
  creates?: boolean;
  /** The arguments that name these objects, for another call of the tool on them (a revert, a pause). */
  address?(objects: readonly ObjectRef[]): Record<string, unknown>;
}

/** The meanings an argument may have. */
export function meaningsOf(declaration: ChangeDeclaration, field: string): readonly MoneyMeaning[] {
  const meaning = declaration.fields[field];
  if (meaning === undefined) return [];
  return typeof meaning === 'string' ? [meaning] : meaning;
}

/** Whether any argument of the declaration can move money: its calls may wait for the owner (202). */
export function declaresMoney(declaration: ChangeDeclaration | undefined): boolean {
  if (!declaration) return false;
  return Object.keys(declaration.fields).some((field) =>
    meaningsOf(declaration, field).some((meaning) => meaning !== 'none'),
  );
}
