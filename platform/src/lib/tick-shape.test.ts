import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const MODULE = path.join(import.meta.dirname, "tick-shape.ts");

/**
 * A fresh process (V8's feedback is per process): optionally imports the module, makes tick
 * objects, lets them all die, collects garbage fully, makes tick objects again, then prints V8's
 * view of process.nextTick (its feedback for the literal's keys) and whether the held object still
 * shares the class of a tick object made now.
 */
function run(pin: boolean): { keyStates: string[]; sameClass: string | undefined } {
  let out = "";
  const script = `
    import { createHook } from "node:async_hooks";
    const holder = ${pin ? `(await import(${JSON.stringify(MODULE)})).tickShapeHolder()` : "undefined"};
    const noop = () => {};
    const burst = async () => { for (let i = 0; i < 2000; i++) process.nextTick(noop); await new Promise((r) => setImmediate(r)); };
    await burst();
    await new Promise((r) => setTimeout(r, 10));
    globalThis.gc(); globalThis.gc();
    await burst();
    new Function("f", "%DebugPrint(f)")(process.nextTick);
    if (holder) {
      // An async hook only here, after the feedback was printed: it is how a test sees a tick object.
      let tick;
      const hook = createHook({ init(_id, type, _trigger, resource) { if (type === "TickObject") tick = resource; } }).enable();
      process.nextTick(noop);
      hook.disable();
      console.log("same class: " + new Function("a", "b", "return %HaveSameMap(a, b)")(holder, tick));
    }
  `;
  // V8 prints through C's stdout, whose buffer a pipe may drop at exit: the child writes to a file.
  const dir = mkdtempSync(path.join(os.tmpdir(), "tick-shape-"));
  try {
    const fd = openSync(path.join(dir, "out"), "w");
    const child = spawnSync(process.execPath, ["--allow-natives-syntax", "--expose-gc", "--import", "tsx", "--input-type=module", "-e", script], { stdio: ["ignore", fd, "pipe"], encoding: "utf8", timeout: 60_000 });
    closeSync(fd);
    expect(child.status, child.stderr).toBe(0);
    out = readFileSync(path.join(dir, "out"), "utf8");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const keyStates = [...out.matchAll(/slot #\d+ DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1] ?? "");
  return { keyStates, sameClass: /same class: (\w+)/.exec(out)?.[1] };
}

describe("tick-shape", () => {
  it("keeps process.nextTick's computed keys monomorphic through full collections, and the held object shares the tick objects' class", () => {
    const { keyStates, sameClass } = run(true);
    expect(keyStates.length).toBeGreaterThanOrEqual(2);
    expect(keyStates.every((s) => s === "MONOMORPHIC")).toBe(true);
    expect(sameClass).toBe("true");
  });

  it("without it, the same sequence leaves the keys megamorphic (if this fails, this Node no longer needs the module)", () => {
    const { keyStates } = run(false);
    expect(keyStates.length).toBeGreaterThanOrEqual(2);
    expect(keyStates).toContain("MEGAMORPHIC");
  });
});
