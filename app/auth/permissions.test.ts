import { describe, expect, it } from "vitest";
import { AREAS, can, deniedMessage, mayChangeSopRecord, PERMISSIONS } from "#app/auth/permissions.ts";
import { ROLES, type Role } from "#app/auth/roles.ts";

const ZONE = "Asia/Kolkata";

describe("the permission table", () => {
  it("has a cell for every area and role", () => {
    for (const area of AREAS) expect(Object.keys(PERMISSIONS[area]).sort()).toEqual([...ROLES].sort());
  });

  it("lets the admin change everything and the viewer change nothing but read everything", () => {
    for (const area of AREAS) {
      expect(can("admin", area, "write"), area).toBe(true);
      expect(can("viewer", area, "write"), area).toBe(false);
      expect(can("viewer", area, "read"), area).toBe(true);
    }
  });

  it("gives staff the plant's records and not users, settings, the audit list or imports' undo", () => {
    for (const area of ["spares", "racks", "contracts", "fileIndex", "sop"] as const)
      expect(can("staff", area, "write"), area).toBe(true);
    for (const area of ["users", "settings", "audit", "importsUndo"] as const)
      expect(can("staff", area, "read"), area).toBe(false);
  });

  it("gives a guard the SOP formats only", () => {
    expect(AREAS.filter((area) => can("guard", area, "read"))).toEqual(["sop"]);
    expect(can("guard", "sop", "write")).toBe(true);
  });

  it("gives a role it does not know nothing", () => {
    for (const area of AREAS) expect(can("auditor" as Role, area, "read"), area).toBe(false);
  });

  it("names the role in the refusal", () => {
    expect(deniedMessage("guard", "read")).toBe("Your role (Guard) cannot open this page.");
    expect(deniedMessage("viewer", "write")).toBe("Your role (Viewer) cannot make this change.");
  });
});

describe("a guard's SOP records", () => {
  const guard = { email: "gate@plant.test", role: "guard" as const };
  // 23 Nov 2026, 10:00 in the plant.
  const now = new Date("2026-11-23T04:30:00Z");

  it("may change their own record entered on the plant's today, even before midnight UTC", () => {
    // 00:15 in the plant is still the previous day in UTC.
    const record = { createdBy: "Gate@plant.test", createdAt: new Date("2026-11-22T18:45:00Z") };
    expect(mayChangeSopRecord(guard, record, now, ZONE)).toBe(true);
  });

  it("may not change their own record of an earlier plant day", () => {
    const record = { createdBy: guard.email, createdAt: new Date("2026-11-22T18:00:00Z") };
    expect(mayChangeSopRecord(guard, record, now, ZONE)).toBe(false);
  });

  it("may not change another's record, nor one whose author is gone", () => {
    const at = new Date("2026-11-23T03:00:00Z");
    expect(mayChangeSopRecord(guard, { createdBy: "other@plant.test", createdAt: at }, now, ZONE)).toBe(
      false,
    );
    expect(mayChangeSopRecord(guard, { createdBy: null, createdAt: at }, now, ZONE)).toBe(false);
  });

  it("does not narrow staff or the admin, and never lets a viewer", () => {
    const old = { createdBy: "someone@plant.test", createdAt: new Date("2020-01-01T00:00:00Z") };
    expect(mayChangeSopRecord({ email: "s@plant.test", role: "staff" }, old, now, ZONE)).toBe(true);
    expect(mayChangeSopRecord({ email: "a@plant.test", role: "admin" }, old, now, ZONE)).toBe(true);
    const own = { createdBy: "v@plant.test", createdAt: now };
    expect(mayChangeSopRecord({ email: "v@plant.test", role: "viewer" }, own, now, ZONE)).toBe(false);
  });
});
