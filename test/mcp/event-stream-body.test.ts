import { describe, expect, it } from 'vitest';
import { eventStreamBody } from '../../src/mcp/event-stream-body.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const event = (id: number) => `event: message\ndata: {"jsonrpc":"2.0","id":${id},"result":{}}\n\n`;
const progress = 'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress"}\n\n';

/** A stream written as the SDK's transport writes one: the test holds its controller. */
function sdkStream(): {
  stream: ReadableStream<Uint8Array>;
  write(text: string): void;
  end(): void;
  cancelled(): unknown;
} {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let reason: unknown;
  const stream = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    cancel: (r) => {
      reason = r;
    },
  });
  return {
    stream,
    write: (text) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    cancelled: () => reason,
  };
}

async function nextText(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string | undefined> {
  const read = await reader.read();
  return read.done ? undefined : decoder.decode(read.value);
}

describe('an SSE answer as the MCP door sends it', () => {
  it('is one text when the stream ended with its results', async () => {
    const sdk = sdkStream();
    const body = eventStreamBody(sdk.stream);
    // As the transport does: the last result and the end in the same turn.
    sdk.write(event(1));
    sdk.end();
    expect(await body).toBe(event(1));

    const batch = sdkStream();
    const whole = eventStreamBody(batch.stream);
    batch.write(event(1));
    batch.write(event(2));
    batch.end();
    expect(await whole).toBe(event(1) + event(2));
  });

  it('goes on as a stream when more is to come, each event sent before the next is written', async () => {
    const sdk = sdkStream();
    const body = eventStreamBody(sdk.stream);
    sdk.write(progress);
    // The result is not written yet: the body must not wait for it.
    const streamed = await body;
    expect(streamed).toBeInstanceOf(ReadableStream);
    if (typeof streamed === 'string') return;
    const reader = streamed.getReader();
    expect(await nextText(reader)).toBe(progress);
    sdk.write(event(1));
    expect(await nextText(reader)).toBe(event(1));
    sdk.end();
    expect(await nextText(reader)).toBeUndefined();
  });

  it("cancels the SDK's stream when the client goes away, which stops its keep-alive", async () => {
    const sdk = sdkStream();
    const body = eventStreamBody(sdk.stream);
    sdk.write(': keepalive\n\n');
    const streamed = await body;
    if (typeof streamed === 'string') throw new Error('a stream with more to come was sent whole');
    await streamed.cancel('client gone');
    expect(sdk.cancelled()).toBe('client gone');
  });
});
