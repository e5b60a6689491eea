import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The repository holds the whole truth about itself: its map names every folder and only files
// that exist, its decision records say when and whether they hold, and nothing cites a document a
// reader of the repository does not have.

const read = (path: string) => readFileSync(path, "utf8");
const architecture = read("docs/architecture.md");
const tracked = execFileSync("git", ["ls-files"], { encoding: "utf8" }).split("\n").filter(Boolean);

describe("docs/architecture.md", () => {
  it("names every folder of app/ in its folder tree", () => {
    const tree = architecture.slice(
      architecture.indexOf("## Folder tree"),
      architecture.indexOf("## Layers"),
    );
    const folders = readdirSync("app", { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${entry.name}/`);
    expect(folders.length).toBeGreaterThan(10);
    const missing = folders.filter((folder) => !new RegExp(`(^|\\s)${folder}(\\s|$)`, "m").test(tree));
    expect(missing, "add these folders to the tree in docs/architecture.md").toEqual([]);
  });

  it("names only files that exist, in the docs and the README", () => {
    const docs = ["README.md", ...tracked.filter((path) => path.startsWith("docs/") && path.endsWith(".md"))];
    const named = docs.flatMap((doc) =>
      [
        ...read(doc).matchAll(
          /\b(?:app|server|scripts|tests|docs|drizzle|patches)\/[\w./-]+\.(?:ts|tsx|md|js|cjs|css|sql|json|patch)\b/g,
        ),
      ]
        .map((match) => match[0])
        // A pattern for a family of files, not one file.
        .filter((path) => !/NN|\*/.test(path))
        .map((path) => ({ doc, path })),
    );
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter(({ path }) => !existsSync(path))).toEqual([]);
  });
});

describe("decision records", () => {
  const records = readdirSync("docs/decisions").filter((name) => /^\d{3}-.+\.md$/.test(name));

  it("each have a date and a status under their title", () => {
    expect(records.length).toBeGreaterThan(10);
    const undated = records.filter(
      (name) => !/^# .+\n\nDate: \d{4}-\d{2}-\d{2} · Status: \S/.test(read(`docs/decisions/${name}`)),
    );
    expect(undated).toEqual([]);
  });

  it("have distinct numbers", () => {
    const numbers = records.map((name) => name.slice(0, 3));
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});

describe("citations", () => {
  it("cite no document outside the repository", () => {
    // Built from parts so this file does not cite them itself.
    const outside = new RegExp(
      [
        ["product", "spec\\.md"].join("-"),
        ["api", "contract\\.md"].join("-"),
        ["sop", "formats\\.md"].join("-"),
        ["behaviour", "notes\\.md"].join("-"),
        ["design", "style\\.md"].join("/"),
        ["\\.\\.", "shared"].join("/"),
        ["spec", "§"].join(" "),
        // The design notes' numbering; the README's own table is cited as "README difference N".
        ["behaviou?r", "notes?", "\\d"].join(" "),
      ].join("|"),
      // A citation at a sentence's start, capitalised, is one all the same.
      "i",
    );
    const text = tracked.filter(
      (path) =>
        /\.(ts|tsx|js|cjs|md|css|sql|json|yml|yaml|sh)$|^\.ci\//.test(path) &&
        // An applied migration is never edited: its hash is recorded in every database it ran on.
        !/^drizzle\/.*\.sql$/.test(path),
    );
    expect(text.length).toBeGreaterThan(300);
    const citing = text.filter((path) => existsSync(path) && outside.test(read(path)));
    expect(citing).toEqual([]);
  });

  it("name the repository's own architecture document by its place", () => {
    // The architecture document's bare file name outside docs/ reads as the design notes'
    // document of that name, whose sections ("Performance budgets", "Data model") this
    // repository does not have.
    const bare = /(?<!docs\/)\barchitecture\.md/;
    const code = tracked.filter(
      (path) =>
        /\.(ts|tsx|js|cjs|css|sh)$|^\.ci\//.test(path) && existsSync(path) && !path.startsWith("docs/"),
    );
    expect(code.length).toBeGreaterThan(300);
    expect(code.filter((path) => bare.test(read(path)))).toEqual([]);
  });
});
