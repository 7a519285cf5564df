import { AppError } from '../errors.ts';
import type { FieldIssue } from './tool.ts';

/** The issues as one sentence: `field: message; field: message`. */
export function formatIssues(issues: FieldIssue[]): string {
  return issues.map((issue) => (issue.field ? `${issue.field}: ${issue.message}` : issue.message)).join('; ');
}

/** The 400 a tool answers when its arguments break a rule it can check only while it runs. */
export function invalidArguments(
  tool: string,
  issues: FieldIssue[],
  options: {
    /**
     * What the message says after `Invalid arguments for <tool>: `, when it explains more than the issues
     * (the issues as one sentence unless told), without the closing period.
     */
    said?: string;
    /** More of the answer's structured content, after the issues. */
    details?: Record<string, unknown>;
  } = {},
): AppError {
  return new AppError(
    'invalid_arguments',
    `Invalid arguments for ${tool}: ${options.said ?? formatIssues(issues)}.`,
    {
      structuredContent: { issues, ...options.details },
    },
  );
}
