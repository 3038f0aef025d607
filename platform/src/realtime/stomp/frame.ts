/**
 * STOMP 1.2 frames: an incremental parser over the bytes of a WebSocket (a frame may span
 * messages, a message may hold several frames and heart-beat EOLs) and the serialiser.
 *
 *   frame = command EOL *(header EOL) EOL *OCTET NUL *(EOL)      EOL = [CR] LF
 *
 * Header names and values are escaped (\r \n \c \\) in every frame but CONNECT and CONNECTED; an
 * undefined escape is a protocol error. A repeated header keeps its first value. With
 * content-length the body is exactly that many octets (NULs included) and must be followed by
 * NUL; without, it runs to the first NUL.
 */

export type Frame = { command: string; headers: Map<string, string>; body: Buffer };

export class StompProtocolError extends Error {
  override name = "StompProtocolError";
}

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const MAX_HEADERS = 64;

function unescapeHeader(raw: string): string {
  if (!raw.includes("\\")) return raw;
  let out = "";
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (ch !== "\\") {
      out += ch;
      continue;
    }
    const next = raw[++i];
    if (next === "r") out += "\r";
    else if (next === "n") out += "\n";
    else if (next === "c") out += ":";
    else if (next === "\\") out += "\\";
    else throw new StompProtocolError(`Undefined escape sequence \\${next ?? ""} in a header`);
  }
  return out;
}

export function escapeHeader(value: string): string {
  return /[\\\r\n:]/.test(value) ? value.replace(/\\/g, "\\\\").replace(/\r/g, "\\r").replace(/\n/g, "\\n").replace(/:/g, "\\c") : value;
}

/** Bytes in, frames out. `push` throws StompProtocolError on a malformed or oversized frame. */
export class FrameParser {
  private buf: Buffer = Buffer.alloc(0);

  constructor(private readonly maxFrameBytes: number) {}

  push(chunk: Buffer): Frame[] {
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    const frames: Frame[] = [];
    for (;;) {
      this.skipEols();
      if (this.buf.length === 0) break;
      const frame = this.parseOne();
      if (!frame) {
        if (this.buf.length > this.maxFrameBytes) throw new StompProtocolError(`Frame larger than ${this.maxFrameBytes} bytes`);
        break;
      }
      frames.push(frame);
    }
    return frames;
  }

  private skipEols(): void {
    let i = 0;
    while (i < this.buf.length) {
      const b = this.buf[i];
      if (b === LF) i++;
      else if (b === CR && this.buf[i + 1] === LF) i += 2;
      else break;
    }
    if (i > 0) this.buf = this.buf.subarray(i);
  }

  /** One whole frame from the start of the buffer, or undefined when more bytes are needed. */
  private parseOne(): Frame | undefined {
    const buf = this.buf;
    let pos = 0;
    const lines: string[] = [];
    for (;;) {
      const lf = buf.indexOf(LF, pos);
      if (lf < 0) return undefined;
      const end = lf > pos && buf[lf - 1] === CR ? lf - 1 : lf;
      const line = buf.toString("utf8", pos, end);
      pos = lf + 1;
      if (line === "") break;
      lines.push(line);
      if (lines.length > MAX_HEADERS + 1) throw new StompProtocolError(`More than ${MAX_HEADERS} headers`);
    }
    const command = lines[0];
    if (command === undefined) throw new StompProtocolError("Frame without a command");
    if (!/^[A-Z]+$/.test(command)) throw new StompProtocolError("Malformed command line");
    const raw = command === "CONNECT" || command === "CONNECTED";
    const headers = new Map<string, string>();
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(":");
      if (colon <= 0) throw new StompProtocolError("Malformed header line");
      const name = raw ? line.slice(0, colon) : unescapeHeader(line.slice(0, colon));
      const value = raw ? line.slice(colon + 1) : unescapeHeader(line.slice(colon + 1));
      if (!headers.has(name)) headers.set(name, value);
    }
    const lengthHeader = headers.get("content-length");
    let bodyEnd: number;
    if (lengthHeader !== undefined) {
      if (!/^\d{1,10}$/.test(lengthHeader)) throw new StompProtocolError("Malformed content-length");
      const length = Number(lengthHeader);
      if (pos + length > this.maxFrameBytes) throw new StompProtocolError(`Frame larger than ${this.maxFrameBytes} bytes`);
      bodyEnd = pos + length;
      if (buf.length <= bodyEnd) return undefined;
      if (buf[bodyEnd] !== NUL) throw new StompProtocolError("Frame body longer than its content-length");
    } else {
      bodyEnd = buf.indexOf(NUL, pos);
      if (bodyEnd < 0) return undefined;
    }
    if (bodyEnd + 1 > this.maxFrameBytes) throw new StompProtocolError(`Frame larger than ${this.maxFrameBytes} bytes`);
    const body = Buffer.from(buf.subarray(pos, bodyEnd));
    this.buf = buf.subarray(bodyEnd + 1);
    return { command, headers, body };
  }
}

/** A frame as text (the server's frames are all UTF-8); content-length is added for a body. */
export function serializeFrame(command: string, headers: readonly (readonly [string, string])[], body = ""): string {
  const escaped = command !== "CONNECTED";
  let text = `${command}\n`;
  for (const [name, value] of headers) text += escaped ? `${escapeHeader(name)}:${escapeHeader(value)}\n` : `${name}:${value}\n`;
  if (body.length > 0) text += `content-length:${Buffer.byteLength(body)}\n`;
  return `${text}\n${body}\0`;
}
