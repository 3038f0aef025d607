import { describe, expect, it } from "vitest";
import { FrameParser, StompProtocolError, serializeFrame } from "./frame.ts";

const b = (s: string) => Buffer.from(s, "utf8");

describe("FrameParser", () => {
  it("reads frames split across chunks, several in one chunk, and skips heart-beat EOLs (LF and CRLF)", () => {
    const p = new FrameParser(1024);
    expect(p.push(b("\n\r\nSEND\ndestina"))).toEqual([]);
    const frames = p.push(b("tion:/topic/x\n\nhello\0\n\nSUBSCRIBE\r\nid:1\r\ndestination:/topic/y\r\n\r\n\0"));
    expect(frames.map((f) => f.command)).toEqual(["SEND", "SUBSCRIBE"]);
    expect(frames[0]?.headers.get("destination")).toBe("/topic/x");
    expect(frames[0]?.body.toString()).toBe("hello");
    expect(frames[1]?.headers.get("id")).toBe("1");
    expect(p.push(b("\n"))).toEqual([]);
  });

  it("takes exactly content-length octets, NULs included, and then wants a NUL", () => {
    const p = new FrameParser(1024);
    const body = Buffer.from([0x61, 0x00, 0x62, 0x00]);
    const [frame] = p.push(Buffer.concat([b("SEND\ndestination:/topic/x\ncontent-length:4\n\n"), body, Buffer.from([0])]));
    expect(frame?.body).toEqual(body);
    expect(() => new FrameParser(1024).push(b("SEND\ncontent-length:2\n\nabc\0"))).toThrow(StompProtocolError);
    expect(() => new FrameParser(1024).push(b("SEND\ncontent-length:-1\n\n\0"))).toThrow(/content-length/);
  });

  it("unescapes headers (\\r \\n \\c \\\\) except in CONNECT, keeps a repeated header's first value, refuses undefined escapes", () => {
    const [send] = new FrameParser(1024).push(b("SEND\na\\cb:c\\\\d\\ne\\rf\nx:1\nx:2\n\n\0"));
    expect(send?.headers.get("a:b")).toBe("c\\d\ne\rf");
    expect(send?.headers.get("x")).toBe("1");
    const [connect] = new FrameParser(1024).push(b("CONNECT\npasscode:a\\cb:c\n\n\0"));
    expect(connect?.headers.get("passcode")).toBe("a\\cb:c");
    expect(() => new FrameParser(1024).push(b("SEND\na:b\\t\n\n\0"))).toThrow(/escape/);
    expect(() => new FrameParser(1024).push(b("SEND\nnocolon\n\n\0"))).toThrow(/header/);
    expect(() => new FrameParser(1024).push(b("send\n\n\0"))).toThrow(/command/);
  });

  it("refuses a frame over the size limit, whole or still arriving", () => {
    expect(() => new FrameParser(64).push(b(`SEND\n\n${"x".repeat(100)}\0`))).toThrow(/larger than 64/);
    const p = new FrameParser(64);
    expect(() => p.push(b(`SEND\n\n${"x".repeat(100)}`))).toThrow(/larger than 64/);
    expect(() => new FrameParser(64).push(b("SEND\ncontent-length:1000\n\n"))).toThrow(/larger than 64/);
  });
});

describe("serializeFrame", () => {
  it("escapes headers but not in CONNECTED, and adds content-length for a body", () => {
    expect(serializeFrame("MESSAGE", [["subscription", "a:b\nc"]], "é")).toBe("MESSAGE\nsubscription:a\\cb\\nc\ncontent-length:2\n\né\0");
    expect(serializeFrame("CONNECTED", [["server", "a:b"]])).toBe("CONNECTED\nserver:a:b\n\n\0");
    const [round] = new FrameParser(1024).push(b(serializeFrame("ERROR", [["message", "x:y\\z"]], "body")));
    expect(round?.headers.get("message")).toBe("x:y\\z");
    expect(round?.body.toString()).toBe("body");
  });
});
