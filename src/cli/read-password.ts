import { OwnerError } from '../owners/owner-error.ts';

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

/** One line typed with echo off, so the password shows neither on screen nor in the terminal's scrollback. */
function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(question);
  input.setRawMode(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let text = '';
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          finish();
          return resolve(text);
        }
        if (char === '\u0003') {
          finish();
          return reject(new OwnerError('Cancelled.'));
        }
        text = char === '\u007f' || char === '\b' ? text.slice(0, -1) : text + char;
      }
    };
    input.on('data', onData);
  });
}

/**
 * A new password, never from the command line (shell history and the process list would keep it):
 * piped on stdin, or typed twice at a hidden prompt.
 */
export async function readNewPassword(): Promise<string> {
  if (!process.stdin.isTTY) return (await readAll(process.stdin)).replace(/\r?\n$/, '');
  const first = await promptHidden('New password: ');
  const second = await promptHidden('Repeat it: ');
  if (first !== second) throw new OwnerError('The two passwords differ.');
  return first;
}
