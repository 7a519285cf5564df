type Read = Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']>>;

const NOT_YET = Symbol('not yet');
const notYet = Promise.resolve(NOT_YET);
const decoder = new TextDecoder();

/**
 * The SDK's SSE answer as Fastify sends it. The transport ends the stream in the same turn as it writes
 * the last result, so an answer whose results are in and whose stream has ended by then goes as one text,
 * with its length: one socket write instead of a chunked stream's several. An answer with more to come
 * (progress, a keep-alive comment during a long call, the other results of a batch) goes on as a stream,
 * each event sent as the SDK writes it.
 */
export async function eventStreamBody(
  stream: ReadableStream<Uint8Array>,
): Promise<string | ReadableStream<Uint8Array>> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  for (let read = await reader.read(); !read.done; ) {
    chunks.push(read.value);
    const next = reader.read();
    // A read of an ended stream, or of one holding more, has settled already and wins the race.
    const settled = await Promise.race([next, notYet]);
    if (settled === NOT_YET) return continued(chunks, reader, next);
    read = settled;
  }
  const [only] = chunks;
  return chunks.length === 1 && only ? decoder.decode(only) : Buffer.concat(chunks).toString();
}

/** The events read so far, then the rest of the stream as it comes. */
function continued(
  chunks: Uint8Array[],
  reader: ReadableStreamDefaultReader<Uint8Array>,
  next: Promise<Read>,
): ReadableStream<Uint8Array> {
  let pending: Promise<Read> | undefined = next;
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
    },
    async pull(controller) {
      const read = await (pending ?? reader.read());
      pending = undefined;
      if (read.done) controller.close();
      else controller.enqueue(read.value);
    },
    // The client went away: the SDK's own stream is cancelled, which stops its keep-alive.
    cancel: (reason) => reader.cancel(reason),
  });
}
