import { afterEach, describe, expect, it, vi } from "vitest";
import { pacer } from "#app/backups/backup.server.ts";
import { GIVE_WAY, giveWay, NOT_HELD } from "#app/backups/backup-process.server.ts";

// The backup's pacing, on a fake clock: no test here waits for real time.
describe("a backup's pacing", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("lets a slice of work through, then pauses twice as long as the work took", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "performance"] });
    const pace = pacer(20, 2);
    let paused = false;

    vi.advanceTimersByTime(5);
    await pace(); // under a slice: no pause (resolves at once on the fake clock)

    vi.advanceTimersByTime(25); // 30 ms of work since the start
    const pause = pace().then(() => {
      paused = true;
    });
    await vi.advanceTimersByTimeAsync(59);
    expect(paused).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await pause;
    expect(paused).toBe(true);

    // The next slice is counted from the end of the pause.
    vi.advanceTimersByTime(10);
    let again = false;
    await pace().then(() => {
      again = true;
    });
    expect(again).toBe(true);
  });
});

// A backup in its own process gives way to the web server's pages (giveWay, backup-process.server.ts).
describe("a backup giving way to the web server", () => {
  const { quietMs, maxHoldMs, minGoMs } = GIVE_WAY;

  it("holds while the server's loop works and until it has been free for a while", () => {
    let state = giveWay(NOT_HELD, 0, false);
    expect(state.held).toBe(false);
    state = giveWay(state, 10, true); // a page being rendered
    expect(state.held).toBe(true);
    state = giveWay(state, 20, false); // its queries: still held
    expect(state.held).toBe(true);
    state = giveWay(state, 10 + quietMs - 1, false);
    expect(state.held).toBe(true);
    state = giveWay(state, 10 + quietMs, false);
    expect(state.held).toBe(false);
  });

  it("never holds longer than maxHoldMs at a time: a server always busy does not starve the backup", () => {
    let state = giveWay(NOT_HELD, 0, true);
    expect(state.held).toBe(true);
    state = giveWay(state, maxHoldMs - 1, true);
    expect(state.held).toBe(true);
    state = giveWay(state, maxHoldMs, true);
    expect(state.held).toBe(false);
    state = giveWay(state, maxHoldMs + minGoMs - 1, true);
    expect(state.held).toBe(false);
    state = giveWay(state, maxHoldMs + minGoMs, true);
    expect(state.held).toBe(true);
  });
});
