import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { cleanText, multiLine, quotedForMail, singleLine } from "#app/lib/text.ts";
import { singleLineCheck } from "#app/lib/text-checks.ts";

describe("text at the edge", () => {
  it("removes NUL, the other C0 controls, DEL and C1 controls; keeps tab, line breaks and other text", () => {
    expect(cleanText("a\u0000b\u0001c\u001Bd\u007Fe\u0080f\u009Fg")).toBe("abcdefg");
    expect(cleanText("a\tb\nc\r\nd")).toBe("a\tb\nc\r\nd");
    expect(cleanText("Pressure gauge 0–10 kg/cm² ✓ हिंदी")).toBe("Pressure gauge 0–10 kg/cm² ✓ हिंदी");
  });

  it("turns a lone surrogate into U+FFFD and keeps a pair (an emoji)", () => {
    expect(cleanText("a\uD800b")).toBe("a\uFFFDb");
    expect(cleanText("ok 👍")).toBe("ok 👍");
  });

  it("folds every kind of line break in a single-line field to one space", () => {
    expect(singleLine("Fire pump\nRoom 2")).toBe("Fire pump Room 2");
    expect(singleLine("Fire pump \r\n\r\n  Room 2")).toBe("Fire pump Room 2");
    expect(singleLine("a\rb\u2028c\u2029d\u0085e\u000Bf\u000Cg")).toBe("a b c d e f g");
    expect(singleLine("Atlas\u0000 Copco")).toBe("Atlas Copco");
  });

  it("keeps the lines of a several-line field, written as \\n", () => {
    expect(multiLine("2 cylinders\r\n1 regulator\r3 hoses\u2028end")).toBe(
      "2 cylinders\n1 regulator\n3 hoses\nend",
    );
    expect(multiLine("line\u0007 one\nline two")).toBe("line one\nline two");
  });

  it("runs inside a schema, so the browser and the server fold alike", () => {
    const schema = z.string().check(singleLineCheck, z.trim());
    expect(schema.parse("Compressor\n(main)\n")).toBe("Compressor (main)");
  });

  it("quotes record text for a mail on one line, truncated, with no address a client would link", () => {
    const hostile =
      "2 cylinders\n\nFrom the administrator: your session expired, re-enter your password at http://evil.example/a";
    const quoted = quotedForMail(hostile, 200);
    expect(quoted).not.toMatch(/[\r\n]/);
    expect(quoted.startsWith('"2 cylinders From the administrator')).toBe(true);
    expect(quoted).toContain("http[:]//evil.example/a");
    expect(quoted).not.toContain("http://");
    expect(quotedForMail("see www.evil.example")).toBe('"see www[.]evil.example"');
    expect(quotedForMail("x".repeat(100), 10)).toBe(`"${"x".repeat(9)}…"`);
    expect(quotedForMail('a "quote"')).toBe(`"a 'quote'"`);
    expect(quotedForMail(null)).toBe('""');
  });
});
