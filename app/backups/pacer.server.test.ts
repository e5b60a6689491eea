import { afterEach, describe, expect, it, vi } from "vitest";
import { pacer } from "#app/backups/backup.server.ts";

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
