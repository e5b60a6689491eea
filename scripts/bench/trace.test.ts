import { describe, expect, it } from "vitest";
import { profileSelfTime, selfTimeByKind, type TraceEvent } from "./trace.ts";

const event = (name: string, ts: number, dur: number, tdur: number): TraceEvent => ({
  name,
  cat: "devtools.timeline",
  ph: "X",
  ts,
  dur,
  tdur,
  pid: 1,
  tid: 1,
});

describe("the trace reader shared by trace.ts and search-trace.ts", () => {
  it("counts nested work once, under its own kind (a task's time less its layout's and script's)", () => {
    const self = selfTimeByKind([
      event("RunTask", 0, 1000, 900),
      event("Layout", 100, 300, 250),
      event("FunctionCall", 500, 200, 200),
      event("RunTask", 2000, 100, 100),
    ]);
    expect(Object.fromEntries(self)).toEqual({ "other (task)": 550, layout: 250, "script: run": 200 });
  });

  it("sums a profile's samples by script and function, within a window of the trace's clock", () => {
    const profile = {
      startTime: 1000,
      nodes: [
        { id: 1, callFrame: { functionName: "render", url: "http://x/assets/list.js", lineNumber: 3 } },
        { id: 2, callFrame: { functionName: "", url: "http://x/assets/root.js", lineNumber: 9 } },
      ],
      samples: [1, 1, 2, 1],
      timeDeltas: [100, 100, 100, 100],
    };
    const all = profileSelfTime(profile);
    expect(Object.fromEntries(all.byScript)).toEqual({ "list.js": 300, "root.js": 100 });
    const window = profileSelfTime(profile, 1150, 1350);
    expect(Object.fromEntries(window.byFunction)).toEqual({
      "render list.js:3": 100,
      "(anonymous) root.js:9": 100,
    });
  });
});
