/**
 * A refusal of an owner use case: what was asked breaks a rule the owner can fix. Its message is written
 * for the operator at the `adops` command, which prints it as is; the console words its own notice from
 * the error (and from the fields of the subclasses that carry some).
 */
export class OwnerError extends Error {}
