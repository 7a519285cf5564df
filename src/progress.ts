/** How far a long call has come, for the MCP door's progress notifications: a stage, done of total. */
export interface Progress {
  stage: string;
  progress: number;
  total: number;
  message: string;
}
