import { describe, expect, it } from "vitest";
import { parseSettings } from "#app/lib/env.server.ts";

describe("settings from the environment", () => {
  it("uses the documented defaults", () => {
    const settings = parseSettings({});
    expect(settings).toMatchObject({ PORT: 3000, DATA_DIR: "./data", PLANT_TIME_ZONE: "Asia/Kolkata" });
    expect(settings.DATABASE_URL).toBeUndefined();
  });

  it("takes HOST as an IP address or a host name to listen on; unset listens on every interface", () => {
    expect(parseSettings({}).HOST).toBeUndefined();
    expect(parseSettings({ HOST: "127.0.0.1" }).HOST).toBe("127.0.0.1");
    expect(parseSettings({ HOST: "::1" }).HOST).toBe("::1");
    expect(parseSettings({ HOST: "plant-server.local" }).HOST).toBe("plant-server.local");
    expect(() => parseSettings({ HOST: "http://127.0.0.1:3000" })).toThrowError(
      /HOST: must be an IP address/,
    );
  });

  it("treats an empty variable as unset", () => {
    expect(parseSettings({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });

  it("refuses a bad port, database URL, short secret and unknown time zone in one message", () => {
    expect(() =>
      parseSettings({
        PORT: "99999",
        DATABASE_URL: "mysql://x",
        SESSION_SECRET: "short",
        PLANT_TIME_ZONE: "Mars/Base",
      }),
    ).toThrowError(/PORT[\s\S]*DATABASE_URL[\s\S]*SESSION_SECRET[\s\S]*PLANT_TIME_ZONE/);
  });

  it("accepts a full production configuration", () => {
    const settings = parseSettings({
      NODE_ENV: "production",
      PORT: "8080",
      DATABASE_URL: "postgres://u:p@db.example:5432/plantops",
      SESSION_SECRET: "x".repeat(40),
      REGISTRATION_CODE: "GATE-2026-NORTH",
      PLANT_TIME_ZONE: "Europe/London",
    });
    expect(settings.PORT).toBe(8080);
    expect(settings.PLANT_TIME_ZONE).toBe("Europe/London");
  });

  it("refuses a registration code shorter than 12 characters (it is guessed from outside)", () => {
    expect(() => parseSettings({ REGISTRATION_CODE: "GATE-2026" })).toThrowError(
      /REGISTRATION_CODE: must be at least 12 characters/,
    );
    expect(parseSettings({ REGISTRATION_CODE: "GATE-2026-NORTH" }).REGISTRATION_CODE).toBe("GATE-2026-NORTH");
  });

  it("trusts X-Forwarded-For and X-Forwarded-Proto only with TRUST_PROXY=1", () => {
    expect(parseSettings({}).TRUST_PROXY).toBe(false);
    expect(parseSettings({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(true);
  });

  it("reads the mail settings, and refuses an SMTP_URL or APP_URL that is not one", () => {
    const settings = parseSettings({
      SMTP_URL: "smtps://plant%40mail.example:secret@mail.example:465",
      MAIL_FROM: "PlantOps <plantops@mail.example>",
      APP_URL: "https://plantops.example.in/",
    });
    expect(settings.APP_URL).toBe("https://plantops.example.in");
    expect(parseSettings({}).SMTP_URL).toBeUndefined();
    expect(() => parseSettings({ SMTP_URL: "mail.example:25", APP_URL: "plantops" })).toThrowError(
      /SMTP_URL[\s\S]*APP_URL/,
    );
  });
});
