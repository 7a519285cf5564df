import { AppError } from '../errors.ts';
import type { FieldIssue } from './tool.ts';

/** The issues as one sentence: `field: message; field: message`. */
export function formatIssues(issues: FieldIssue[]): string {
  return issues.map((issue) => (issue.field ? `${issue.field}: ${issue.message}` : issue.message)).join('; ');
}

/** The 400 a tool answers when its arguments break a rule it can check only while it runs. */
export function invalidArguments(tool: string, issues: FieldIssue[]): AppError {
  return new AppError('invalid_arguments', `Invalid arguments for ${tool}: ${formatIssues(issues)}.`, {
    structuredContent: { issues },
  });
}
