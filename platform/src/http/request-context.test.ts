import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { lazyLogger } from "./request-context.ts";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: "info" }, new Writable({
      write(chunk, _enc, cb) {
        lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        cb();
      },
    }),);
  return { log, lines };
}

describe("the request's lazy logger", () => {
  it("makes the child logger only when first used, once", () => {
    const { log, lines } = capture();
    let made = 0;
    const lazy = lazyLogger(() => {
      made++;
      return log.child({ requestId: "r1", communityId: "alpha" });
    });
    expect(made).toBe(0);
    lazy.info({ n: 1 }, "first");
    lazy.warn("second");
    expect(made).toBe(1);
    expect(lines.map((l) => [l.msg, l.requestId, l.communityId, l.level])).toEqual([
      ["first", "r1", "alpha", 30],
      ["second", "r1", "alpha", 40],
    ]);
  });

  it("behaves as the logger it stands for: level, checks and children", () => {
    const { log, lines } = capture();
    const lazy = lazyLogger(() => log.child({ requestId: "r2" }));
    expect(lazy.isLevelEnabled("debug")).toBe(false);
    lazy.level = "debug";
    expect(lazy.level).toBe("debug");
    lazy.debug("now written");
    lazy.child({ job: "x" }).error("from a child");
    expect(lines.map((l) => [l.msg, l.requestId, l.job])).toEqual([
      ["now written", "r2", undefined],
      ["from a child", "r2", "x"],
    ]);
    expect("info" in lazy).toBe(true);
  });

  it("is shared by a spread copy of the context", () => {
    let made = 0;
    const { log } = capture();
    const ctx = {
      requestId: "r3",
      log: lazyLogger(() => {
        made++;
        return log.child({});
      }),
    };
    const copy = { ...ctx, db: null };
    copy.log.info("a");
    ctx.log.info("b");
    expect(made).toBe(1);
  });
});
