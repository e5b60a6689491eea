import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";

// React 18.3.1's streaming renderer sent a whole 2,048-byte buffer when a 3-byte character did not
// fit at its end, so up to two NUL bytes reached the page mid-text (upstream react#31134, fixed in
// React 19 only): a Hindi page showed "भरे��ं", and a value attribute holding Hindi could be saved
// back with "�" in it. patches/react-dom+18.3.1.patch sends only the bytes written.

function render(words: string[]) {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks));
        done();
      },
    });
    // Short texts, as a page is made of: each one goes into the renderer's buffer in turn.
    const { pipe } = renderToPipeableStream(
      <p>
        {words.map((word, index) => (
          <span key={index}>{word}</span>
        ))}
      </p>,
      {
        onAllReady: () => pipe(sink),
        onError: reject,
      },
    );
  });
}

describe("Hindi text through the streaming renderer", () => {
  // Devanagari is 3 bytes a character in UTF-8: some offset puts one across each buffer's end.
  it.each([
    0, 1, 2,
  ])("arrives whole, with no NUL byte, whatever falls on a buffer's edge (offset %i)", async (offset) => {
    const words = [`${"x".repeat(offset)}हिन्दी`, ...Array.from({ length: 400 }, () => "हिन्दी")];
    const html = await render(words);
    expect(html.includes(0)).toBe(false);
    expect(html.toString("utf8")).toBe(`<p>${words.map((word) => `<span>${word}</span>`).join("")}</p>`);
  });
});
