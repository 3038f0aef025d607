import { AsyncResource } from "node:async_hooks";

/**
 * Holds, for the life of the process, an object of the same hidden class (V8 map) as the objects
 * `process.nextTick` makes, so that class is never collected (decision 0224).
 *
 * Why: `process.nextTick` builds each tick object with a literal whose first keys are computed
 * (Node's async-id symbols). V8 remembers the map each of those keys was added to through a weak
 * reference, and when a full garbage collection runs at a moment no tick object is alive the map
 * is freed; the next tick object gets a new one, and V8 then marks those keys megamorphic for good:
 * every later `process.nextTick` (Node's streams call it several times per HTTP request) goes
 * through V8's runtime instead of compiled code, about 170 ns more each. Whether that happened was
 * a lottery of the start-up's timing: about half of the server processes started alike served
 * 12-18% fewer requests for as long as they ran.
 *
 * How: the same literal, key for key and in order, with numbers stored as Node stores async ids
 * (doubles, never small integers: a small integer would narrow the class and replace it), built
 * while a real tick object is alive, so V8 reuses the class chain instead of starting one. Not an
 * async hook (that would be simpler, but enabling one even for a moment switches on V8's promise
 * hooks for good, and every `await` costs about 45% more). Node versions whose tick objects are
 * built otherwise (no such symbols) are left alone. The test checks the object shares the class
 * of a tick object made after full collections, and that nextTick's keys stay monomorphic.
 *
 * Imported first by the server's entry point; importing it again does nothing.
 */
let pinned: object | undefined;

function pinTickShape(): void {
  if (pinned) return;
  const keys = Object.getOwnPropertySymbols(new AsyncResource("TickShape"));
  const asyncId = keys.find((key) => key.description === "async_id_symbol");
  const triggerAsyncId = keys.find((key) => key.description === "trigger_async_id_symbol");
  if (!asyncId || !triggerAsyncId) return;
  // A tick object alive from here until the next turn: the class chain exists and stays.
  process.nextTick(noop);
  pinned = { [asyncId]: 0.5, [triggerAsyncId]: 0.5, callback: noop, args: undefined };
}

function noop(): void {}

/** The object held (for tests). */
export function tickShapeHolder(): object | undefined {
  return pinned;
}

pinTickShape();
