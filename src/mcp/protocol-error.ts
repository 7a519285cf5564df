/**
 * A JSON-RPC error answer whose message goes on the wire as written. The SDK sends an error's `code`,
 * `message` and `data`; its own McpError would put "MCP error <code>: " in front of the message, and a
 * client adds that prefix again when it reads the answer.
 */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}
